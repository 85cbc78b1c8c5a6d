import MatterCrypto

/// The Certification Declaration signing key connectedhomeip publishes for tests: public test data, not a secret.
///
/// Source: project-chip/connectedhomeip `credentials/test/certification-declaration/Chip-Test-CD-Signing-Key.pem`
/// (its certificate is `Chip-Test-CD-Signing-Cert.pem` beside it; the same key pair is `sTestCMS_SignerSerializedKeypair`
/// in `src/credentials/tests/TestCertificationDeclaration.cpp`). Controllers built from connectedhomeip trust a CD
/// it signed because `DeviceAttestationVerifier` enables the test key by default (`gCdSigningKeys` in
/// `DefaultDeviceAttestationVerifier.cpp` lists it under this key identifier).
public enum TestCDSigningKey {
    /// The private scalar of the PEM (SEC 1 ECPrivateKey, bytes 7..<39).
    static let privateKey: [UInt8] = [
        0xAE, 0xF3, 0x48, 0x41, 0x16, 0xE9, 0x48, 0x1E, 0xC5, 0x7B, 0xE0, 0x47, 0x2D, 0xF4, 0x1B, 0xF4,
        0x99, 0x06, 0x4E, 0x50, 0x24, 0xAD, 0x86, 0x9E, 0xCA, 0x5E, 0x88, 0x98, 0x02, 0xD4, 0x80, 0x75,
    ]

    /// The key identifier controllers look the key up by: the subject key identifier of its certificate.
    public static let keyIdentifier: [UInt8] = [
        0x62, 0xFA, 0x82, 0x33, 0x59, 0xAC, 0xFA, 0xA9, 0x96, 0x3E, 0x1C, 0xFA, 0x14, 0x0A, 0xDD, 0xF5, 0x04, 0xF3,
        0x71, 0x60,
    ]

    /// The key pair.
    public static var keyPair: P256KeyPair {
        // The constant above is a valid scalar; a test checks it and that its key identifier matches.
        guard let pair = try? P256KeyPair(privateKey: privateKey) else {
            preconditionFailure("the CHIP test CD signing key constant is not a P-256 scalar")
        }
        return pair
    }
}

extension P256Point {
    /// The RFC 5280 §4.2.1.2 method-1 key identifier: SHA-1 of the uncompressed point (the subjectPublicKey
    /// BIT STRING's value), as `openssl`'s `subjectKeyIdentifier=hash` and CHIP's tools compute it.
    public var keyIdentifier: [UInt8] {
        SHA1.hash(uncompressed)
    }
}
