/// The file and line of Swift source where a screen or command was declared.
///
/// ``Screen`` and ``Command`` record the place of the call that made them, so a
/// ``TableError`` can point at the line to fix, the way a compiler does. Tables read from
/// a route-table file have no declaration site: their errors name the place in the file.
///
/// Its description reads `App/Routes.swift:14`: the file's `#fileID` (the module, a
/// slash, and the file's name), a colon, and the line.
///
/// A declaration written inside a macro's argument, such as the closure given to
/// `#expect(throws:)`, is placed at the macro's line: Swift places the code a macro
/// expands at the macro.
public struct DeclarationSite: Hashable, Sendable, CustomStringConvertible {
  /// The file, as `#fileID` spells it: `App/Routes.swift`.
  public let fileID: String
  /// The line, counted from 1.
  public let line: Int

  /// Creates a declaration site; by default the place of the call.
  ///
  /// A custom ``NavigationCommand`` that records where it was declared passes on its
  /// own initializer's `#fileID` and `#line` defaults, which are its caller's place, and
  /// returns the site as ``NavigationCommand/declaredAt``.
  ///
  /// - Parameters:
  ///   - fileID: The file, as `#fileID` spells it; the caller's by default.
  ///   - line: The line; the caller's by default.
  public init(fileID: String = #fileID, line: Int = #line) {
    self.fileID = fileID
    self.line = line
  }

  /// `fileID:line`, such as `App/Routes.swift:14`.
  public var description: String { "\(fileID):\(line)" }
}
