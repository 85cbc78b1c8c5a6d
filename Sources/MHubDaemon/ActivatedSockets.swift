import Foundation
import MHubConfiguration
import MHubPOSIX

/// The listening sockets a service manager passed to `mhubd` (socket activation, sd_listen_fds(3)),
/// sorted into control sockets (Unix, JSON lines) and WebSocket sockets (TCP).
struct ActivatedSockets {
    /// A passed Unix socket and the path it is bound to.
    struct Control {
        var fd: FileDescriptor
        var path: String
    }

    /// A passed TCP socket and where it listens.
    struct WebSocket {
        var fd: FileDescriptor
        var host: String
        var port: UInt16
        /// Only a loopback listener lets clients in without a token.
        var isLoopback: Bool

        /// `127.0.0.1:5580` or `[::1]:5580`, as a URL writes it.
        var authority: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
    }

    /// The `FileDescriptorName=` of the control socket unit (`systemd/mhubd.socket`).
    static let controlName = "control"
    /// The `FileDescriptorName=` of the WebSocket socket unit (`systemd/mhubd-websocket.socket`).
    static let webSocketName = "websocket"

    var control: [Control] = []
    var webSocket: [WebSocket] = []

    /// Takes over the sockets passed to this process; `nil` when none were.
    ///
    /// The variables are unset whatever they say, so that nothing this process starts takes the sockets
    /// for its own. Each descriptor becomes close-on-exec and non-blocking. One named `control` must be a
    /// listening Unix stream socket and one named `websocket` a listening TCP socket; any other name
    /// (systemd's default is the socket unit's name) is sorted by its address family.
    static func take(
        environment: [String: String] = ProcessInfo.processInfo.environment, processID: Int32 = getpid()
    ) throws(Daemon.StartError) -> ActivatedSockets? {
        defer {
            // Only those set: changing the environment while another thread reads it (Foundation's Process.run
            // copying it for a child) is a race, as a test process running daemons beside peers met in CI.
            for variable in SocketActivation.variables where getenv(variable) != nil {
                unsetenv(variable)
            }
        }
        let activation: SocketActivation?
        do {
            activation = try SocketActivation.parse(environment, processID: processID)
        } catch {
            throw Daemon.StartError(description: "socket activation: \(error)")
        }
        guard let activation, !activation.descriptors.isEmpty else { return nil }
        var sockets = ActivatedSockets()
        for descriptor in activation.descriptors {
            try? FileDescriptor(rawValue: descriptor.fd).setCloseOnExec()
            try sockets.add(descriptor)
        }
        return sockets
    }

    private mutating func add(_ descriptor: SocketActivation.Descriptor) throws(Daemon.StartError) {
        let label = "socket activation: descriptor \(descriptor.fd) (\(descriptor.name))"
        let fd = FileDescriptor(rawValue: descriptor.fd)
        guard fd.isListeningStream else {
            throw Daemon.StartError(description: "\(label) is not a listening stream socket")
        }
        let address: SocketAddress
        do {
            address = try fd.localAddress()
            try fd.setNonBlocking()
        } catch {
            throw Daemon.StartError(description: "\(label): \(error)")
        }
        switch (descriptor.name, address.unixPath, address.port) {
        case (Self.webSocketName, .some, _), (Self.controlName, nil, .some):
            throw Daemon.StartError(description: "\(label) is of the wrong kind: \(address)")
        case (_, .some(let path), _):
            control.append(Control(fd: fd, path: path))
        case (_, nil, .some(let port)):
            webSocket.append(
                WebSocket(fd: fd, host: address.numericHost() ?? "?", port: port, isLoopback: address.isLoopback))
        case (_, nil, nil):
            throw Daemon.StartError(
                description: "\(label) has address family \(address.family), not Unix or TCP")
        }
    }
}
