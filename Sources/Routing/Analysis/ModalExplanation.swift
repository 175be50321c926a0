/// Why a request planned from a state with modal layers is answered as it is: why a leg
/// of its route closes layers, why it detours to a guard's remedy, or why it has no
/// route (<doc:LayersAndDetours>, "Explanations").
///
/// ``RouteTable/explanation(_:from:)`` makes one; `routing route --explain` prints its
/// ``description`` after the route, or after the error when there is none.
public struct ModalExplanation: Hashable, Sendable, CustomStringConvertible {
  /// A leg of the route that closes layers, and what keeping each of them open would
  /// take.
  public struct Closing: Hashable, Sendable {
    /// The leg's milestone: a breadcrumb, the destination, or a detour's remedy.
    public let milestone: ScreenName
    /// The layers the leg closes, bottom first, as they were when the leg started.
    public let layers: [[Entry]]
    /// The number of the lowest of them among the layers open when the leg started,
    /// from 1 for the layer just above the base.
    public let firstLayer: Int
    /// The leg's cost: its number of steps, or on a table with costs the sum of its
    /// commands' costs (a dismiss and a select cost 1).
    public let cost: Int
    /// Per closed layer, bottom first: the least cost of a leg to ``milestone`` that
    /// keeps that layer (and every layer below it) open, or `nil` when no such leg
    /// exists. A cost equal to ``cost`` means the leg that closes it comes first among
    /// equals: its steps, read from the first, come first (a command before a dismiss,
    /// commands by number).
    public let keepingOpen: [Int?]
  }

  /// Why the route detours to a guard's remedy.
  public struct DetourCause: Hashable, Sendable {
    /// The guards that said no to the request, by name, each once, in the order of the
    /// first command each guards; a guard made without a name is left out.
    public let refusingGuards: [String]
    /// The first refused command taken by the route that allows the refused commands
    /// whose guards have a remedy: the route stops before it.
    public let command: Int
    /// That command's identifier, when it has one.
    public let commandID: String?
    /// The name of its guard, or `nil` for a guard made without one.
    public let guardName: String?
    /// The guard's remedy, where the route goes instead.
    public let remedy: ScreenName
    /// The number of steps of the route taken before that command: the detour's leg to
    /// the remedy starts after them.
    public let stepsBefore: Int
  }

  /// The legs of the route that close layers, in route order.
  public let closings: [Closing]
  /// Why the route detours, when it does.
  public let detour: DetourCause?
  /// Why there is no route, when there is none: the leg that cannot be planned, from the
  /// chain (the base's entries, then every layer's) it starts from. Its reached screens
  /// count the steps of the best way to close layers first, as the planner's leg does.
  public let failure: RouteExplanation?
  /// Whether the table has costs, so that ``description`` speaks of costs, not steps.
  public let hasCosts: Bool

  /// The explanation in lines, nothing when there is nothing to explain:
  ///
  /// ```
  /// the leg to Archive (2 steps) closes layer 1 (Compose):
  ///   keeping layer 1 (Compose) open: no route to Archive
  /// ```
  ///
  /// - Complexity: O(*c* · *n* + *g*), for *c* closings of layers of *n* entries in all
  ///   and *g* refusing guards, plus the failure's.
  public var description: String {
    var lines: [String] = []
    for closing in closings {
      let names = closing.layers.indices.map { layerName(closing, $0) }
      lines.append(
        "the leg to \(excerpt(closing.milestone)) (\(amount(closing.cost))) closes "
          + names.joined(separator: ", ") + ":")
      for (index, least) in closing.keepingOpen.enumerated() {
        let outcome: String
        switch least {
        case nil: outcome = "no route to \(excerpt(closing.milestone))"
        case closing.cost?:
          outcome =
            "\(amount(closing.cost)) as well, but the leg that closes it comes first among equals"
        case let least?: outcome = amount(least)
        }
        lines.append("  keeping \(layerName(closing, index)) open: \(outcome)")
      }
    }
    if let detour {
      let guards = detour.refusingGuards.map { "'\(excerpt($0))'" }.joined(separator: ", ")
      let command =
        detour.commandID.map { "commands[\(detour.command)] '\(excerpt($0))'" }
        ?? "commands[\(detour.command)]"
      let guardName = detour.guardName.map { "'\(excerpt($0))'" } ?? "its guard"
      lines.append(
        "detour: no route avoids the commands whose guards said no"
          + (guards.isEmpty ? "" : " (\(guards))") + "; the route through those with a remedy"
          + " takes \(command) after \(RouteExplanation.count(detour.stepsBefore, "step")),"
          + " and \(guardName) has the remedy \(excerpt(detour.remedy)): the route goes there"
          + " instead, and the request waits to be resumed")
    }
    if let failure { lines.append(failure.description) }
    return lines.joined(separator: "\n")
  }

  /// `layer 2 (Picker)`: a closed layer by its number and its first screen.
  private func layerName(_ closing: Closing, _ index: Int) -> String {
    let first = closing.layers[index].first.map { " (\(excerpt($0.screen)))" } ?? ""
    return "layer \(closing.firstLayer + index)\(first)"
  }

  /// `2 steps`, or `cost 2` on a table with costs.
  private func amount(_ cost: Int) -> String {
    hasCosts ? "cost \(cost)" : RouteExplanation.count(cost, "step")
  }
}
