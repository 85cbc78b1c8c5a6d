import Dispatch
import Foundation
import MHubConfiguration
import MHubDaemonRules
import MHubEventLoop
import MHubHub
import MHubPOSIX
import MHubProtocol

/// Accepts control-protocol clients on one listening socket, lets the `ConnectionGate` admit them, and hands
/// them on (`adopt`: the daemon's hub service).
///
/// - Important: Confined to the daemon's queue.
package final class ControlListener {
    package enum Kind {
        /// One JSON object per line; clients identified by their Unix credentials.
        case unix(path: String, groupScope: Scope)
        /// WebSocket at `/ws`; clients identified by token, or as loopback.
        case webSocket(access: WebSocketFraming.Access)
    }

    /// Who may do what; a reload (SIGHUP) replaces it for connections accepted from then on.
    var kind: Kind
    /// Whether `stop()` removes the socket file: not when the service manager made it (socket activation),
    /// since it keeps listening there for the next start.
    package var removesPathOnStop = true
    private var socket: ListeningSocket?
    private let adopt: (ControlConnection) -> Void
    private let gate: ConnectionGate
    private var configuration: ControlConfiguration
    private let nextID: () -> UInt64
    private let queue: DispatchQueue
    private let poller: ReadPoller

    package init(
        fd: FileDescriptor, kind: Kind, adopt: @escaping (ControlConnection) -> Void, gate: ConnectionGate,
        configuration: ControlConfiguration, queue: DispatchQueue, poller: ReadPoller, logger: Logger,
        nextID: @escaping () -> UInt64
    ) {
        self.kind = kind
        self.adopt = adopt
        self.gate = gate
        self.configuration = configuration
        self.queue = queue
        self.poller = poller
        self.nextID = nextID
        let label: String
        switch kind {
        case .unix(let path, _): label = "unix:\(path)"
        case .webSocket: label = "websocket"
        }
        let outOfDescriptors = ConnectionRefusal(
            kind: .tooManyConnections, details: "mhubd is out of file descriptors; try again later")
        let refusal: [UInt8]
        switch kind {
        case .unix: refusal = LineFraming(maximumBytes: 0).refusal(outOfDescriptors, handshakeAnswered: false)
        case .webSocket(let access):
            refusal = WebSocketFraming(maximumBytes: 0, access: access).refusal(
                outOfDescriptors, handshakeAnswered: false)
        }
        socket = ListeningSocket(
            fd: fd, label: label, queue: queue, poller: poller, logger: logger,
            accepted: { [weak self] client, address in self?.accepted(client, from: address) },
            shed: { client in refusal.withUnsafeBytes { _ = client.send($0, flags: Int32(MSG_DONTWAIT)) } })
    }

    package func stop() {
        socket?.stop()
        socket = nil
        if case .unix(let path, _) = kind, removesPathOnStop {
            unlink(path)
        }
    }

    private func accepted(_ fd: FileDescriptor, from address: SocketAddress) {
        let id = nextID()
        let connection: ControlConnection
        let principal: Principal?
        switch kind {
        case .unix(_, let groupScope):
            let uid = fd.peerUserID()
            let isAdmin = uid == 0 || uid == geteuid()
            let name = uid.map { String($0) } ?? "?"
            let info = ClientInfo(
                connectionID: id, principal: Principal("uid:\(name)"), scope: isAdmin ? .admin : groupScope,
                peer: "unix uid \(name) #\(id)")
            principal = info.principal
            connection = ControlConnection(
                id: id, fd: fd, framing: LineFraming(maximumBytes: configuration.maximumMessageBytes),
                client: info, peer: info.peer, maximumOutput: configuration.maximumOutputBytes, queue: queue,
                poller: poller)
        case .webSocket(let access):
            fd.disableNagle()
            principal = nil
            connection = ControlConnection(
                id: id, fd: fd,
                framing: WebSocketFraming(maximumBytes: configuration.maximumMessageBytes, access: access),
                client: nil, peer: address.text(), maximumOutput: configuration.maximumOutputBytes, queue: queue,
                poller: poller)
        }
        if let refusal = gate.accepted(connection, principal: principal) {
            connection.start()
            connection.refuse(refusal)
            return
        }
        adopt(connection)
    }
}
