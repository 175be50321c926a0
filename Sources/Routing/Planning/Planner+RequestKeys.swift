/// The rules on a request's parameters that only a found route can decide
/// (<doc:HowRoutesArePlanned>, "Required parameters" and "Request keys"): the planner
/// checks them before it answers, so that the table never looks the route up again.
extension Planner {
  /// Whether ``checkParameters(of:along:)`` can fail for `request` on some route: only
  /// when the request has parameters, or a screen requires one (and only a screen that
  /// declares parameters requires one).
  ///
  /// - Complexity: O(1).
  func checksParameters(of request: Request) -> Bool {
    !request.parameters.isEmpty || anyRequiredParameter
  }

  /// Checks `request` against the route planned for it: every key is declared by the
  /// destination, a breadcrumb or a screen the route pushes, and every pushed screen has
  /// a value for each parameter it declares required.
  ///
  /// - Throws: ``RoutingError/undeclaredParameter(key:suggestion:)`` for the smallest
  ///   key that none of those screens declares, else
  ///   ``RoutingError/missingParameter(screen:key:)`` for the first pushed screen, in
  ///   route order, missing a required value (its first such key in declaration order).
  /// - Complexity: O(*s* · *p*) with keys, O(*s*) without, where *s* is the number of
  ///   steps and *p* the most parameters a screen declares.
  func checkParameters(of request: Request, along route: Route) throws(RoutingError) {
    if request.parameters.isEmpty {
      guard checksParameters(of: request) else { return }
      // By index: a loop over the steps copied each (three references).
      for index in route.steps.indices where route.steps[index].action != .pop {
        let screen = graph.destination[route.steps[index].command]
        if declaresParameters[Int(screen)] {
          try checkRequired(of: screen, in: request.parameters)
        }
      }
      return
    }
    let destinations = graph.destination
    let pushed = route.steps.lazy.filter { $0.action != .pop }.map { destinations[$0.command] }
    // The planner has checked that the destination and the breadcrumbs are screens.
    var concerned: [Int32] = []
    concerned.reserveCapacity(request.breadcrumbs.count + 1)
    for name in [request.destination] + request.breadcrumbs {
      if let number = screenIndex[name] { concerned.append(number) }
    }
    try checkKeys(request.parameters, declaredBy: concerned + pushed)
    for screen in pushed {
      try checkRequired(of: screen, in: request.parameters)
    }
  }

  /// Throws ``RoutingError/undeclaredParameter(key:suggestion:)`` for the smallest key
  /// of `parameters` that no screen of `screens` declares, suggesting the closest key
  /// they declare.
  ///
  /// - Complexity: O(*m* · *p* + *k*), where *m* is the number of screens, *p* the most
  ///   parameters one declares and *k* the number of keys; more when a key is undeclared.
  func checkKeys(_ parameters: Parameters, declaredBy screens: [Int32]) throws(RoutingError) {
    guard !parameters.isEmpty else { return }
    var undeclared = Set(parameters.keys)
    for screen in screens where !undeclared.isEmpty {
      for parameter in self.screens[Int(screen)].parameters {
        undeclared.remove(parameter.name)
      }
    }
    guard let key = undeclared.min() else { return }
    var declared: [String] = []
    var seen = Set<String>()
    for screen in screens {
      for parameter in self.screens[Int(screen)].parameters
      where seen.insert(parameter.name).inserted {
        declared.append(parameter.name)
      }
    }
    throw RoutingError.undeclaredParameter(
      key: key, suggestion: suggestion(for: key, among: declared))
  }

  /// Throws ``RoutingError/missingParameter(screen:key:)`` when `parameters` holds no
  /// value for a parameter that screen `screen` declares required (the first, in
  /// declaration order).
  ///
  /// - Complexity: O(*p*), where *p* is the number of parameters the screen declares.
  func checkRequired(of screen: Int32, in parameters: Parameters) throws(RoutingError) {
    let declaration = screens[Int(screen)]
    for parameter in declaration.parameters
    where parameter.required && parameters[parameter.name] == nil {
      throw RoutingError.missingParameter(screen: declaration.name, key: parameter.name)
    }
  }
}
