import MHubWebSocket

/// A blocking byte pipe to `mhubd` that speaks its framing.
///
/// `receive` is called from one thread at a time (the reader); `send` under the connection's write lock.
protocol ClientTransport: Sendable {
    func send(_ text: String) throws(MHubClientError)
    /// Blocks until at least one whole message arrives (or `deadline`, seconds on the monotonic clock, passes);
    /// throws at the end of the stream.
    func receive(deadline: Double?) throws(MHubClientError) -> [String]
    var fileDescriptor: Int32 { get }
    func shutdown()
}

/// Connects to `endpoint` in its framing (the WebSocket handshake done) before `deadline`; nothing is read after
/// that.
func connectTransport(to endpoint: MHubEndpoint, deadline: Double) throws(MHubClientError) -> any ClientTransport {
    switch endpoint {
    case .unix(let path):
        do {
            return LineTransport(
                handle: SocketHandle(fd: try ClientPlatform.connectUnix(path: path, deadline: deadline)))
        } catch {
            throw .connection("cannot connect to \(path) (is mhubd running?): \(error.text)")
        }
    case .webSocket(let host, let port, let path, let token):
        let fd: Int32
        do {
            fd = try ClientPlatform.connectTCP(host: host, port: port, deadline: deadline)
        } catch {
            throw .connection("cannot connect to \(host):\(port) (is mhubd running?): \(error.text)")
        }
        return try WebSocketTransport(
            handle: SocketHandle(fd: fd), host: host, port: port, path: path, token: token, deadline: deadline)
    }
}

/// Reads and writes a blocking socket; the descriptor is closed in `deinit`.
final class SocketHandle: @unchecked Sendable {
    // @unchecked: `fd` never changes; reads (and `readBuffer`) happen on one thread, writes under the caller's lock.
    let fd: Int32
    /// What `readSome` reads into, made once rather than a 64 KiB array made and zeroed for every read.
    private var readBuffer = [UInt8](repeating: 0, count: 65536)

    init(fd: Int32) {
        self.fd = fd
    }

    deinit {
        ClientPlatform.closeDescriptor(fd)
    }

    func writeAll(_ bytes: [UInt8]) throws(MHubClientError) {
        do {
            try ClientPlatform.writeAll(fd, bytes)
        } catch {
            throw .connection(error.text)
        }
    }

    /// What the socket has, once it has something before `deadline`.
    func readSome(deadline: Double?) throws(MHubClientError) -> [UInt8] {
        if let deadline, !ClientPlatform.waitFor(fd, events: ClientPlatform.readable, until: deadline) {
            throw .timeout("mhubd sent nothing in time")
        }
        let read = readBuffer.withUnsafeMutableBytes { raw in
            Result { () throws(ClientPlatform.Failure) in try ClientPlatform.readSome(fd, into: raw) }
        }
        let count: Int
        switch read {
        case .success(let value): count = value
        case .failure(let error): throw .connection(error.text)
        }
        guard count > 0 else { throw .connection("mhubd closed the connection") }
        return Array(readBuffer[0..<count])
    }

    func shutdown() {
        ClientPlatform.shutdownBoth(fd)
    }
}

/// The Unix socket: one JSON object per line.
final class LineTransport: ClientTransport, @unchecked Sendable {
    // @unchecked: `pending` is touched by the reading thread only.
    private let handle: SocketHandle
    private var pending: [UInt8] = []

    init(handle: SocketHandle) {
        self.handle = handle
    }

    var fileDescriptor: Int32 { handle.fd }

    func send(_ text: String) throws(MHubClientError) {
        try handle.writeAll(Array(text.utf8) + [UInt8(ascii: "\n")])
    }

    func receive(deadline: Double?) throws(MHubClientError) -> [String] {
        while true {
            if let newline = pending.lastIndex(of: UInt8(ascii: "\n")) {
                let complete = pending[...newline]
                pending = Array(pending[(newline + 1)...])
                return complete.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
            }
            pending += try handle.readSome(deadline: deadline)
        }
    }

    func shutdown() {
        handle.shutdown()
    }
}

/// TCP with a WebSocket (RFC 6455) client handshake, then masked text frames.
final class WebSocketTransport: ClientTransport, @unchecked Sendable {
    // @unchecked: `decoder` is touched by the reading thread only; `generator` under the write lock.
    private let handle: SocketHandle
    private var decoder = WebSocketFrameDecoder(role: .client, maximumMessageSize: 256 << 20)
    private var generator = SystemRandomNumberGenerator()

    var fileDescriptor: Int32 { handle.fd }

    init(handle: SocketHandle, host: String, port: UInt16, path: String, token: String?, deadline: Double)
        throws(MHubClientError)
    {
        self.handle = handle
        var random = SystemRandomNumberGenerator()
        let key = WebSocketHandshake.randomKey(using: &random)
        var headers: [(String, String)] = []
        if let token {
            headers.append(("Authorization", "Bearer \(token)"))
        }
        let hostHeader = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        try handle.writeAll(WebSocketHandshake.clientRequest(host: hostHeader, path: path, key: key, headers: headers))
        var parser = HTTPHeadParser()
        while true {
            parser.append(try handle.readSome(deadline: deadline))
            let response: HTTPResponseHead?
            do {
                response = try parser.nextResponse()
            } catch {
                throw .protocolViolation("bad handshake response: \(error)")
            }
            guard let response else { continue }
            if response.status != 101 {
                throw .connection("the WebSocket handshake was refused: \(response.status) \(response.reason)")
            }
            do {
                try WebSocketHandshake.validateServerResponse(response, key: key)
            } catch {
                throw .protocolViolation("bad handshake response: \(error)")
            }
            decoder.append(parser.takeRemainder())
            return
        }
    }

    func send(_ text: String) throws(MHubClientError) {
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try handle.writeAll(WebSocketFrameEncoder.encode(.text(text), role: .client, maskingKey: mask))
    }

    func receive(deadline: Double?) throws(MHubClientError) -> [String] {
        while true {
            var messages: [String] = []
            do {
                while let message = try decoder.nextMessage() {
                    switch message {
                    case .text(let text): messages.append(text)
                    case .binary(let bytes): messages.append(String(decoding: bytes, as: UTF8.self))
                    case .ping(let data):
                        let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
                        try handle.writeAll(WebSocketFrameEncoder.encode(.pong(data), role: .client, maskingKey: mask))
                    case .pong: break
                    case .close(let code, let reason):
                        if !messages.isEmpty { return messages }
                        throw MHubClientError.connection("mhubd closed the WebSocket (\(code ?? 1005)) \(reason)")
                    }
                }
            } catch let error as MHubClientError {
                throw error
            } catch {
                throw .protocolViolation("\(error)")
            }
            if !messages.isEmpty { return messages }
            decoder.append(try handle.readSome(deadline: deadline))
        }
    }

    func shutdown() {
        handle.shutdown()
    }
}
