/// What to do with an HTTP request on the WebSocket listener.
public enum DashboardRoute: Sendable {
    /// The control protocol's endpoint (`/ws`): go on with the WebSocket handshake and its access checks.
    case webSocket
    /// A request for the page: send this response, then close.
    case respond(DashboardResponse)
}
