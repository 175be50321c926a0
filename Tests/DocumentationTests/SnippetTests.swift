import Foundation
import Testing

/// Every Swift block of the documentation is code this target compiles.
///
/// The files of this target hold the documents' code between markers:
///
///     // snippet NAME          starts a region
///     // snippet.hide          lines the documents do not show (checks, mostly)
///     // snippet.show          shows lines again
///     // snippet.end           ends the region
///
/// A Swift block of `README.md`, `CONTRIBUTING.md`, `Docs/*.md`, the DocC catalog's
/// articles or a doc comment (`///`) of `Sources/Routing` must equal one region's shown
/// lines, indentation removed; a package manifest (a block starting
/// `// swift-tools-version`) is the only exception, since it compiles only as a manifest.
/// Every region must be shown by some document, so the two never drift apart.
@Suite struct SnippetTests {
  /// A Swift block of a document.
  struct Block: CustomStringConvertible {
    let file: String
    let line: Int
    let code: String
    var description: String { "\(file):\(line)" }
  }

  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The documents whose Swift blocks must compile, as paths from the package root: the
  /// Markdown documents, then the library's Swift files, whose doc comments DocC shows on
  /// each symbol's page.
  static func documents() throws -> [String] {
    let manager = FileManager.default
    var paths = ["README.md", "CONTRIBUTING.md"]
    for folder in ["Docs", "Sources/Routing/Routing.docc"] {
      let names = try manager.contentsOfDirectory(
        atPath: packageRoot.appendingPathComponent(folder).path)
      paths += names.filter { $0.hasSuffix(".md") }.sorted().map { "\(folder)/\($0)" }
    }
    return paths + (try sourceFiles())
  }

  /// The Swift files of the library and of its JSON target, as paths from the package
  /// root. `RoutingTool` is package code that DocC does not show, so its examples are
  /// left out; the JSON target's examples are kept, as they were when it was a folder of
  /// the library.
  static func sourceFiles() throws -> [String] {
    var paths: [String] = []
    for folder in ["Sources/Routing", "Sources/RoutingJSON"] {
      let names = try FileManager.default.subpathsOfDirectory(
        atPath: packageRoot.appendingPathComponent(folder).path)
      paths += names.filter { $0.hasSuffix(".swift") }.sorted().map { "\(folder)/\($0)" }
    }
    return paths
  }

  static func read(_ path: String) throws -> String {
    try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  /// The Swift blocks of a document, without their fences: of a Markdown document, or of
  /// the doc comments of a Swift file.
  static func blocks(of path: String) throws -> [Block] {
    let lines = try read(path).split(separator: "\n", omittingEmptySubsequences: false)
    return blocks(in: path.hasSuffix(".swift") ? lines.map(documentation) : lines, of: path)
  }

  /// The text of a doc comment's line without its `///` and the space after it, or `nil`
  /// for a line that is not part of a doc comment.
  static func documentation(_ line: Substring) -> Substring? {
    let text = line.drop(while: { $0 == " " })
    guard text.hasPrefix("///") else { return nil }
    let comment = text.dropFirst(3)
    return comment.first == " " ? comment.dropFirst() : comment
  }

  /// The Swift blocks of a document's lines, `nil` standing for a line outside the
  /// document's text (a Swift file's code), which no block may span.
  static func blocks(in lines: [Substring?], of path: String) -> [Block] {
    var blocks: [Block] = []
    var open: (line: Int, lines: [Substring])?
    for (number, line) in lines.enumerated() {
      guard let line else {
        if let block = open {
          Issue.record("\(path):\(block.line): this Swift block has no closing fence")
          open = nil
        }
        continue
      }
      let fence = line.trimmingCharacters(in: .whitespaces)
      if var block = open {
        if fence == "```" {
          blocks.append(Block(file: path, line: block.line, code: dedented(block.lines)))
          open = nil
        } else {
          block.lines.append(line)
          open = block
        }
      } else if fence == "```swift" {
        open = (number + 1, [])
      }
    }
    if let block = open {
      Issue.record("\(path):\(block.line): this Swift block has no closing fence")
    }
    return blocks
  }

  /// The regions of this target's files, by name, with their shown lines.
  static func regions() throws -> [String: String] {
    let folder = packageRoot.appendingPathComponent("Tests/DocumentationTests")
    var regions: [String: String] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    where name.hasSuffix(".swift") {
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      var current: (name: String, lines: [Substring], shown: Bool)?
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        let marker = line.trimmingCharacters(in: .whitespaces)
        if marker.hasPrefix("// snippet ") {
          current = (String(marker.dropFirst("// snippet ".count)), [], true)
        } else if marker == "// snippet.end", let region = current {
          #expect(regions[region.name] == nil, "\(name): region '\(region.name)' is defined twice")
          regions[region.name] = dedented(region.lines)
          current = nil
        } else if marker == "// snippet.hide" {
          current?.shown = false
        } else if marker == "// snippet.show" {
          current?.shown = true
        } else if let region = current, region.shown {
          current?.lines.append(line)
        }
      }
      #expect(current == nil, "\(name): region '\(current?.name ?? "")' has no // snippet.end")
    }
    return regions
  }

  /// Lines without the indentation they all share, and without trailing blank lines.
  static func dedented(_ lines: [Substring]) -> String {
    var lines = lines
    while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
    let indent =
      lines.filter { !$0.allSatisfy(\.isWhitespace) }
      .map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
    return lines.map { $0.allSatisfy(\.isWhitespace) ? "" : String($0.dropFirst(indent)) }
      .joined(separator: "\n")
  }

  @Test func everySwiftBlockIsACompiledRegion() throws {
    let regions = Set(try Self.regions().values)
    var checked = 0
    var comments = 0
    for path in try Self.documents() {
      for block in try Self.blocks(of: path) where !block.code.hasPrefix("// swift-tools-version") {
        checked += 1
        if path.hasSuffix(".swift") { comments += 1 }
        if !regions.contains(block.code) {
          Issue.record(
            "\(block): this Swift block is not a region of Tests/DocumentationTests:\n\(block.code)"
          )
        }
      }
    }
    #expect(checked - comments >= 20, "the documents' Swift blocks were not found")
    #expect(comments >= 30, "the doc comments' Swift blocks were not found")
  }

  @Test func everyRegionIsShownByADocument() throws {
    var shown = Set<String>()
    for path in try Self.documents() {
      for block in try Self.blocks(of: path) { shown.insert(block.code) }
    }
    for (name, code) in try Self.regions() where !shown.contains(code) {
      Issue.record("region '\(name)' is shown by no document:\n\(code)")
    }
  }

  @Test func markersAreRead() {
    let lines: [Substring] = ["    let a = 1", "", "      a + 1", "  "]
    #expect(Self.dedented(lines) == "let a = 1\n\n  a + 1")
  }

  @Test func docCommentBlocksAreRead() {
    let file: [Substring] = [
      "/// A type.", "///", "/// ```swift", "/// let a = 1", "///", "///   a + 1", "/// ```",
      "struct A {", "  /// ```swift", "  /// let b = 2", "  /// ```", "  var b: Int",
    ]
    let blocks = Self.blocks(in: file.map(Self.documentation), of: "A.swift")
    #expect(blocks.map(\.description) == ["A.swift:3", "A.swift:9"])
    #expect(blocks.map(\.code) == ["let a = 1\n\n  a + 1", "let b = 2"])
    #expect(Self.documentation("  // not documentation") == nil)
  }
}
