/// What the hub knows of its own Matter node, from the Matter port's reports (not stored by the hub: the node
/// keeps the fabric table, and reports it at start): its fabrics, its secure sessions, the fail-safe's last
/// expiry. For `get_fabrics` and the operational DNS-SD records the main daemon builds on it.
public struct HubMatterState: Hashable, Sendable {
    /// A fabric the hub's node belongs to, as the node summarises it (no certificates, no keys).
    public struct Fabric: Hashable, Sendable {
        public var fabricIndex: UInt8
        public var vendorID: UInt16
        public var fabricID: UInt64
        /// The hub's operational node ID on it.
        public var nodeID: UInt64
        public var compressedFabricID: UInt64
        public var label: String
        /// False while it was added under a fail-safe that CommissioningComplete has not committed.
        public var isCommitted: Bool

        public init(
            fabricIndex: UInt8, vendorID: UInt16, fabricID: UInt64, nodeID: UInt64, compressedFabricID: UInt64,
            label: String, isCommitted: Bool
        ) {
            self.fabricIndex = fabricIndex
            self.vendorID = vendorID
            self.fabricID = fabricID
            self.nodeID = nodeID
            self.compressedFabricID = compressedFabricID
            self.label = label
            self.isCommitted = isCommitted
        }
    }

    /// A secure session of the node.
    public struct Session: Hashable, Sendable {
        public enum Kind: String, Hashable, Sendable {
            case pase
            case `case`
        }

        public var localSessionID: UInt16
        public var kind: Kind
        /// The accessing fabric (0 for a PASE session before AddNOC).
        public var fabricIndex: UInt8
        public var peerNodeID: UInt64
        /// The peer's address, as text.
        public var peer: String
        public var openedAt: Timestamp

        public init(
            localSessionID: UInt16, kind: Kind, fabricIndex: UInt8, peerNodeID: UInt64, peer: String,
            openedAt: Timestamp
        ) {
            self.localSessionID = localSessionID
            self.kind = kind
            self.fabricIndex = fabricIndex
            self.peerNodeID = peerNodeID
            self.peer = peer
            self.openedAt = openedAt
        }
    }

    public var fabrics: [Fabric] = []
    public var sessions: [UInt16: Session] = [:]
    /// When the fail-safe last expired (or was rolled back), if it did in this run.
    public var failSafeExpiredAt: Timestamp?

    public init() {}
}
