import MHubTestSupport
import MatterCredentials
import MatterCrypto

/// A certificate authority for tests: issues Matter TLV operational certificates (RCAC, ICAC, NOC) with
/// keys drawn from seeds, in the shape CHIP's `ExampleOperationalCredentialsIssuer` gives them (Matter
/// reference §4.2: CA certificates with keyCertSign | cRLSign, NOCs with digitalSignature and serverAuth,
/// clientAuth; 20-byte key identifiers).
public struct TestCertificateAuthority: Sendable {
    /// 2023-01-01T00:00:00Z in Matter epoch seconds: the notBefore of every certificate issued here.
    public static let notBefore: UInt32 = 725_846_400

    public let key: P256KeyPair
    public let certificate: MatterCertificate

    public var tlv: [UInt8] {
        certificate.tlvEncoded
    }

    /// A self-signed root with matter-rcac-id `id` (and a matter-fabric-id, if given).
    public static func root(id: UInt64, fabricID: UInt64? = nil, seed: UInt64) throws -> TestCertificateAuthority {
        var random = SeededGenerator(seed: seed)
        let key = P256KeyPair.random(using: &random)
        let name = DistinguishedName([.matterRCACID(id)] + (fabricID.map { [.matterFabricID($0)] } ?? []))
        let keyID = keyIdentifier(key.publicKey)
        let certificate = try issue(
            subject: name, issuer: name, publicKey: key.publicKey, serial: random.next(),
            extensions: caExtensions(subjectKeyID: keyID, authorityKeyID: keyID), signer: key)
        return TestCertificateAuthority(key: key, certificate: certificate)
    }

    /// An intermediate CA with matter-icac-id `id`, issued by this authority.
    public func intermediate(id: UInt64, seed: UInt64) throws -> TestCertificateAuthority {
        var random = SeededGenerator(seed: seed)
        let key = P256KeyPair.random(using: &random)
        let certificate = try Self.issue(
            subject: DistinguishedName([.matterICACID(id)]), issuer: certificate.subject, publicKey: key.publicKey,
            serial: random.next(),
            extensions: Self.caExtensions(
                subjectKeyID: Self.keyIdentifier(key.publicKey), authorityKeyID: Self.keyIdentifier(self.key.publicKey)),
            signer: self.key)
        return TestCertificateAuthority(key: key, certificate: certificate)
    }

    /// An NOC for `nodeID` on `fabricID` (with CASE Authenticated Tags `cats`) holding `publicKey`, issued by
    /// this authority; `notAfter` 0 means no expiry.
    public func nodeCertificate(
        nodeID: UInt64, fabricID: UInt64, cats: [UInt32] = [], publicKey: P256Point, notAfter: UInt32 = 0
    ) throws -> [UInt8] {
        let extensions: [CertificateExtension] = [
            .basicConstraints(isCA: false, pathLength: nil), .keyUsage(.digitalSignature),
            .extendedKeyUsage([.serverAuth, .clientAuth]), .subjectKeyIdentifier(Self.keyIdentifier(publicKey)),
            .authorityKeyIdentifier(Self.keyIdentifier(key.publicKey)),
        ]
        let subject = DistinguishedName(
            [.matterNodeID(nodeID), .matterFabricID(fabricID)] + cats.map { .matterCASEAuthenticatedTag($0) })
        return try Self.issue(
            subject: subject, issuer: certificate.subject, publicKey: publicKey,
            serial: nodeID ^ fabricID, extensions: extensions, signer: key,
            notAfter: notAfter
        ).tlvEncoded
    }

    /// A key identifier: the SHA-1 of the public key (RFC 5280 §4.2.1.2 method 1, as CHIP's issuers make them).
    static func keyIdentifier(_ key: P256Point) -> [UInt8] {
        SHA1.hash(key.uncompressed)
    }

    static func caExtensions(subjectKeyID: [UInt8], authorityKeyID: [UInt8]) -> [CertificateExtension] {
        [
            .basicConstraints(isCA: true, pathLength: nil), .keyUsage([.keyCertSign, .cRLSign]),
            .subjectKeyIdentifier(subjectKeyID), .authorityKeyIdentifier(authorityKeyID),
        ]
    }

    static func issue(
        subject: DistinguishedName, issuer: DistinguishedName, publicKey: P256Point, serial: UInt64,
        extensions: [CertificateExtension], signer: P256KeyPair, notAfter: UInt32 = 0
    ) throws -> MatterCertificate {
        // A positive INTEGER's content octets: 0x01 and seven bytes of `serial`.
        let tbs = MatterCertificate(
            serialNumber: [0x01] + (0..<7).map { UInt8(truncatingIfNeeded: serial >> (8 * $0)) }, issuer: issuer,
            notBefore: notBefore, notAfter: notAfter,
            subject: subject, publicKey: publicKey.uncompressed, extensions: extensions, signature: [])
        return try MatterCertificate.signed(tbs, by: signer)
    }
}
