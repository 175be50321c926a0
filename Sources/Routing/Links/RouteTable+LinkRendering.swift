extension RouteTable {
  /// Renders a stack as the link that leads to it: reading the link back gives the
  /// stack's screens as milestones and the parameters its entries hold.
  ///
  /// Each entry renders its screen's pattern with its captures filled from the entry's
  /// parameters, the entries joined by `/`, from the bottom of the stack (the whole
  /// stack is milestones: the bottom is the first breadcrumb). The declared parameters
  /// that the entries hold and no capture renders go to the query, keys sorted. Every
  /// segment, key and value is percent-encoded. Parameters an entry holds that its
  /// screen does not declare are not rendered.
  ///
  /// ```swift
  /// // Menu has no path; Profile declares .integer("userId"), path "profile/:userId".
  /// let link = try table.link(for: [Entry("Menu"), Entry("Profile", parameters: ["userId": 2])])
  /// // "Menu/profile/2"
  /// let request = try table.resolve(link)
  /// // Request(to: "Profile", via: ["Menu"], parameters: ["userId": 2])
  /// ```
  ///
  /// - Parameter stack: The stack, bottom first.
  /// - Returns: A link that ``resolve(_:strict:)`` reads as the request to `stack.last` through
  ///   every other entry, with the parameters the entries hold (equal to them once
  ///   converted to the kinds their screens declare).
  /// - Throws: ``LinkError`` of kind `emptyStack`; `unknownScreen` for an entry the
  ///   table does not know; `missingValue` for a capture whose entry holds no value or
  ///   an empty one; `invalidParameter` for a value that does not convert to a kind the
  ///   stack's screens declare for its key; `conflictingValues` for two entries holding
  ///   different values for one key; `tooLong` or `tooManySegments` when the link would
  ///   be too long to read; and `misread` when the link reads back as other screens
  ///   (a capture value that another pattern reads as a literal, say).
  /// - Complexity: O(*n* + *p* log *p* + *L*), where *n* is the depth of the stack, *p*
  ///   the number of parameters its entries hold (the query's keys are sorted) and *L*
  ///   the cost of reading the link back, as ``resolve(_:strict:)``.
  public func link(for stack: [Entry]) throws(LinkError) -> String {
    guard !stack.isEmpty else { throw LinkError(.emptyStack) }
    var numbers: [Int32] = []
    numbers.reserveCapacity(stack.count)
    for (position, entry) in stack.enumerated() {
      guard let number = screenIndex[entry.screen] else {
        throw LinkError(
          .unknownScreen(entry.screen, entry: position, suggestion: nearestScreen(to: entry.screen))
        )
      }
      numbers.append(number)
    }
    let kinds = declaredKinds(of: numbers)
    var path: [String] = []
    var captured: Set<String> = []
    var values = ValueCheck()
    var query: [String: String] = [:]
    for (position, entry) in stack.enumerated() {
      let screen = Int(numbers[position])
      for segment in links.pattern(ofScreen: screen) {
        switch segment {
        case .literal(let text):
          path.append(PercentEncoding.encode(text))
        case .capture(let key):
          guard let text = entry.parameters[key]?.description, !text.isEmpty else {
            throw LinkError(.missingValue(key: key, entry: position))
          }
          path.append(PercentEncoding.encode(text))
          captured.insert(key)
        }
      }
      for parameter in screens[screen].parameters {
        guard let text = entry.parameters[parameter.name]?.description else { continue }
        try values.add(text, for: parameter.name, kinds: kinds[parameter.name] ?? [])
        if query[parameter.name] == nil { query[parameter.name] = text }
      }
    }
    var link = path.joined(separator: "/")
    let items = query.filter { !captured.contains($0.key) }.sorted { $0.key < $1.key }
    if !items.isEmpty {
      link += "?"
      link += items.map { PercentEncoding.encode($0.key) + "=" + PercentEncoding.encode($0.value) }
        .joined(separator: "&")
    }
    // Read it back, checking the screens first, since the parameters of a misreading
    // would fail for reasons that hide the real one; then the request, which the checks
    // above make succeed (an error here would still be reported, not hidden).
    _ = try read(link, strict: false, expecting: numbers)
    return link
  }
}
