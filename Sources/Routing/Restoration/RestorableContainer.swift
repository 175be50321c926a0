/// A container whose state can be saved to a ``NavigationSnapshot`` and restored from one.
///
/// ``StackContainer`` and ``DrillDownContainer`` conform. Restoring is all-or-nothing:
/// the new screens are all made before any is shown, and a failure leaves the container
/// as it was. When a ``Navigator`` drives the container, save and restore through
/// ``Navigator/snapshot()->NavigationSnapshot`` and ``Navigator/restore(_:)-(NavigationSnapshot)``, which wait for the navigation
/// in progress to finish.
@MainActor
public protocol RestorableContainer: NavigationContainer {
  /// Saves the restorable screens, bottom first.
  ///
  /// - Parameter table: The route table that knows the screens' restoration identifiers.
  /// - Returns: The snapshot.
  func snapshot(using table: RouteTable) -> NavigationSnapshot

  /// Replaces every screen with those of a snapshot.
  ///
  /// - Parameters:
  ///   - snapshot: The snapshot to restore.
  ///   - table: The route table that resolves its restoration identifiers.
  /// - Throws: ``RestorationError``; the container is as it was.
  func restore(_ snapshot: NavigationSnapshot, using table: RouteTable) throws(RestorationError)
}

/// A container whose tabs can be saved to a ``TabSnapshot`` and restored from one.
///
/// ``TabContainer`` conforms, and a ``ModalPresenter`` over one, whose snapshot adds the
/// layers over the selected tab (``TabSnapshot/layers``). Restoring is all-or-nothing, as
/// for a ``RestorableContainer``. When a ``Navigator`` drives the container, save and
/// restore through ``Navigator/snapshot()->TabSnapshot`` and
/// ``Navigator/restore(_:)-(TabSnapshot)``, which wait for the navigation in progress to
/// finish.
@MainActor
public protocol RestorableTabContainer: NavigationContainer {
  /// Saves every tab's restorable screens and the selection.
  ///
  /// - Parameter table: The route table that knows the tabs and the screens' restoration
  ///   identifiers.
  /// - Returns: The snapshot.
  func snapshot(using table: RouteTable) -> TabSnapshot

  /// Replaces every tab's screens and the selection with those of a snapshot.
  ///
  /// - Parameters:
  ///   - snapshot: The snapshot to restore.
  ///   - table: The route table that resolves its tabs and restoration identifiers.
  /// - Throws: ``RestorationError``; the container is as it was.
  func restore(_ snapshot: TabSnapshot, using table: RouteTable) throws(RestorationError)
}
