import MHubTestSupport
import MatterCrypto
import Testing

@testable import MatterCredentials

/// The simulated devices' authority: one PAA without a VID, a PAI per vendor, a DAC and CD per device.
@Suite struct AttestationAuthorityTests {
    static let now = UTCDateTime(year: 2026, month: 12, day: 7, hour: 2, minute: 0, second: 0)!

    static func authority(seed: UInt64 = 1) throws -> AttestationAuthority {
        var random = SeededGenerator(seed: seed)
        return try AttestationAuthority.make(now: now, using: &random)
    }

    static func declaration(_ identity: AttestationIdentity) throws -> CertificationDeclaration {
        try CertificationDeclarationEnvelope(der: identity.certificationDeclaration)
            .verifiedDeclaration(signerPublicKey: TestCDSigningKey.keyPair.publicKey)
    }

    @Test func identitiesOfThreeVendorsPassTheControllersChecks() throws {
        var authority = try Self.authority()
        var random = SeededGenerator(seed: 2)
        for (vendorID, productID) in [(0xFFF1, 0x8000), (0x1234, 0x00AB), (0xFFF4, 0x0001)] as [(UInt16, UInt16)] {
            let identity = try authority.issue(
                vendorID: vendorID, productID: productID, deviceTypeID: 0x0100, now: Self.now, using: &random)
            let chain = try identity.check(at: Self.now)
            #expect(chain.dac.vendorID == vendorID && chain.dac.productID == productID)
            #expect(chain.pai.vendorID == vendorID && chain.pai.productID == nil)
            #expect(identity.paa == authority.paa.certificate)
            #expect(identity.pai == authority.pais[vendorID]?.certificate)
            for der in [identity.paa, identity.pai, identity.dac] {
                #expect(der.count <= AttestationCertificateFormat.maximumDERLength)
            }
            #expect(chain.dac.certificate.notAfter == .noWellDefinedExpiration)
        }
        #expect(Set(authority.pais.keys) == [0xFFF1, 0x1234, 0xFFF4])
    }

    @Test func thePAAHasNoVendorIDAndKeepsItsKey() throws {
        let authority = try Self.authority()
        let paa = try AttestationCertificateFormat(der: authority.paa.certificate, kind: .paa)
        #expect(paa.vendorID == nil && paa.productID == nil)
        #expect(paa.certificate.subjectAttributes(.matterVendorID).isEmpty)
        #expect(paa.publicKey == (try P256KeyPair(privateKey: authority.paa.privateKey).publicKey))
        #expect(
            paa.certificate.notBefore == UTCDateTime(year: 2026, month: 12, day: 6, hour: 2, minute: 0, second: 0))
        #expect(paa.certificate.notAfter == .noWellDefinedExpiration)
        #expect(authority.pais.isEmpty)
        // Keys and serials follow the seed, as the hub's identity's do.
        #expect(try Self.authority().paa.privateKey == authority.paa.privateKey)
        #expect(try Self.authority(seed: 3).paa.privateKey != authority.paa.privateKey)
    }

    @Test func aVendorsPAIIsMadeOnceAndReused() throws {
        var authority = try Self.authority()
        var random = SeededGenerator(seed: 4)
        let first = try authority.issue(
            vendorID: 0xFFF1, productID: 0x8000, deviceTypeID: 0x0100, now: Self.now, using: &random)
        let kept = authority
        let second = try authority.issue(
            vendorID: 0xFFF1, productID: 0x8001, deviceTypeID: 0x0100, now: Self.now, using: &random)
        #expect(authority == kept, "a second device of the same vendor changes nothing kept")
        #expect(second.pai == first.pai && second.paa == first.paa)
        #expect(second.dac != first.dac && second.dacPrivateKey != first.dacPrivateKey)
        let other = try authority.issue(
            vendorID: 0xFFF2, productID: 0x8000, deviceTypeID: 0x0100, now: Self.now, using: &random)
        #expect(other.pai != first.pai && other.paa == first.paa)
        #expect(authority.pais.count == 2)
        let pai = try AttestationCertificateFormat(der: first.pai, kind: .pai)
        #expect(pai.publicKey == (try P256KeyPair(privateKey: authority.pais[0xFFF1]!.privateKey).publicKey))
        #expect(
            try authority.intermediate(forVendor: 0xFFF1, now: Self.now, using: &random) == authority.pais[0xFFF1])
    }

    @Test func theCDCarriesTheDevicesTypeAndProduct() throws {
        var authority = try Self.authority()
        var random = SeededGenerator(seed: 5)
        let identity = try authority.issue(
            vendorID: 0xFFF1, productID: 0x8005, deviceTypeID: 0x0076, now: Self.now, using: &random)
        let declaration = try Self.declaration(identity)
        #expect(declaration.vendorID == 0xFFF1 && declaration.productIDs == [0x8005])
        #expect(declaration.deviceTypeID == 0x0076)
        #expect(declaration.certificateID == "MHUB-MOCK-DEV-00001" && declaration.certificateID.utf8.count == 19)
        #expect(declaration.certificationType == 0 && declaration.formatVersion == 1)
        // The hub's own CD keeps its device type and certificate ID.
        let hub = try AttestationIdentity.make(vendorID: 0xFFF1, productID: 0x8000, now: Self.now, using: &random)
        let hubDeclaration = try Self.declaration(hub)
        #expect(hubDeclaration.deviceTypeID == AttestationIdentity.deviceTypeID)
        #expect(hubDeclaration.certificateID == AttestationIdentity.certificateID)
    }

    @Test func aChainFromAnotherAuthorityFails() throws {
        var first = try Self.authority(seed: 1)
        var second = try Self.authority(seed: 6)
        var random = SeededGenerator(seed: 7)
        let identity = try first.issue(
            vendorID: 0xFFF1, productID: 0x8000, deviceTypeID: 0x0100, now: Self.now, using: &random)
        let stranger = try second.issue(
            vendorID: 0xFFF1, productID: 0x8000, deviceTypeID: 0x0100, now: Self.now, using: &random)
        #expect(throws: AttestationError.self) {
            try AttestationChain(paa: stranger.paa, pai: identity.pai, dac: identity.dac, at: Self.now)
        }
    }
}
