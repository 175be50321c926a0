extension RouteTable {
  /// `error`, made to name the guard that refused a command into the screen it could not
  /// reach, when it is ``RoutingError/unreachable(from:to:)`` and a guard refused one:
  /// the explanation of the request finds that command (see
  /// ``explanation(from:to:via:parameters:)``). Asked on the failure path only, so a
  /// route that is found costs nothing more.
  func namingRefusingGuard(
    _ error: RoutingError, of request: Request, from stack: [Entry]
  ) -> RoutingError {
    guard case .unreachable(let from, let to) = error, !graph.guardedCommands.isEmpty,
      let explanation = try? explanation(
        from: stack, to: request.destination, via: request.breadcrumbs,
        parameters: request.parameters),
      let blocked = explanation.commands.first(where: { $0.reason == .guardRefused }),
      let condition = commands[blocked.command].condition
    else { return error }
    let refusal = RoutingError.GuardRefusal(
      guardName: condition.name, command: blocked.command, commandID: blocked.commandID)
    return .refusedByGuard(from: from, to: to, refusal)
  }
}
