import MatterCrypto

/// The hub's device attestation identity: its own PAA → PAI → DAC chain, the DAC's private key, and a
/// Certification Declaration for its VID/PID signed by the CHIP test CD signing key (matter-commissionee.md §2.4
/// setup B). A controller accepts it once the PAA is in its trust store.
public struct AttestationIdentity: Hashable, Sendable {
    public let vendorID: UInt16
    public let productID: UInt16
    /// The certificates, DER.
    public let paa: [UInt8]
    public let pai: [UInt8]
    public let dac: [UInt8]
    /// The DAC's 32-byte private key (a secret: keep it out of logs).
    public let dacPrivateKey: [UInt8]
    /// The signed CD: the CMS envelope's DER, as AttestationElements carry it.
    public let certificationDeclaration: [UInt8]

    /// The CD's device type: Aggregator (0x000E), what a bridge is (Matter Device Library §11.2).
    public static let deviceTypeID: UInt32 = 0x000E
    /// The CD's certificate ID: 19 characters, naming mhub's self-made declarations.
    public static let certificateID = "MHUB-MOCK-HUB-00001"

    public init(
        vendorID: UInt16, productID: UInt16, paa: [UInt8], pai: [UInt8], dac: [UInt8], dacPrivateKey: [UInt8],
        certificationDeclaration: [UInt8]
    ) {
        self.vendorID = vendorID
        self.productID = productID
        self.paa = paa
        self.pai = pai
        self.dac = dac
        self.dacPrivateKey = dacPrivateKey
        self.certificationDeclaration = certificationDeclaration
    }

    /// A fresh identity: three new P-256 keys and serial numbers from `random`, every certificate valid from a
    /// day before `now` (so a controller whose clock is a little behind, and the chain check at the DAC's
    /// notBefore, both pass) until 9999-12-31T23:59:59Z, RFC 5280's "no well-defined expiration".
    public static func make(
        vendorID: UInt16, productID: UInt16, now: UTCDateTime, using random: inout some RandomNumberGenerator
    ) throws(CryptoError) -> AttestationIdentity {
        let paaKey = P256KeyPair.random(using: &random)
        let paiKey = P256KeyPair.random(using: &random)
        let dacKey = P256KeyPair.random(using: &random)
        let notBefore = UTCDateTime(secondsSinceUnixEpoch: now.secondsSinceUnixEpoch - 86_400)
        let notAfter = UTCDateTime.noWellDefinedExpiration
        let paaName = AttestationCertificateBuilder.name(commonName: "mhub PAA", vendorID: vendorID, productID: nil)
        let paiName = AttestationCertificateBuilder.name(commonName: "mhub PAI", vendorID: vendorID, productID: nil)
        let dacName = AttestationCertificateBuilder.name(
            commonName: "mhub DAC", vendorID: vendorID, productID: productID)
        func serial() -> [UInt8] { AttestationCertificateBuilder.serialNumber(using: &random) }
        let paa = try AttestationCertificateBuilder.certificate(
            kind: .paa, serialNumber: serial(), issuerName: paaName, issuerKey: paaKey, subjectName: paaName,
            subjectKey: paaKey.publicKey, notBefore: notBefore, notAfter: notAfter)
        let pai = try AttestationCertificateBuilder.certificate(
            kind: .pai, serialNumber: serial(), issuerName: paaName, issuerKey: paaKey, subjectName: paiName,
            subjectKey: paiKey.publicKey, notBefore: notBefore, notAfter: notAfter)
        let dac = try AttestationCertificateBuilder.certificate(
            kind: .dac, serialNumber: serial(), issuerName: paiName, issuerKey: paiKey, subjectName: dacName,
            subjectKey: dacKey.publicKey, notBefore: notBefore, notAfter: notAfter)
        return AttestationIdentity(
            vendorID: vendorID, productID: productID, paa: paa, pai: pai, dac: dac, dacPrivateKey: dacKey.privateKey,
            certificationDeclaration: try signedDeclaration(vendorID: vendorID, productID: productID))
    }

    /// A CD for `vendorID` and `[productID]` signed with the CHIP test CD key (its CMS envelope's DER): a
    /// development declaration (certification type 0, version 1). The hub's carries the defaults; a simulated
    /// device's (`AttestationAuthority`) its own device type and certificate ID.
    static func signedDeclaration(
        vendorID: UInt16, productID: UInt16, deviceTypeID: UInt32 = deviceTypeID,
        certificateID: String = certificateID
    ) throws(CryptoError) -> [UInt8] {
        let declaration = CertificationDeclaration(
            vendorID: vendorID, productIDs: [productID], deviceTypeID: deviceTypeID, certificateID: certificateID,
            versionNumber: 1, certificationType: 0)
        let envelope = try CertificationDeclarationEnvelope(
            signing: declaration.tlvEncoded, with: TestCDSigningKey.keyPair,
            keyIdentifier: TestCDSigningKey.keyIdentifier)
        return envelope.der
    }

    /// The DAC's key pair.
    public func dacKeyPair() throws(CryptoError) -> P256KeyPair {
        try P256KeyPair(privateKey: dacPrivateKey)
    }

    /// Checks the identity as a controller would (§2.2): the chain at `time`, the DAC key against the DAC, the
    /// CD's signature by the test key, and the CD's VID/PID against the DAC's and the identity's.
    public func check(at time: UTCDateTime) throws(AttestationError) -> AttestationChain {
        let chain = try AttestationChain(paa: paa, pai: pai, dac: dac, at: time)
        guard (try? dacKeyPair().publicKey) == chain.dac.publicKey else {
            throw .invalidValue(field: "DAC private key", reason: "not the key of the DAC")
        }
        let envelope = try CertificationDeclarationEnvelope(der: certificationDeclaration)
        guard envelope.signerKeyIdentifier == TestCDSigningKey.keyIdentifier else {
            throw .invalidValue(field: "Certification Declaration", reason: "not signed by the test CD key")
        }
        let declaration = try envelope.verifiedDeclaration(signerPublicKey: TestCDSigningKey.keyPair.publicKey)
        guard declaration.formatVersion == 1, declaration.certificationType < 3,
            declaration.vendorID == vendorID, declaration.productIDs.contains(productID),
            chain.dac.vendorID == vendorID, chain.dac.productID == productID
        else { throw .invalidValue(field: "Certification Declaration", reason: "its VID/PID is not the DAC's") }
        return chain
    }
}
