import Foundation
import MHubConfiguration
import MHubControlServer
import MHubHub
import MHubPOSIX
import MHubProtocol

extension Daemon {
    /// Starts the control listeners.
    ///
    /// Sockets the service manager passed (socket activation) are used as they are, and for each kind
    /// (Unix control socket, WebSocket) that none was passed for, `mhubd` opens its own as the
    /// configuration says. So the socket units decide where a systemd-run `mhubd` listens, and the
    /// `control.unix_socket`/`control.tcp_*` keys only matter for the kinds they do not pass.
    func startListeners(service: HubService) throws {
        dispatchPrecondition(condition: .onQueue(queue))
        let control = configuration.control
        gate = ConnectionGate(limits: control, queue: queue, logger: logger)
        let activated = try ActivatedSockets.take() ?? ActivatedSockets()
        for socket in activated.control {
            addListener(
                fd: socket.fd, kind: .unix(path: socket.path, groupScope: ControlListener.unixGroupScope(control)),
                service: service, removesPathOnStop: false)
            unixSocketPath = socket.path
            logger.notice("listening on unix:\(socket.path) (passed by the service manager)")
        }
        for socket in activated.webSocket {
            addListener(
                fd: socket.fd,
                kind: .webSocket(
                    access: ControlListener.webSocketAccess(
                        control, isLoopback: socket.isLoopback, adminToken: adminToken)),
                service: service, removesPathOnStop: false)
            webSocketURL = "ws://\(socket.authority)/ws"
            logger.notice("listening on ws://\(socket.authority)/ws (passed by the service manager)")
        }

        if activated.control.isEmpty {
            let socketPath = control.unixSocketPath ?? RuntimePaths.defaultSocketPath
            try RuntimePaths.makeDirectory((socketPath as NSString).deletingLastPathComponent, mode: 0o755)
            let unixFD = try Sockets.listenUnix(path: socketPath, mode: mode_t(control.unixSocketMode))
            addListener(
                fd: unixFD, kind: .unix(path: socketPath, groupScope: ControlListener.unixGroupScope(control)),
                service: service, removesPathOnStop: true)
            unixSocketPath = socketPath
            logger.notice("listening on unix:\(socketPath)")
        }
        if activated.webSocket.isEmpty && control.tcpEnabled {
            let (tcpFD, port) = try Sockets.listenTCP(host: control.tcpHost, port: control.tcpPort)
            // Loopback is decided by the address bound, not by how the host was written.
            let isLoopback = (try? tcpFD.localAddress().isLoopback) ?? false
            addListener(
                fd: tcpFD,
                kind: .webSocket(
                    access: ControlListener.webSocketAccess(control, isLoopback: isLoopback, adminToken: adminToken)),
                service: service, removesPathOnStop: true)
            let host = control.tcpHost.contains(":") ? "[\(control.tcpHost)]" : control.tcpHost
            webSocketURL = "ws://\(host):\(port)/ws"
            logger.notice("listening on ws://\(host):\(port)/ws")
        }
    }

    private func addListener(
        fd: FileDescriptor, kind: ControlListener.Kind, service: HubService, removesPathOnStop: Bool
    ) {
        guard let gate, let poller else { return }
        let listener = ControlListener(
            fd: fd, kind: kind, adopt: { [unowned service] in service.adopt($0) }, gate: gate,
            configuration: configuration.control, queue: queue,
            poller: poller, logger: logger, nextID: { [unowned self] in nextConnectionID() })
        listener.removesPathOnStop = removesPathOnStop
        listeners.append(listener)
    }
}
