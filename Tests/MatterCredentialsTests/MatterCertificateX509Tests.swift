import MHubTestSupport
import MatterCrypto
import Testing

@testable import MatterCredentials

/// TLV ↔ X.509 conversion against the CHIP SDK's converter, byte for byte (the fixtures' DER and TLV are one
/// certificate converted by the SDK), and signatures over the rebuilt TBSCertificate.
@Suite struct MatterCertificateX509Tests {
    let fixtures: CertificateFixtures

    init() throws {
        fixtures = try CertificateFixtures()
    }

    @Test(arguments: CertificateFixtures.names)
    func tlvToX509MatchesTheSDK(name: String) throws {
        let certificate = try fixtures.certificate(name)
        #expect(hexString(try certificate.x509DER()) == hexString(try fixtures.der(name)))
    }

    @Test(arguments: CertificateFixtures.names)
    func x509ToTLVMatchesTheSDK(name: String) throws {
        let certificate = try MatterCertificate(x509: fixtures.der(name))
        #expect(hexString(certificate.tlvEncoded) == hexString(try fixtures.tlv(name)))
    }

    @Test(arguments: CertificateFixtures.names)
    func signatureVerifiesWithTheIssuersKey(name: String) throws {
        let certificate = try fixtures.certificate(name)
        let issuerKey = try P256Point(uncompressed: fixtures.publicKey(fixtures.issuer(name)))
        #expect(certificate.isSignatureValid(issuerPublicKey: issuerKey))
        // Any change to the signed fields breaks it.
        var altered = certificate
        altered.notBefore += 1
        #expect(!altered.isSignatureValid(issuerPublicKey: issuerKey))
        #expect(!certificate.isSignatureValid(issuerPublicKey: P256KeyPair.generate().publicKey))
    }

    @Test func signingMakesAVerifiableCertificate() throws {
        let key = P256KeyPair.generate()
        var root = try fixtures.certificate("rcac-a")
        root.publicKey = key.publicKey.uncompressed
        let signed = try MatterCertificate.signed(root, by: key)
        #expect(signed.isSignatureValid(issuerPublicKey: key.publicKey))
        #expect(try MatterCertificate(x509: signed.x509DER()) == signed)
    }

    @Test func epochTimes() {
        #expect(MatterEpoch.x509Time(0) == .noWellDefinedExpiration)
        #expect(MatterEpoch.seconds(.noWellDefinedExpiration) == 0)
        #expect(MatterEpoch.x509Time(1).description == "2000-01-01T00:00:01Z")
        #expect(
            MatterEpoch.seconds(UTCDateTime(year: 1999, month: 12, day: 31, hour: 23, minute: 59, second: 59)!) == nil)
        #expect(MatterEpoch.seconds(UTCDateTime(year: 2136, month: 1, day: 1, hour: 0, minute: 0, second: 0)!) == nil)
        let leapDay = UTCDateTime(year: 2024, month: 2, day: 29, hour: 12, minute: 0, second: 0)!
        #expect(UTCDateTime(secondsSinceUnixEpoch: leapDay.secondsSinceUnixEpoch) == leapDay)
        #expect(leapDay.secondsSinceUnixEpoch == 1_709_208_000)
        #expect(UTCDateTime(secondsSinceUnixEpoch: -1).description == "1969-12-31T23:59:59Z")
        #expect(UTCDateTime(year: 2023, month: 2, day: 29, hour: 0, minute: 0, second: 0) == nil)
    }

    @Test func x509OutsideTheMatterProfileIsRefused() throws {
        let der = try fixtures.der("noc-a")
        for length in [0, 1, 10, der.count / 2, der.count - 1] {
            #expect(throws: CertificateFormatError.self) { try MatterCertificate(x509: Array(der.prefix(length))) }
        }
        #expect(throws: CertificateFormatError.self) { try MatterCertificate(x509: der + [0]) }
        var generator = SeededGenerator(seed: 99)
        for _ in 0..<3000 {
            var input = der
            for _ in 0..<3 {
                input[Int.random(in: 0..<input.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            if let certificate = try? MatterCertificate(x509: input) {
                // Whatever converts, converts back to a certificate that converts to itself.
                #expect(try MatterCertificate(x509: certificate.x509DER()) == certificate)
            }
        }
    }
}

/// connectedhomeip's own test certificates (`Fixtures/sdk-test-certificates.txt`), both directions.
@Suite struct SDKTestCertificateTests {
    @Test(arguments: ["sdk-root01", "sdk-root02"])
    func convertBothWaysAndVerify(name: String) throws {
        let vectors = try VectorFile.load("sdk-test-certificates", in: .module)
        let tlv = try vectors.block(name).hex("tlv")
        let der = try vectors.block(name).hex("der")
        let certificate = try MatterCertificate(tlv: tlv)
        #expect(certificate.tlvEncoded == tlv)
        #expect(hexString(try certificate.x509DER()) == hexString(der))
        #expect(try MatterCertificate(x509: der) == certificate)
        #expect(certificate.kind == .root)
        #expect(
            certificate.isSignatureValid(
                issuerPublicKey: try P256Point(uncompressed: vectors.block(name).hex("public"))))
    }
}
