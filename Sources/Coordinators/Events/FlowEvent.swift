/// A value a coordinator sends up the tree with `flow.send(_:)`, for any ancestor that
/// registered a handler for its type (`onFlowEvent(_:perform:)`) to handle.
///
/// Declare one type per event, usually a small struct:
///
/// ```swift
/// struct MovieUpdated: FlowEvent { let movieID: Int }
/// ```
///
/// Handlers are matched by the event's exact type: a handler for `MovieUpdated` sees only
/// `MovieUpdated` events.
public protocol FlowEvent: Sendable {}
