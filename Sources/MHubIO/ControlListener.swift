import Dispatch
import Foundation
import MHubCore
import MHubHub

/// Accepts control-protocol clients on one listening socket and hands them to the `HubService`.
///
/// - Important: Confined to the daemon's queue.
final class ControlListener {
    enum Kind {
        /// One JSON object per line; clients identified by their Unix credentials.
        case unix(path: String, groupScope: Scope)
        /// WebSocket at `/ws`; clients identified by token, or as loopback.
        case webSocket(access: WebSocketFraming.Access)
    }

    let fd: Int32
    /// Who may do what; a reload (SIGHUP) replaces it for connections accepted from then on.
    var kind: Kind
    /// Whether `stop()` removes the socket file: not when the service manager made it (socket activation),
    /// since it keeps listening there for the next start.
    var removesPathOnStop = true
    private let source: any DispatchSourceRead
    private let service: HubService
    private let configuration: ControlConfiguration
    private let nextID: () -> UInt64
    private let queue: DispatchQueue

    init(
        fd: Int32, kind: Kind, service: HubService, configuration: ControlConfiguration, queue: DispatchQueue,
        nextID: @escaping () -> UInt64
    ) {
        self.fd = fd
        self.kind = kind
        self.service = service
        self.configuration = configuration
        self.queue = queue
        self.nextID = nextID
        source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        source.setEventHandler { [weak self] in self?.acceptAll() }
        source.setCancelHandler { [fd] in Glibc.close(fd) }
        source.resume()
    }

    func stop() {
        source.cancel()
        if case .unix(let path, _) = kind, removesPathOnStop {
            unlink(path)
        }
    }

    private func acceptAll() {
        while let client = Sockets.accept(fd) {
            let id = nextID()
            let connection: ControlConnection
            switch kind {
            case .unix(_, let groupScope):
                let uid = Sockets.peerUserID(client)
                let isAdmin = uid == 0 || uid == geteuid()
                let info = ClientInfo(
                    connectionID: id, principal: Principal("uid:\(uid.map { String($0) } ?? "?")"),
                    scope: isAdmin ? .admin : groupScope, peer: "unix uid \(uid.map { String($0) } ?? "?") #\(id)")
                connection = ControlConnection(
                    id: id, fd: client, framing: LineFraming(maximumBytes: configuration.maximumMessageBytes),
                    client: info, peer: info.peer, maximumOutput: configuration.maximumOutputBytes, queue: queue)
            case .webSocket(let access):
                Sockets.disableNagle(client)
                let peer = Sockets.peerName(client)
                connection = ControlConnection(
                    id: id, fd: client,
                    framing: WebSocketFraming(maximumBytes: configuration.maximumMessageBytes, access: access),
                    client: nil, peer: peer, maximumOutput: configuration.maximumOutputBytes, queue: queue)
            }
            service.adopt(connection)
        }
    }
}
