/// Why ``Navigator/open(_:strict:)`` did not navigate: the link could not be read, what it
/// asks for could not be planned, or the route could not run.
public enum LinkNavigationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The link is malformed or names what the table does not have; nothing changed.
  case link(LinkError)
  /// The link was read, but its request could not be planned; nothing changed.
  case routing(RoutingError)
  /// The route was planned but could not run, for a reason of
  /// ``NavigationError`` other than ``NavigationError/routing(_:)``.
  case navigation(NavigationError)

  /// The underlying error's description.
  public var description: String {
    switch self {
    case .link(let error): "invalid link: \(error)"
    case .routing(let error): error.description
    case .navigation(let error): error.description
    }
  }
}

extension Navigator {
  /// Reads a deep link and navigates to what it names, in one call.
  ///
  /// The link is untrusted input: it can only set parameters that the screens it reads
  /// declare, typed as they declare them, and the navigation obeys guards like any
  /// other. It waits for its turn like ``go(_:viewModel:)``.
  ///
  /// ```swift
  /// try await navigator.open("myapp://folder/profile?userId=2")
  /// // Menu > Folder > Profile(userId: 2)
  /// ```
  ///
  /// - Parameters:
  ///   - link: The link, `[scheme://][/]path[?query][#fragment]`.
  ///   - strict: Whether a query item that no screen of the link declares is an error
  ///     rather than ignored (``RouteTable/read(_:strict:)``).
  /// - Returns: The route that ran.
  /// - Throws: ``LinkNavigationError``; the container is exactly as it was, unless
  ///   something else changed it mid-route (as for ``go(_:viewModel:)``).
  /// - Complexity: Reading as ``RouteTable/resolve(_:strict:)``, then as
  ///   ``go(_:viewModel:)``.
  @discardableResult
  public func open(_ link: String, strict: Bool = false) async throws(LinkNavigationError)
    -> Route
  {
    let request: Request
    do {
      request = try table.resolve(link, strict: strict)
    } catch {
      throw .link(error)
    }
    do {
      return try await go(request)
    } catch .routing(let error) {
      throw .routing(error)
    } catch {
      throw .navigation(error)
    }
  }
}
