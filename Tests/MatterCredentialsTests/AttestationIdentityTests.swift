import MHubTestSupport
import MatterCrypto
import Testing

@testable import MatterCredentials

/// The hub's own attestation identity: PAA → PAI → DAC in the §2.3 profile, and its Certification Declaration.
@Suite struct AttestationIdentityTests {
    static let now = UTCDateTime(year: 2025, month: 7, day: 1, hour: 12, minute: 0, second: 0)!

    static func identity(seed: UInt64 = 1, vendorID: UInt16 = 0xFFF1, productID: UInt16 = 0x8000) throws
        -> AttestationIdentity
    {
        var random = SeededGenerator(seed: seed)
        return try AttestationIdentity.make(vendorID: vendorID, productID: productID, now: now, using: &random)
    }

    @Test func freshIdentityPassesTheControllersChecks() throws {
        let identity = try Self.identity()
        let chain = try identity.check(at: Self.now)
        #expect(chain.dac.vendorID == 0xFFF1 && chain.dac.productID == 0x8000)
        #expect(chain.pai.vendorID == 0xFFF1 && chain.pai.productID == nil)
        #expect(chain.paa.vendorID == 0xFFF1 && chain.paa.productID == nil)
        for der in [identity.paa, identity.pai, identity.dac] {
            #expect(der.count <= 600)
        }
        // Valid from a day before `now`; not at an earlier time, and the DAC never expires.
        #expect(
            chain.dac.certificate.notBefore
                == UTCDateTime(year: 2025, month: 6, day: 30, hour: 12, minute: 0, second: 0))
        #expect(chain.dac.certificate.notAfter == .noWellDefinedExpiration)
        #expect(throws: AttestationError.self) {
            try identity.check(at: UTCDateTime(year: 2025, month: 6, day: 29, hour: 0, minute: 0, second: 0)!)
        }
        #expect(chain.dac.publicKey == (try identity.dacKeyPair().publicKey))
        // The DN attributes are four uppercase hex digits.
        let vid = chain.dac.certificate.subjectAttributes(.matterVendorID)
        #expect(vid.map(\.value) == [Array("FFF1".utf8)] && vid.map(\.valueTag) == [DERTag.utf8String])
    }

    @Test func identitiesDifferAndFollowTheirSeed() throws {
        let first = try Self.identity(seed: 1)
        // Keys and serials come from the seed; the ECDSA nonces from libcrypto, so signatures differ.
        let again = try Self.identity(seed: 1)
        #expect(again.dacPrivateKey == first.dacPrivateKey)
        #expect(try X509Certificate(der: again.dac).tbsCertificate == X509Certificate(der: first.dac).tbsCertificate)
        #expect(try X509Certificate(der: again.paa).tbsCertificate == X509Certificate(der: first.paa).tbsCertificate)
        let second = try Self.identity(seed: 2, vendorID: 0x1234, productID: 0x00AB)
        #expect(second.dac != first.dac && second.dacPrivateKey != first.dacPrivateKey)
        let chain = try second.check(at: Self.now)
        #expect(chain.dac.certificate.subjectAttributes(.matterProductID).first?.value == Array("00AB".utf8))
    }

    @Test func certificationDeclarationIsSignedByTheTestKey() throws {
        let identity = try Self.identity()
        let envelope = try CertificationDeclarationEnvelope(der: identity.certificationDeclaration)
        #expect(envelope.signerKeyIdentifier == TestCDSigningKey.keyIdentifier)
        let declaration = try envelope.verifiedDeclaration(signerPublicKey: TestCDSigningKey.keyPair.publicKey)
        #expect(declaration.vendorID == 0xFFF1 && declaration.productIDs == [0x8000])
        #expect(declaration.formatVersion == 1 && declaration.certificationType == 0)
        #expect(declaration.certificateID.utf8.count == 19)
        // With its CD, the elements stay well under the 900-byte limit.
        let elements = AttestationElements(
            certificationDeclaration: identity.certificationDeclaration,
            attestationNonce: [UInt8](repeating: 1, count: 32))
        #expect(
            try AttestationElements(tlv: elements.tlvEncoded).certificationDeclaration
                == identity.certificationDeclaration)
    }

    @Test func aMismatchedIdentityFailsItsCheck() throws {
        let identity = try Self.identity()
        let other = try Self.identity(seed: 9, vendorID: 0xFFF2)
        let swappedCD = AttestationIdentity(
            vendorID: identity.vendorID, productID: identity.productID, paa: identity.paa, pai: identity.pai,
            dac: identity.dac, dacPrivateKey: identity.dacPrivateKey,
            certificationDeclaration: other.certificationDeclaration)
        #expect(throws: AttestationError.self) { try swappedCD.check(at: Self.now) }
        let otherKey = AttestationIdentity(
            vendorID: identity.vendorID, productID: identity.productID, paa: identity.paa, pai: identity.pai,
            dac: identity.dac, dacPrivateKey: other.dacPrivateKey,
            certificationDeclaration: identity.certificationDeclaration)
        #expect(throws: AttestationError.self) { try otherKey.check(at: Self.now) }
        #expect(throws: AttestationError.self) {
            try AttestationChain(paa: other.paa, pai: identity.pai, dac: identity.dac, at: Self.now)
        }
    }
}
