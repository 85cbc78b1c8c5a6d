/// Whole protocol messages to and from `mhubd` (or any server of its framing) on the calling thread, without
/// `MHubConnection`'s reader thread and reply matching: for load generators and benchmarks, which poll many
/// pipes from one thread and time each message themselves.
public final class MHubMessagePipe: Sendable {
    public let endpoint: MHubEndpoint
    let transport: any ClientTransport

    /// Connects (and for WebSocket, completes the handshake) within `timeout` seconds; the server's first message is
    /// left unread.
    public init(connectingTo endpoint: MHubEndpoint, timeout: Double = 10) throws(MHubClientError) {
        self.endpoint = endpoint
        transport = try connectTransport(to: endpoint, deadline: ClientPlatform.now() + timeout)
    }

    deinit {
        transport.shutdown()
    }

    /// The socket, for `poll`. `receive` returns every whole message it has read, so a pipe whose socket is
    /// not readable has nothing waiting.
    public var fileDescriptor: Int32 { transport.fileDescriptor }

    /// Sends one message (a line on the Unix socket, a masked text frame over WebSocket).
    public func send(_ text: String) throws(MHubClientError) {
        try transport.send(text)
    }

    /// Blocks until at least one whole message has arrived; returns every whole message read so far (answering
    /// WebSocket pings on the way).
    public func receive() throws(MHubClientError) -> [String] {
        try transport.receive(deadline: nil)
    }

    public func close() {
        transport.shutdown()
    }
}
