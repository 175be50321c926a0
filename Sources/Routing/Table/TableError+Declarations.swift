extension TableError {
  /// This error with the Swift declaration it is in: the command's identifier or the
  /// screen's name, and where it was declared.
  ///
  /// The declaration is the one that the location's first step numbers (`commands[2]`
  /// in `commands[2].from[0]`, `screens[1]` in `screens[1].path`), which is how
  /// compiling names every place in a declaration. An error whose location names no
  /// declaration is returned as it is. Only errors are named this way, so compiling a
  /// valid table pays nothing for it.
  ///
  /// - Parameters:
  ///   - screens: The declared screens, numbered as the locations number them.
  ///   - commands: The commands, numbered as the locations number them.
  /// - Returns: The error, naming its declaration.
  /// - Complexity: O(*n*), where *n* is the length of the location.
  func naming(
    declarationsIn screens: [Screen], _ commands: [any NavigationCommand]
  ) -> TableError {
    guard commandID == nil, screenName == nil, declaredAt == nil else { return self }
    if let number = Self.number(after: "commands[", in: location), commands.indices.contains(number)
    {
      let command = commands[number]
      let id = command.id.flatMap { $0.isEmpty ? nil : $0 }
      return TableError(
        kind, at: location, message, commandID: id, declaredAt: command.declaredAt,
        suggestion: suggestion)
    }
    if let number = Self.number(after: "screens[", in: location), screens.indices.contains(number) {
      let screen = screens[number]
      // An invalid name (empty, or with control characters) is better left unprinted.
      let name = screen.name.problem == nil ? screen.name : nil
      return TableError(
        kind, at: location, message, screenName: name, declaredAt: screen.declaredAt,
        suggestion: suggestion)
    }
    return self
  }

  /// The number in `prefix` *n* `]` at the start of `location`, or `nil`.
  private static func number(after prefix: String, in location: String) -> Int? {
    guard location.hasPrefix(prefix) else { return nil }
    let rest = location.dropFirst(prefix.count)
    guard let close = rest.firstIndex(of: "]") else { return nil }
    return Int(rest[..<close])
  }
}
