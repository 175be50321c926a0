/// A stack with modal layers open over it: what planning with layers starts from and
/// ends in (<doc:LayersAndDetours>).
///
/// A presenting command opens a **layer**, a stack of its own drawn over everything below
/// it. The **chain** is the base stack followed by every layer's entries, bottom first;
/// its last entry is the top, where commands apply.
///
/// ```swift
/// let state = ModalState(stack: [Entry("Inbox")], layers: [[Entry("Compose")]])
/// let again = try table.route(from: state, to: "Archive")
/// print(again)
/// // 1. dismiss
/// // 2. push Archive by archive
/// // state: Inbox > Archive
/// ```
public struct ModalState: Hashable, Sendable, CustomStringConvertible {
  /// What lies under the layers: a stack, or tabs.
  private enum Base: Hashable, Sendable {
    case stack([Entry])
    case tabs(TabState)
  }

  private var base: Base
  /// The open layers, bottom first, each a stack bottom first.
  public var layers: [[Entry]]

  /// Creates a state over a stack.
  ///
  /// - Parameters:
  ///   - stack: The base stack, bottom first; planning refuses an empty one.
  ///   - layers: The open layers, bottom first; planning refuses an empty layer.
  public init(stack: [Entry], layers: [[Entry]] = []) {
    self.base = .stack(stack)
    self.layers = layers
  }

  /// Creates a state over tabs: the layers cover the tab bar, so a route selects
  /// another tab only once every layer is closed.
  ///
  /// ```swift
  /// let state = ModalState(
  ///   tabs: TabState(selected: "Mail", stacks: ["Mail": [Entry("Inbox")]]),
  ///   layers: [[Entry("Compose")]])
  /// ```
  ///
  /// - Parameters:
  ///   - tabs: The selected tab and the tabs' stacks; a tab it gives no stack for stands
  ///     at its root.
  ///   - layers: The open layers over the selected tab, bottom first.
  public init(tabs: TabState, layers: [[Entry]] = []) {
    self.base = .tabs(tabs)
    self.layers = layers
  }

  /// The base stack, bottom first: over tabs, the selected tab's.
  public var stack: [Entry] {
    get {
      switch base {
      case .stack(let stack): stack
      case .tabs(let tabs): tabs.stack
      }
    }
    set {
      switch base {
      case .stack: base = .stack(newValue)
      case .tabs(var tabs):
        tabs.stacks[tabs.selected] = newValue
        base = .tabs(tabs)
      }
    }
  }

  /// The tabs under the layers, every tab's stack included, or `nil` for a state over
  /// a stack.
  public var tabs: TabState? {
    if case .tabs(let tabs) = base { tabs } else { nil }
  }

  /// The base's entries, then every layer's, bottom first.
  ///
  /// - Complexity: O(*n*), where *n* is the number of entries.
  public var chain: [Entry] { stack + layers.joined() }

  /// The state whose chain is `chain`, its layers starting at `layerStarts` (ascending,
  /// each after the base's first entry).
  ///
  /// - Complexity: O(*n*), where *n* is the number of entries.
  init(chain: [Entry], layerStarts: [Int]) {
    let end = layerStarts.first ?? chain.count
    base = .stack(Array(chain[..<end]))
    layers = layerStarts.indices.map { number in
      let end = number + 1 < layerStarts.count ? layerStarts[number + 1] : chain.count
      return Array(chain[layerStarts[number]..<end])
    }
  }

  /// Where each open layer starts in ``chain``.
  ///
  /// - Complexity: O(*k*), where *k* is the number of layers.
  var layerStarts: [Int] {
    var starts: [Int] = []
    var start = stack.count
    for layer in layers {
      starts.append(start)
      start += layer.count
    }
    return starts
  }

  /// The entry on top: the last of the top layer, or of the base when no layer is open.
  public var top: Entry? { layers.last?.last ?? stack.last }

  /// The base, then each layer after a `|`: `Inbox | Compose > Recipients | Picker`;
  /// over tabs, the tabs in brackets as ``TabState/description`` writes them:
  /// `[Mail: Inbox | Contacts: People] | Compose`.
  ///
  /// - Complexity: O(*n*), where *n* is the number of entries.
  public var description: String {
    let layers = layers.map(\.stackDescription)
    guard let tabs else { return ([stack.stackDescription] + layers).joined(separator: " | ") }
    return (["[\(tabs)]"] + layers).joined(separator: " | ")
  }
}

/// One step of a route that may close layers: a command's step, or a dismiss.
public enum ModalStep: Hashable, Sendable, CustomStringConvertible {
  /// A push, a pop (which closes every layer above the entry it goes back to) or a
  /// present (which opens a layer).
  case command(Step)
  /// The top layer closes, with every entry in it. No command is involved.
  case dismiss
  /// Over tabs, the tab with this name becomes the selected one; possible only with no
  /// layer open.
  case select(String)

  /// `dismiss`, `select Contacts`, or the command step in words (``Step/description``).
  public var description: String {
    switch self {
    case .command(let step): step.description
    case .dismiss: "dismiss"
    case .select(let tab): "select \(tab)"
    }
  }

  /// The command's step, or `nil` for a dismiss.
  public var commandStep: Step? {
    if case .command(let step) = self { step } else { nil }
  }
}

/// A route planned from a state with layers: its steps and the state they leave.
public struct ModalRoute: Hashable, Sendable, CustomStringConvertible {
  /// The steps, in order.
  public let steps: [ModalStep]
  /// The state after the last step.
  public let state: ModalState
  /// The detour this route is, or `nil` for a route to the request's destination: the
  /// steps lead to a guard's remedy, and the request waits as ``Detour/pending``.
  public let detour: Detour?

  /// Creates a route.
  ///
  /// - Parameters:
  ///   - steps: The steps in order.
  ///   - state: The state they leave.
  ///   - detour: The detour the route is, or `nil` for a route to the destination.
  public init(steps: [ModalStep], state: ModalState, detour: Detour? = nil) {
    self.steps = steps
    self.state = state
    self.detour = detour
  }

  /// Whether the route has no step (the request was already satisfied).
  public var isEmpty: Bool { steps.isEmpty }

  /// The command steps, in order, without the dismisses.
  ///
  /// - Complexity: O(*s*), where *s* is the number of steps.
  public var commandSteps: [Step] { steps.compactMap(\.commandStep) }

  /// The steps one a line and numbered, then the state, as ``Route/description`` prints
  /// a route.
  ///
  /// - Complexity: O(*s* + *n*), where *s* is the number of steps and *n* the number of
  ///   entries in the state.
  public var description: String {
    var lines = steps.enumerated().map { "\($0.offset + 1). \($0.element)" }
    if lines.isEmpty { lines.append("(already there)") }
    lines.append("state: \(state)")
    if let detour { lines.append("detour: \(detour)") }
    return lines.joined(separator: "\n")
  }
}

/// A route to a guard's remedy instead of the destination: no route avoids a guard that
/// refuses, but one would pass where a guard with a remedy refuses, so the route leads to
/// the remedy and the request waits (<doc:LayersAndDetours>).
///
/// ```swift
/// let route = try table.route(Request(to: "Account"), from: ModalState(stack: [Entry("Inbox")]))
/// if let detour = route.detour {
///   print(detour.remedy)  // Login
///   print(detour.pending.destination)  // Account
/// }
/// ```
public struct Detour: Hashable, Sendable, CustomStringConvertible {
  /// The name of the guard that refused (``RouteGuard/name``), or `nil` for a guard
  /// made without one.
  public let guardName: String?
  /// The guard's remedy, the screen the route leads to.
  public let remedy: ScreenName
  /// The request still to carry out once the remedy has done its work: the destination,
  /// the breadcrumbs whose legs had not ended where the guard refused, and the
  /// parameters.
  public let pending: Request

  /// Creates a detour.
  ///
  /// - Parameters:
  ///   - guardName: The refusing guard's name, or `nil`.
  ///   - remedy: The guard's remedy.
  ///   - pending: The request still to carry out.
  public init(guardName: String?, remedy: ScreenName, pending: Request) {
    self.guardName = guardName
    self.remedy = remedy
    self.pending = pending
  }

  /// `signedIn → Login, then to Account`.
  public var description: String {
    "\(guardName ?? "guard") → \(remedy), then \(pending)"
  }
}

extension ModalState {
  /// Applies one step of a route planned from this state: a push onto the top layer
  /// (or the base), a present opening a layer, a pop back to the entry at the step's
  /// depth closing every layer above it, a dismiss closing the top layer.
  ///
  /// ```swift
  /// var state = ModalState(stack: [Entry("Inbox")])
  /// for step in route.steps { state.apply(step) }  // state == route.state
  /// ```
  ///
  /// - Parameter step: A step of a route planned from this state; a pop deeper than the
  ///   chain, a dismiss with no layer open, and a select on a state over a stack are
  ///   programming errors, and a select names one of the state's tabs.
  /// - Complexity: O(*n*) for a pop, where *n* is the number of entries in the chain;
  ///   O(1) for a dismiss and amortized O(1) otherwise.
  public mutating func apply(_ step: ModalStep) {
    let command: Step
    switch step {
    case .command(let inner): command = inner
    case .dismiss:
      layers.removeLast()
      return
    case .select(let tab):
      guard case .tabs(var tabs) = base else { preconditionFailure("a select needs tabs") }
      tabs.selected = tab
      base = .tabs(tabs)
      return
    }
    switch command.action {
    case .pop:
      var starts = layerStarts
      var chain = self.chain
      chain.removeSubrange(command.depth...)
      while let last = starts.last, last >= command.depth { starts.removeLast() }
      let popped = ModalState(chain: chain, layerStarts: starts)
      stack = popped.stack
      layers = popped.layers
    case .present:
      layers.append([command.entry])
    case .push:
      if layers.isEmpty {
        stack.append(command.entry)
      } else {
        layers[layers.count - 1].append(command.entry)
      }
    }
  }
}
