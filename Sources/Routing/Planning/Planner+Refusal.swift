extension Planner {
  /// `error`, made to name the guard that stood in the way when it is
  /// ``RoutingError/unreachable(from:to:)`` and the table has guards: `replan` plans the
  /// same request with no guard asked, and the first step of that route whose command's
  /// guard says no to the request (about `stack`) is the refusal
  /// (``RoutingError/refusedByGuard(from:to:_:)``). A guard that refused a command no
  /// route would take is not named; when no route exists even without guards, `error`
  /// stays as it is. Asked on the failure path only, so a route that is found costs
  /// nothing more; the guards of the replanned route's commands are asked again there.
  ///
  /// - Complexity: One more plan, and O(*s*) guard calls at most, where *s* is the
  ///   number of steps of the replanned route.
  func namingRefusingGuard(
    _ error: RoutingError, of request: Request, from stack: [Entry],
    replan: () throws(RoutingError) -> [Step]
  ) -> RoutingError {
    guard !graph.guardedCommands.isEmpty, case .unreachable(let from, let to) = error,
      let steps = try? replan()
    else { return error }
    let context = GuardContext(request: request, stack: stack)
    for step in steps {
      guard let condition = commands[step.command].condition, !condition.allows(context)
      else { continue }
      let refusal = RoutingError.GuardRefusal(
        guardName: condition.name, command: step.command, commandID: step.commandID)
      return .refusedByGuard(from: from, to: to, refusal)
    }
    return error
  }
}
