import Foundation
import MHubJSON
import MHubProtocol

/// A connection to `mhubd`'s control protocol: calls with replies matched by `message_id`, and
/// events pushed by the hub.
///
/// A reader thread takes every message off the socket: replies complete their calls, events go to
/// the event handler and the `events` streams, in the order the hub sent them. Calls may be made from
/// any thread, blocking or `async`, and each has a timeout (`callTimeout` unless the call gives one).
/// A connection dropped without `close()` closes itself: its socket and reader thread go with it.
public final class MHubConnection: Sendable {
    /// The server-info message the hub sends on connect.
    public let serverInfo: JSONValue
    public let endpoint: MHubEndpoint
    /// Seconds a call waits for its reply unless it says otherwise.
    public let callTimeout: Double
    let core: ConnectionCore

    /// Connects and waits for the server-info message, giving up after `timeout` seconds (connecting, the
    /// WebSocket handshake and the server info together).
    public static func connect(to endpoint: MHubEndpoint, timeout: Double = 10, callTimeout: Double = 60)
        throws(MHubClientError) -> MHubConnection
    {
        let deadline = ClientPlatform.now() + timeout
        let transport = try connectTransport(to: endpoint, deadline: deadline)
        let first: [String]
        do {
            first = try transport.receive(deadline: deadline)
        } catch .timeout {
            throw .timeout("mhubd at \(endpoint) sent no server info in \(timeout) s")
        }
        guard let text = first.first, let info = try? JSONParser(maximumBytes: 1 << 26).parse(text),
            (try? ServerInfo(json: info)) != nil
        else {
            throw .protocolViolation("the hub did not start with its server info")
        }
        let core = ConnectionCore(transport: transport)
        core.startReader(backlog: Array(first.dropFirst()))
        return MHubConnection(endpoint: endpoint, core: core, serverInfo: info, callTimeout: callTimeout)
    }

    private init(endpoint: MHubEndpoint, core: ConnectionCore, serverInfo: JSONValue, callTimeout: Double) {
        self.endpoint = endpoint
        self.core = core
        self.serverInfo = serverInfo
        self.callTimeout = callTimeout
    }

    deinit {
        core.shutdown()
    }

    /// Closes the connection; pending calls fail with a connection error.
    public func close() {
        core.shutdown()
    }

    /// Sets the handler that receives every event on the reader thread (replacing an earlier one).
    ///
    /// - Important: a handler that holds the connection strongly keeps it (and its socket) alive until `close()`.
    public func setEventHandler(_ handler: (@Sendable (MHubEvent) -> Void)?) {
        core.setEventHandler(handler)
    }

    /// A stream of the events that arrive from now on; it finishes when the connection closes.
    public func events() -> AsyncStream<MHubEvent> {
        core.events()
    }

    /// Starts listening: the stream's first element is the whole current state (`.initial`, every node
    /// as OHF `MatterNodeData`), then every event as it happens (`.event`). The initial state is complete
    /// when it arrives: no change is lost between it and the first event.
    public func subscribe() throws(MHubClientError) -> AsyncStream<MHubUpdate> {
        try core.subscribe()
    }

    // MARK: calls

    /// Sends a command and blocks until its reply; a hub error is thrown as its `MHubClientError` case.
    public func call(_ command: HubCommand, _ args: [String: JSONValue] = [:], timeout: Double? = nil)
        throws(MHubClientError) -> JSONValue
    {
        try core.call(command.rawValue, args, timeout: timeout ?? callTimeout)
    }

    /// Sends a command and awaits its reply; a hub error is thrown as its `MHubClientError` case.
    public func call(_ command: HubCommand, _ args: [String: JSONValue] = [:], timeout: Double? = nil)
        async throws(MHubClientError) -> JSONValue
    {
        try await core.call(command.rawValue, args, timeout: timeout ?? callTimeout)
    }

    /// Sends a typed request and blocks until its reply, read into the request's reply type.
    public func send<Request: ProtocolRequest>(_ request: Request, timeout: Double? = nil) throws(MHubClientError)
        -> Request.Reply
    {
        try Self.read(Request.Reply.self, try call(Request.command, request.arguments, timeout: timeout))
    }

    /// Sends a typed request and awaits its reply, read into the request's reply type.
    public func send<Request: ProtocolRequest>(_ request: Request, timeout: Double? = nil)
        async throws(MHubClientError) -> Request.Reply
    {
        try Self.read(Request.Reply.self, try await call(Request.command, request.arguments, timeout: timeout))
    }

    /// A reply's result read into `type`; what does not fit is a protocol violation.
    static func read<Reply: ProtocolReply>(_ type: Reply.Type, _ result: JSONValue) throws(MHubClientError) -> Reply {
        do {
            return try Reply(json: result)
        } catch {
            throw .protocolViolation(error.description)
        }
    }

    /// Sends a command by name (any of docs/protocol.md, or one this version does not know) and blocks until its
    /// reply.
    public func call(_ command: String, _ args: [String: JSONValue] = [:], timeout: Double? = nil)
        throws(MHubClientError) -> JSONValue
    {
        try core.call(command, args, timeout: timeout ?? callTimeout)
    }

    /// Sends a command by name and awaits its reply.
    public func call(_ command: String, _ args: [String: JSONValue] = [:], timeout: Double? = nil)
        async throws(MHubClientError) -> JSONValue
    {
        try await core.call(command, args, timeout: timeout ?? callTimeout)
    }

    /// Blocks until the connection is closed (by either side); returns the reason.
    @discardableResult
    public func waitUntilClosed() -> MHubClientError {
        core.waitUntilClosed()
    }

    /// Why the connection closed, once it has.
    public var failure: MHubClientError? { core.failure }
}
