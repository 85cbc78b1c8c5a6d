import MatterCrypto

/// mhub's attestation authority for its simulated devices: one PAA, one PAI per vendor ID, and a DAC and CD issued
/// under them for each device. Unlike the hub's own chain (`AttestationIdentity.make`, made whole and thrown away
/// with its keys), the authority keeps its keys and is stored, so every device's chain ends in the same PAA, the one
/// a controller's trust store needs.
///
/// The PAA carries no vendor ID: Matter Core §6.2.2.2 (the DN attributes) makes a PAA's VID optional, and
/// `AttestationChain`, like CHIP's verifier, accepts a PAA without one (connectedhomeip's "Matter Test PAA",
/// `credentials/test/attestation/Chip-Test-PAA-NoVID-Cert.pem`, is one), so one PAA serves every vendor. Each PAI
/// carries its vendor's ID, since the controller requires the PAI's VID to be the DAC's (CHIP
/// `DefaultDeviceAttestationVerifier.cpp`).
///
/// A value: `issue` makes a vendor's PAI on first use and keeps it, so the caller compares before and after to know
/// what to store.
public struct AttestationAuthority: Hashable, Sendable {
    /// A CA certificate with its private key.
    public struct KeyedCertificate: Hashable, Sendable {
        /// The certificate, DER.
        public let certificate: [UInt8]
        /// Its key's 32-byte private scalar (a secret: keep it out of logs).
        public let privateKey: [UInt8]

        public init(certificate: [UInt8], privateKey: [UInt8]) {
            self.certificate = certificate
            self.privateKey = privateKey
        }
    }

    public static let paaCommonName = "mhub Devices PAA"
    public static let paiCommonName = "mhub Devices PAI"
    public static let dacCommonName = "mhub Device DAC"
    /// The devices' CD certificate ID: 19 characters (kCertificateIdLength), naming mhub's device declarations.
    public static let certificateID = "MHUB-MOCK-DEV-00001"

    public let paa: KeyedCertificate
    /// The PAIs by vendor ID.
    public private(set) var pais: [UInt16: KeyedCertificate]

    public init(paa: KeyedCertificate, pais: [UInt16: KeyedCertificate] = [:]) {
        self.paa = paa
        self.pais = pais
    }

    /// A new authority with a fresh PAA and no PAI yet: its key and serial number from `random`, valid from a day
    /// before `now` until 9999-12-31T23:59:59Z, as `AttestationIdentity.make` makes the hub's.
    public static func make(
        now: UTCDateTime, using random: inout some RandomNumberGenerator
    ) throws(CryptoError) -> AttestationAuthority {
        let key = P256KeyPair.random(using: &random)
        let name = paaName
        let certificate = try AttestationCertificateBuilder.certificate(
            kind: .paa, serialNumber: AttestationCertificateBuilder.serialNumber(using: &random), issuerName: name,
            issuerKey: key, subjectName: name, subjectKey: key.publicKey, notBefore: notBefore(now),
            notAfter: .noWellDefinedExpiration)
        return AttestationAuthority(paa: KeyedCertificate(certificate: certificate, privateKey: key.privateKey))
    }

    /// The PAI for `vendorID`: the one kept, or a new one (key and serial from `random`) signed by the PAA and kept.
    @discardableResult
    public mutating func intermediate(
        forVendor vendorID: UInt16, now: UTCDateTime, using random: inout some RandomNumberGenerator
    ) throws(CryptoError) -> KeyedCertificate {
        if let kept = pais[vendorID] { return kept }
        let key = P256KeyPair.random(using: &random)
        let certificate = try AttestationCertificateBuilder.certificate(
            kind: .pai, serialNumber: AttestationCertificateBuilder.serialNumber(using: &random),
            issuerName: Self.paaName, issuerKey: try P256KeyPair(privateKey: paa.privateKey),
            subjectName: Self.paiName(vendorID), subjectKey: key.publicKey, notBefore: Self.notBefore(now),
            notAfter: .noWellDefinedExpiration)
        let made = KeyedCertificate(certificate: certificate, privateKey: key.privateKey)
        pais[vendorID] = made
        return made
    }

    /// A device's attestation identity: a fresh DAC key and DAC (its VID and PID in the subject) under the vendor's
    /// PAI (made first if the authority has none for it), and a CD for the vendor, `[productID]` and
    /// `deviceTypeID` signed with the CHIP test CD key, as the hub's own.
    public mutating func issue(
        vendorID: UInt16, productID: UInt16, deviceTypeID: UInt32, now: UTCDateTime,
        using random: inout some RandomNumberGenerator
    ) throws(CryptoError) -> AttestationIdentity {
        let pai = try intermediate(forVendor: vendorID, now: now, using: &random)
        let key = P256KeyPair.random(using: &random)
        let dac = try AttestationCertificateBuilder.certificate(
            kind: .dac, serialNumber: AttestationCertificateBuilder.serialNumber(using: &random),
            issuerName: Self.paiName(vendorID), issuerKey: try P256KeyPair(privateKey: pai.privateKey),
            subjectName: AttestationCertificateBuilder.name(
                commonName: Self.dacCommonName, vendorID: vendorID, productID: productID),
            subjectKey: key.publicKey, notBefore: Self.notBefore(now), notAfter: .noWellDefinedExpiration)
        let declaration = try AttestationIdentity.signedDeclaration(
            vendorID: vendorID, productID: productID, deviceTypeID: deviceTypeID, certificateID: Self.certificateID)
        return AttestationIdentity(
            vendorID: vendorID, productID: productID, paa: paa.certificate, pai: pai.certificate, dac: dac,
            dacPrivateKey: key.privateKey, certificationDeclaration: declaration)
    }

    private static var paaName: [UInt8] {
        AttestationCertificateBuilder.name(commonName: paaCommonName, vendorID: nil, productID: nil)
    }

    private static func paiName(_ vendorID: UInt16) -> [UInt8] {
        AttestationCertificateBuilder.name(commonName: paiCommonName, vendorID: vendorID, productID: nil)
    }

    /// A day before `now`, so a controller whose clock is a little behind accepts the certificate.
    private static func notBefore(_ now: UTCDateTime) -> UTCDateTime {
        UTCDateTime(secondsSinceUnixEpoch: now.secondsSinceUnixEpoch - 86_400)
    }
}
