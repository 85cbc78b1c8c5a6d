/// What a node advertises as `_matter._tcp` for each fabric it belongs to (reference A.3).
///
/// Records, as CHIP writes them (`Advertiser_ImplMinimalMdns.cpp` `Advertise(OperationalAdvertisingParameters)`):
/// - instance name: `<CompressedFabricId>-<NodeId>`, each 16 uppercase hex digits (`MakeInstanceName`);
///   fixed by specification, so a collision is reported rather than renamed;
/// - port: the secured port, 5540 by default;
/// - subtype: `_I<CompressedFabricId as 16 uppercase hex digits>`;
/// - TXT: `SII`, `SAI`, `SAT`, `T`, `ICD` only, each under `MatterCommonTXT`'s rules, so often none. CHIP's
///   minimal mDNS then writes a single `=` string because it cannot send an empty TXT record; Avahi sends the
///   empty TXT record of RFC 6763 section 6.1 (one zero-length string) instead.
public struct OperationalAdvertisement: Hashable, Sendable {
    /// The fabric's compressed identifier (reference A.3: HKDF-SHA256 over the root public key).
    public var compressedFabricID: UInt64
    /// The node's operational node ID on that fabric.
    public var nodeID: UInt64
    public var port: UInt16
    public var common: MatterCommonTXT

    public init(
        compressedFabricID: UInt64, nodeID: UInt64, port: UInt16 = MatterServiceType.securedPort,
        common: MatterCommonTXT = MatterCommonTXT()
    ) {
        self.compressedFabricID = compressedFabricID
        self.nodeID = nodeID
        self.port = port
        self.common = common
    }

    /// Operational node IDs: 1 up to `0xFFFF_FFEF_FFFF_FFFF` (CHIP `src/lib/core/NodeId.h`
    /// `kMaxOperationalNodeId`; 0 is `kUndefinedNodeId`, the rest are group, temporary and PAKE IDs).
    public static let operationalNodeIDs: ClosedRange<UInt64> = 1...0xFFFF_FFEF_FFFF_FFFF

    /// The service to publish, after checking every input.
    public func service() throws(DNSSDError) -> DNSSDService {
        guard Self.operationalNodeIDs.contains(nodeID) else {
            throw DNSSDError("nodeID", "0x\(uppercaseHex(nodeID, digits: 16)) is not an operational node ID")
        }
        guard compressedFabricID != 0 else {
            throw DNSSDError("compressedFabricID", "0 is kUndefinedCompressedFabricId (CHIP DataModelTypes.h)")
        }
        let service = DNSSDService(
            type: MatterServiceType.operational,
            instanceName: MatterInstanceName.operational(compressedFabricID: compressedFabricID, nodeID: nodeID),
            port: port, txt: try common.entries(), subtypes: ["_I\(uppercaseHex(compressedFabricID, digits: 16))"],
            collisionPolicy: .keepName)
        try service.validate()
        return service
    }
}
