/// A fabric of the node as the hub is told of it (for `get_fabrics`, and the operational DNS-SD records): no
/// certificates, no keys.
public struct MatterFabricSummary: Hashable, Sendable {
    public var fabricIndex: UInt8
    public var vendorID: UInt16
    public var fabricID: UInt64
    /// The hub's operational node ID on the fabric.
    public var nodeID: UInt64
    public var compressedFabricID: UInt64
    public var label: String
    /// False while it was added under the armed fail-safe and CommissioningComplete has not committed it.
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
