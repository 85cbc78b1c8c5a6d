import MHubTestSupport
import MatterCredentials
import MatterCrypto
import MatterNode
import MatterSecureChannel

/// A fabric for CASE tests: a root, an intermediate, the hub's identity on it (NOC under the ICAC, as CHIP's
/// commissioners issue it) and a controller's (NOC straight under the root), with one IPK.
///
/// The IPK is derived as AddNOC's receiver derives it (Matter reference §4.3): the operational group key of
/// CHIP's default epoch key "temporary ipk 01" (`TestGroupData.h DefaultIpkValue`) and the compressed fabric ID.
public struct CASETestFabric: Sendable {
    public let root: TestCertificateAuthority
    public let intermediate: TestCertificateAuthority
    public let fabricID: UInt64
    /// The operational group key both sides use.
    public let ipk: [UInt8]
    /// The epoch key the IPK is derived from.
    public static let epochKey = Array("temporary ipk 01".utf8)
    /// What the hub's `CASEResponder` is given.
    public let hub: CASEFabric
    /// What a `CASEInitiator` on this fabric is given.
    public let controller: CASEFabric

    public init(
        index: UInt8, fabricID: UInt64, hubNodeID: UInt64, controllerNodeID: UInt64 = 112_233,
        controllerCATs: [UInt32] = [], seed: UInt64
    ) throws {
        root = try TestCertificateAuthority.root(id: seed, seed: seed)
        intermediate = try root.intermediate(id: seed + 1, seed: seed + 1)
        self.fabricID = fabricID
        var random = SeededGenerator(seed: seed + 2)
        ipk = try FabricKeys.operationalGroupKey(
            epochKey: Self.epochKey,
            compressedFabricID: FabricKeys.compressedFabricID(rootPublicKey: root.key.publicKey, fabricID: fabricID))
        let hubKey = P256KeyPair.random(using: &random)
        hub = try CASEFabric(
            fabricIndex: index, rcac: root.tlv, icac: intermediate.tlv,
            noc: intermediate.nodeCertificate(nodeID: hubNodeID, fabricID: fabricID, publicKey: hubKey.publicKey),
            ipk: ipk, operationalKey: hubKey)
        let controllerKey = P256KeyPair.random(using: &random)
        controller = try CASEFabric(
            fabricIndex: index, rcac: root.tlv, icac: nil,
            noc: root.nodeCertificate(
                nodeID: controllerNodeID, fabricID: fabricID, cats: controllerCATs, publicKey: controllerKey.publicKey),
            ipk: ipk, operationalKey: controllerKey)
    }

    /// The hub's side of this fabric as its fabric table stores it: an administrator ACL entry for the controller.
    public func record(vendorID: UInt16 = 0xFFF1, label: String = "") -> FabricRecord {
        FabricRecord(
            fabricIndex: hub.fabricIndex, rootCertificate: hub.rcac, intermediateCertificate: hub.icac,
            operationalCertificate: hub.noc, operationalPrivateKey: hub.operationalKey.privateKey,
            identityProtectionEpochKey: Self.epochKey, vendorID: vendorID, label: label,
            accessControl: [
                AccessControlEntry(
                    privilege: .administer, authMode: .case, subjects: [controller.nodeID], targets: nil,
                    fabricIndex: hub.fabricIndex)
            ])
    }

    /// A controller identity on the fabric of `root`: a fresh key, an NOC for `nodeID`, the IPK of `epochKey`.
    public static func credentials(
        rootedIn root: TestCertificateAuthority, fabricID: UInt64, nodeID: UInt64, epochKey: [UInt8], seed: UInt64
    ) throws -> CASEFabric {
        var random = SeededGenerator(seed: seed)
        let key = P256KeyPair.random(using: &random)
        let ipk = try FabricKeys.operationalGroupKey(
            epochKey: epochKey,
            compressedFabricID: FabricKeys.compressedFabricID(rootPublicKey: root.key.publicKey, fabricID: fabricID))
        return try CASEFabric(
            fabricIndex: 1, rcac: root.tlv, icac: nil,
            noc: root.nodeCertificate(nodeID: nodeID, fabricID: fabricID, publicKey: key.publicKey), ipk: ipk,
            operationalKey: key)
    }

    /// Credentials for a `CASEInitiator` to present instead of the controller's: an NOC issued by `issuer`
    /// (this fabric's root unless given) for `nodeID` on `fabricID`, with a fresh key.
    public func credentials(
        nodeID: UInt64, fabricID: UInt64? = nil, cats: [UInt32] = [], issuer: TestCertificateAuthority? = nil,
        notAfter: UInt32 = 0, seed: UInt64
    ) throws -> CASEInitiator.Credentials {
        var random = SeededGenerator(seed: seed)
        let key = P256KeyPair.random(using: &random)
        let noc = try (issuer ?? root).nodeCertificate(
            nodeID: nodeID, fabricID: fabricID ?? self.fabricID, cats: cats, publicKey: key.publicKey,
            notAfter: notAfter)
        return CASEInitiator.Credentials(noc: noc, icac: nil, operationalKey: key)
    }
}
