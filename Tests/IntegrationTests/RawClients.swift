import Foundation
import MHubJSON
import MHubWebSocket

/// A raw Unix-socket client that writes bytes as they are and reads JSON lines, for malformed input.
final class RawLineClient {
    let fd: Int32
    private var buffer: [UInt8] = []

    init(path: String) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: Array(path.utf8))
            buffer[path.utf8.count] = 0
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else { throw TestFailure("connect \(path) failed") }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit {
        close(fd)
    }

    func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written <= 0 { return }
            offset += written
        }
    }

    func write(_ text: String) {
        write(Array(text.utf8))
    }

    /// The next JSON line, or `nil` at end of stream or timeout.
    func readMessage() -> JSONValue? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<newline])
                buffer.removeFirst(newline + 1)
                return try? JSONParser(maximumBytes: 1 << 26).parse(line)
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { return nil }
            buffer += chunk[0..<count]
        }
    }

    /// The next JSON line, or `nil` if none arrives within `seconds` (the receive timeout goes back to 10 s).
    func readMessage(timeoutSeconds seconds: Int) -> JSONValue? {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        defer {
            var normal = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &normal, socklen_t(MemoryLayout<timeval>.size))
        }
        return readMessage()
    }

    /// The next message that is not an event.
    func readReply() -> JSONValue? {
        while let message = readMessage() {
            if message["event"] == nil { return message }
        }
        return nil
    }
}

/// A raw TCP client for the WebSocket listener.
final class RawTCPClient {
    let fd: Int32
    private var decoder = WebSocketFrameDecoder(role: .client, maximumMessageSize: 1 << 26)

    init(port: UInt16) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else { throw TestFailure("connect 127.0.0.1:\(port) failed") }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit {
        close(fd)
    }

    func write(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress!, bytes.count, Int32(MSG_NOSIGNAL)) }
    }

    private func readChunk() -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        return count > 0 ? Array(chunk[0..<count]) : nil
    }

    /// Everything the server sends until it closes (or the timeout).
    func readAll() -> [UInt8] {
        var all: [UInt8] = []
        while let chunk = readChunk() {
            all += chunk
        }
        return all
    }

    /// Performs the client handshake; returns the HTTP response head.
    func handshake(path: String = "/ws", host: String = "127.0.0.1", headers: [(String, String)] = [])
        -> HTTPResponseHead?
    {
        var random = SystemRandomNumberGenerator()
        let key = WebSocketHandshake.randomKey(using: &random)
        write(WebSocketHandshake.clientRequest(host: host, path: path, key: key, headers: headers))
        var parser = HTTPHeadParser()
        while let chunk = readChunk() {
            parser.append(chunk)
            if let head = try? parser.nextResponse() {
                decoder.append(parser.takeRemainder())
                return head
            }
        }
        return nil
    }

    func sendText(_ text: String) {
        write(WebSocketFrameEncoder.encode(.text(text), role: .client, maskingKey: [1, 2, 3, 4]))
    }

    /// The next message from the server, or `nil` when it closes or breaks the protocol.
    func nextMessage() -> WebSocketMessage? {
        while true {
            do {
                if let message = try decoder.nextMessage() { return message }
            } catch {
                return nil
            }
            guard let chunk = readChunk() else { return nil }
            decoder.append(chunk)
        }
    }

    /// The next text message that is a reply (not an event or the server info), parsed.
    func nextReply() -> JSONValue? {
        while let message = nextMessage() {
            switch message {
            case .text(let text):
                guard let value = try? JSONParser().parse(text) else { continue }
                if value["event"] == nil && value["schema_version"] == nil { return value }
            case .close: return nil
            default: continue
            }
        }
        return nil
    }
}
