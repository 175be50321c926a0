import Routing
import RoutingJSON

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a seeded random route-table file: `screens` screens named `S0`, `S1`, …, and
/// `commands` commands, each from one random screen to another (the format of
/// Docs/RouteTables.md, screens taken from the commands). Returns its path.
func writeLoadTable(screens: Int, commands: Int, seed: UInt64) -> String {
  var random = SplitMix(state: seed)
  var text: [UInt8] = []
  text.reserveCapacity(commands * 40)
  text.append(contentsOf: #"{"commands": ["#.utf8)
  for number in 0..<commands {
    let from = Int.random(in: 0..<screens, using: &random)
    let to = Int.random(in: 0..<screens, using: &random)
    if number > 0 { text.append(contentsOf: ",\n".utf8) }
    text.append(contentsOf: #"{"from": ["S\#(from)"], "to": "S\#(to)"}"#.utf8)
  }
  text.append(contentsOf: "]}\n".utf8)
  let path = "/tmp/routing-load-\(screens)-\(commands)-\(seed).json"
  if let file = fopen(path, "w") {
    _ = text.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
  }
  return path
}

/// A line of `/proc/self/status` in bytes, such as `VmHWM`, the peak resident set.
func statusBytes(_ field: String) -> Int {
  #if canImport(Glibc)
    guard let file = fopen("/proc/self/status", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
      let text = String(
        decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      guard text.hasPrefix(field + ":") else { continue }
      let digits = text.dropFirst(field.count + 1).filter { $0.isNumber }
      return (Int(String(digits)) ?? 0) * 1024
    }
  #endif
  return 0
}

/// Resets the peak resident set (`VmHWM`) to the current one, so that a figure read
/// afterwards is this stage's peak. Memory freed before is given back to the system
/// first, so that the stage cannot reuse it unseen.
func resetPeakResident() {
  #if canImport(Glibc)
    trimHeap()
    guard let file = fopen("/proc/self/clear_refs", "w") else { return }
    fputs("5", file)
    fclose(file)
  #endif
}

/// Gives memory that the allocator holds free back to the system.
func trimHeap() {
  #if canImport(Glibc)
    // glibc's `malloc_trim`, which the Swift module for Glibc does not declare.
    if let trim = dlsym(nil, "malloc_trim") {
      _ = unsafeBitCast(trim, to: (@convention(c) (Int) -> Int32).self)(0)
    }
  #endif
}

/// Figures for loading one table file.
struct LoadFigures {
  var fileBytes: Int
  var screens: Int
  var commands: Int
  var read: Duration
  /// Reading the JSON alone, strictly, building nothing (`JSONReader.skipValue()`).
  var scan: Duration
  var parse: Duration
  var compile: Duration
  /// `RouteTable(contentsOfFile:)` in one call.
  var whole: Duration
  /// The processor time of that call, in seconds.
  var wholeProcessor: Double = 0
  /// The peak resident set while loading, over the resident set before it.
  var peakBytes: Int
}

/// Loads a seeded random table from its file, in stages (read, parse into screens and
/// commands, compile), after loading it in one call and reading the peak resident set.
func benchmarkLoading(screens: Int, commands: Int, seed: UInt64) throws -> LoadFigures {
  let path = writeLoadTable(screens: screens, commands: commands, seed: seed)
  let clock = ContinuousClock()
  var figures = LoadFigures(
    fileBytes: 0, screens: 0, commands: 0, read: .zero, scan: .zero, parse: .zero, compile: .zero,
    whole: .zero, peakBytes: 0)
  resetPeakResident()
  let baseline = residentBytes()
  let began = clock.now
  let processorStart = processorSeconds()
  let whole = try RouteTable(contentsOfFile: path)
  figures.wholeProcessor = processorSeconds() - processorStart
  figures.whole = clock.now - began
  figures.peakBytes = statusBytes("VmHWM") - baseline
  do {
    let began = clock.now
    let bytes = try FileBytes.read(atPath: path)
    let read = clock.now
    let file = try RouteTableFile(json: bytes)
    let parsed = clock.now
    let table = try RouteTable(file: file)
    let compiled = clock.now
    figures.fileBytes = bytes.count
    figures.screens = table.screens.count
    figures.commands = table.commands.count
    figures.read = read - began
    figures.parse = parsed - read
    figures.compile = compiled - parsed
    let scanning = clock.now
    var reader = try JSONReader(bytes)
    try reader.skipValue()
    try reader.finish()
    figures.scan = clock.now - scanning
  }
  precondition(whole.commands.count == figures.commands)
  return figures
}

/// The loading figures as a Markdown table.
func describe(_ figures: LoadFigures) -> String {
  func ms(_ duration: Duration) -> String { format3(seconds(duration) * 1e3) + " ms" }
  let mib = { (value: Int) in format3(Double(value) / 1_048_576) + " MiB" }
  let ratio = format3(Double(figures.peakBytes) / Double(max(1, figures.fileBytes)))
  return """
    Loading a table file: \(figures.commands) commands, \(figures.screens) screens, \(mib(figures.fileBytes))
    | read | JSON alone | parse | compile | total | RouteTable(contentsOfFile:) | its processor time | peak RSS over baseline | peak / file size |
    |---:|---:|---:|---:|---:|---:|---:|---:|---:|
    | \(ms(figures.read)) | \(ms(figures.scan)) | \(ms(figures.parse)) | \(ms(figures.compile)) | \(ms(figures.read + figures.parse + figures.compile)) | \(ms(figures.whole)) | \(format3(figures.wholeProcessor * 1e3)) ms | \(mib(figures.peakBytes)) | \(ratio) |
    """
}

/// Refuses `megabytes` MiB of `{"commands": [[[[…`: the time and the peak resident set
/// over the one before, the file's bytes included.
func benchmarkHostileNesting(megabytes: Int) -> String {
  let count = megabytes * 1_048_576
  let clock = ContinuousClock()
  resetPeakResident()
  let baseline = residentBytes()
  var bytes = Array(#"{"commands": "#.utf8)
  bytes.reserveCapacity(bytes.count + count)
  bytes.append(contentsOf: repeatElement(UInt8(ascii: "["), count: count))
  let made = clock.now
  var outcome = "loaded"
  do {
    _ = try RouteTable(json: bytes)
  } catch {
    outcome = error.kind == .malformedJSON ? "refused: \(error.message)" : "\(error)"
  }
  let took = clock.now - made
  let peak = statusBytes("VmHWM") - baseline
  return
    "Hostile nesting: \(megabytes) MiB of '[' \(outcome) in \(format3(seconds(took) * 1e3)) ms, "
    + "peak RSS over baseline \(format3(Double(peak) / 1_048_576)) MiB (the file's bytes included)"
}

/// `RoutingBenchmarks load [COMMANDS]`: the loading figures alone, measured in a fresh
/// process whose peak resident set is loading's own.
func benchmarkLoadingMode(_ arguments: [String]) throws -> String {
  let commands = arguments.first.flatMap { Int($0) } ?? 1_000_000
  return describe(try benchmarkLoading(screens: commands / 10, commands: commands, seed: 42))
    + "\n" + benchmarkHostileNesting(megabytes: 50)
}
