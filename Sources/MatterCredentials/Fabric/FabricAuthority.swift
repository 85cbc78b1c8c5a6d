import MatterCrypto

/// A fabric's root certificate authority, kept: its root key and self-signed RCAC, and the fabric's IPK epoch key.
/// mhub's own fabric has one, so a device on the network that mhub commissions holds a real NOC of mhub's fabric
/// beside its other controllers' (docs/matter.md, "Devices on the network").
///
/// Certificates as Matter Core Specification 6.5 shapes them (`MatterCertificate.issue`): the RCAC names the root
/// (matter-rcac-id) and the fabric (matter-fabric-id); a NOC names the node and the fabric, signed by the root
/// directly (no ICAC, as CHIP's `ExampleOperationalCredentialsIssuer` may issue).
public struct FabricAuthority: Hashable, Sendable {
    public let fabricID: UInt64
    /// The root's 32-byte private scalar (a secret).
    public let rootPrivateKey: [UInt8]
    /// The RCAC, Matter TLV.
    public let rootCertificate: [UInt8]
    /// The fabric's identity protection epoch key (16 bytes), what AddNOC's IPKValue carries.
    public let identityProtectionEpochKey: [UInt8]

    public init(
        fabricID: UInt64, rootPrivateKey: [UInt8], rootCertificate: [UInt8], identityProtectionEpochKey: [UInt8]
    ) {
        self.fabricID = fabricID
        self.rootPrivateKey = rootPrivateKey
        self.rootCertificate = rootCertificate
        self.identityProtectionEpochKey = identityProtectionEpochKey
    }

    /// A new authority for fabric `fabricID`: a fresh root key, its RCAC valid from `notBefore` (Matter epoch
    /// seconds) with no expiry, and a fresh IPK epoch key.
    public static func make(
        fabricID: UInt64, notBefore: UInt32, using random: inout some RandomNumberGenerator
    ) throws(CryptoError) -> FabricAuthority {
        let key = P256KeyPair.random(using: &random)
        let name = DistinguishedName([.matterRCACID(random.next() | 1), .matterFabricID(fabricID)])
        let root = try MatterCertificate.issue(
            .root, subject: name, subjectKey: key.publicKey, issuer: name, issuerKey: key,
            serialNumber: serialNumber(using: &random), notBefore: notBefore, notAfter: 0)
        return FabricAuthority(
            fabricID: fabricID, rootPrivateKey: key.privateKey, rootCertificate: root.tlvEncoded,
            identityProtectionEpochKey: random.bytes(count: 16))
    }

    /// The root's public key, for the compressed fabric ID.
    public func rootPublicKey() throws(CryptoError) -> P256Point {
        try P256KeyPair(privateKey: rootPrivateKey).publicKey
    }

    /// The fabric's compressed ID (Matter Core Specification 4.3.2.2), as its nodes' operational names carry it.
    public func compressedFabricID() throws(CryptoError) -> UInt64 {
        FabricKeys.compressedFabricID(rootPublicKey: try rootPublicKey(), fabricID: fabricID)
    }

    /// A NOC for `nodeID` on this fabric holding `publicKey`, valid from `notBefore` with no expiry.
    public func nodeCertificate(
        nodeID: UInt64, publicKey: P256Point, notBefore: UInt32, using random: inout some RandomNumberGenerator
    ) throws -> [UInt8] {
        let root = try MatterCertificate(tlv: rootCertificate)
        return try MatterCertificate.issue(
            .node, subject: DistinguishedName([.matterNodeID(nodeID), .matterFabricID(fabricID)]),
            subjectKey: publicKey, issuer: root.subject, issuerKey: try P256KeyPair(privateKey: rootPrivateKey),
            serialNumber: Self.serialNumber(using: &random), notBefore: notBefore, notAfter: 0
        ).tlvEncoded
    }

    /// 8 random bytes, a positive INTEGER of 8 bytes.
    private static func serialNumber(using random: inout some RandomNumberGenerator) -> [UInt8] {
        var bytes = random.bytes(count: 8)
        bytes[0] = bytes[0] & 0x7F | 0x01
        return bytes
    }
}
