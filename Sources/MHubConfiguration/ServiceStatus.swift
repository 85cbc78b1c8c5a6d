/// The one-line summary `mhubd` reports as its `STATUS=` (shown by `systemctl status`).
public struct ServiceStatus: Equatable, Sendable {
    public var nodes: Int
    public var simulatedDevices: Int
    public var clients: Int
    /// The ID of the open commissioning session, if one is open.
    public var session: String?

    public init(nodes: Int, simulatedDevices: Int, clients: Int, session: String? = nil) {
        self.nodes = nodes
        self.simulatedDevices = simulatedDevices
        self.clients = clients
        self.session = session
    }

    /// E.g. `serving 3 nodes, 2 simulated devices, 1 client; commissioning session s1-4f2a open`.
    public var text: String {
        var text =
            "serving \(Self.count(nodes, "node")), \(Self.count(simulatedDevices, "simulated device")), "
            + Self.count(clients, "client")
        if let session {
            text += "; commissioning session \(session) open"
        }
        return text
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
    }
}
