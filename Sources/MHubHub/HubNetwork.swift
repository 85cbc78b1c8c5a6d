import MHubConfiguration

/// Where the hub is on the network, as the daemon found it at start: its mDNS host name, the Matter port it
/// bound and its interfaces' addresses. Not stored: it describes this run. The OHF commands that ask where a
/// node is (`discover`, `get_node_ip_addresses`, `ping_node`) answer from it, since every device of the hub is
/// served by the hub itself.
public struct HubNetwork: Hashable, Sendable {
    public struct Address: Hashable, Sendable {
        /// Numeric, without a scope: `192.168.1.20`, `fe80::1`.
        public var ip: String
        /// The interface, for link-local addresses that need a scope (`fe80::1%eth0`).
        public var interface: String?
        public var isLinkLocal: Bool

        public init(ip: String, interface: String?, isLinkLocal: Bool) {
            self.ip = ip
            self.interface = interface
            self.isLinkLocal = isLinkLocal
        }

        /// The address, with `%interface` for a link-local one when `scoped`.
        public func text(scoped: Bool) -> String {
            guard scoped, isLinkLocal, let interface else { return ip }
            return "\(ip)%\(interface)"
        }
    }

    /// `host.local.`, or `nil` while unknown.
    public var hostName: String?
    /// The Matter port bound, or `nil` when the port is off.
    public var matterPort: UInt16?
    public var addresses: [Address]

    public init(hostName: String?, matterPort: UInt16?, addresses: [Address]) {
        self.hostName = hostName
        self.matterPort = matterPort
        self.addresses = addresses
    }

    public static let unknown = HubNetwork(hostName: nil, matterPort: nil, addresses: [])
}

extension Hub {
    /// The daemon found where the hub is on the network.
    public mutating func networkKnown(_ network: HubNetwork) -> HubOutcome {
        run.network = network
        return HubOutcome()
    }
}
