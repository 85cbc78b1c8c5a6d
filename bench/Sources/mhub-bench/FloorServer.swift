import Foundation
import MHubPOSIX
import MHubWebSocket

/// The floor every figure is compared with: the least a server of this protocol can do on this machine.
///
/// One thread and `poll`, the two framings of the control protocol (a line per message on a Unix socket, a text
/// frame per message over WebSocket), and no work at all: a short server-info message on connect, every message
/// echoed back as its own reply. A message that names `start_listening` makes its connection a listener; one
/// that names `device_command` also sends one `attribute_updated` event to every listener, so fan-out has a
/// floor too.
final class FloorServer {
    private struct Client {
        var webSocket: Bool
        /// Until the WebSocket handshake is done.
        var head: HTTPHeadParser?
        var frames = WebSocketFrameDecoder(role: .server, maximumMessageSize: 1 << 20)
        var lineBuffer: [UInt8] = []
        var output: [UInt8] = []
        var listening = false
    }

    static let serverInfo = #"{"schema_version":11,"min_supported_schema_version":11,"sdk_version":"floor"}"#
    static let event = #"{"event":"attribute_updated","data":[1,"1/6/0",true]}"#

    private var clients: [Int32: Client] = [:]
    private let tcpListener: Int32
    private let unixListener: Int32
    /// The WebSocket listener's port, the kernel's choice when asked for 0.
    let tcpPort: UInt16

    init(tcpPort: UInt16, unixPath: String) throws {
        let (listener, port) = try Sockets.listenTCP(host: "127.0.0.1", port: tcpPort)
        tcpListener = listener.rawValue
        self.tcpPort = port
        unixListener = try Sockets.listenUnix(path: unixPath, mode: 0o600).rawValue
    }

    /// Writes `{"pid": …, "websocket_url": …}` to `path` once listening, whole (a temporary name, renamed), as
    /// `mhubd --ready-file` does: the floor of a start-up measured until the ready file appears.
    func announce(to path: String) throws {
        let text = #"{"pid":\#(getpid()),"websocket_url":"ws://127.0.0.1:\#(tcpPort)/ws"}"# + "\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func run() -> Never {
        while true {
            var descriptors = [
                pollfd(fd: tcpListener, events: Int16(POLLIN), revents: 0),
                pollfd(fd: unixListener, events: Int16(POLLIN), revents: 0),
            ]
            for (fd, client) in clients {
                let events = POLLIN | (client.output.isEmpty ? 0 : POLLOUT)
                descriptors.append(pollfd(fd: fd, events: Int16(events), revents: 0))
            }
            guard poll(&descriptors, nfds_t(descriptors.count), -1) > 0 else { continue }
            for descriptor in descriptors where descriptor.revents != 0 {
                if descriptor.fd == tcpListener || descriptor.fd == unixListener {
                    accept(from: descriptor.fd)
                } else {
                    if descriptor.revents & Int16(POLLOUT) != 0 { flush(descriptor.fd) }
                    if descriptor.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { read(descriptor.fd) }
                }
            }
        }
    }

    private func accept(from listener: Int32) {
        while case .success(let (client, _)) = FileDescriptor(rawValue: listener).accept() {
            let fd = client.rawValue
            if listener == tcpListener {
                client.disableNagle()
                clients[fd] = Client(webSocket: true, head: HTTPHeadParser())
            } else {
                clients[fd] = Client(webSocket: false)
                send(Self.serverInfo, to: fd)
            }
        }
    }

    private func read(_ fd: Int32) {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        if count < 0 && (errno == EAGAIN || errno == EINTR) { return }
        guard count > 0, var client = clients[fd] else { return drop(fd) }
        let bytes = chunk[0..<count]
        var messages: [String] = []
        if !client.webSocket {
            client.lineBuffer += bytes
            while let newline = client.lineBuffer.firstIndex(of: UInt8(ascii: "\n")) {
                messages.append(String(decoding: client.lineBuffer[..<newline], as: UTF8.self))
                client.lineBuffer.removeSubrange(...newline)
            }
        } else if var head = client.head {
            head.append(bytes)
            guard let request = try? head.nextRequest() else {
                client.head = head
                clients[fd] = client
                return
            }
            guard case .accept(let response) = WebSocketHandshake.serverResponse(to: request, path: "/ws") else {
                return drop(fd)
            }
            client.head = nil
            client.frames.append(head.takeRemainder())
            clients[fd] = client
            enqueue(response, to: fd)
            send(Self.serverInfo, to: fd)
            client = clients[fd]!
        } else {
            client.frames.append(bytes)
        }
        if client.webSocket && client.head == nil {
            while let message = try? client.frames.nextMessage() {
                if case .text(let text) = message { messages.append(text) }
                if case .close = message { return drop(fd) }
            }
        }
        for message in messages where message.contains("start_listening") {
            client.listening = true
        }
        clients[fd] = client
        for message in messages {
            if message.contains("device_command") {
                for (listener, other) in clients where other.listening {
                    send(Self.event, to: listener)
                }
            }
            send(message, to: fd)
        }
    }

    private func send(_ text: String, to fd: Int32) {
        guard let client = clients[fd] else { return }
        let bytes =
            client.webSocket
            ? WebSocketFrameEncoder.encode(.text(text), role: .server) : Array(text.utf8) + [UInt8(ascii: "\n")]
        enqueue(bytes, to: fd)
    }

    private func enqueue(_ bytes: [UInt8], to fd: Int32) {
        clients[fd]?.output += bytes
        flush(fd)
    }

    private func flush(_ fd: Int32) {
        guard var client = clients[fd], !client.output.isEmpty else { return }
        let written = client.output.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if written > 0 {
            client.output.removeFirst(written)
        } else if errno != EAGAIN && errno != EINTR {
            return drop(fd)
        }
        clients[fd] = client
    }

    private func drop(_ fd: Int32) {
        clients[fd] = nil
        close(fd)
    }
}
