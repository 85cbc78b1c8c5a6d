import MHubTestSupport
import MatterCredentials
import MatterCrypto
import Testing

@testable import MatterNode

/// A simulated device's own node credentials: attestation from the devices' authority, the passcode's verifier.
@Suite struct DeviceMatterIdentityTests {
    static let now = UTCDateTime(year: 2026, month: 12, day: 7, hour: 2, minute: 0, second: 0)!

    @Test func aNewIdentityAttestsAndVerifiesItsPasscode() throws {
        var random = SeededGenerator(seed: 1)
        var authority = try AttestationAuthority.make(now: Self.now, using: &random)
        let identity = try DeviceMatterIdentity.make(
            vendorID: 0xFFF1, productID: 0x8001, deviceTypeID: 0x0100, passcode: 20_202_021, authority: &authority,
            now: Self.now, using: &random)
        #expect(try identity.attestation.check(at: Self.now).dac.productID == 0x8001)
        #expect(identity.attestation.pai == authority.pais[0xFFF1]?.certificate)
        #expect(identity.iterations == 1000 && identity.salt.count == 32 && identity.udpPort == nil)
        let keys = try Spake2pPasscodeKeys(passcode: 20_202_021, salt: identity.salt, iterations: 1000)
        #expect(try identity.spake2pVerifier() == keys.verifier())
        #expect(identity.verifier.count == Spake2pVerifier.serializedByteCount)
        // A PASE window takes it as it is.
        _ = try MatterCommissionee(
            discriminator: 3840, verifier: identity.spake2pVerifier(), iterations: identity.iterations,
            salt: identity.salt, establishmentTimeoutMilliseconds: 60_000)
        let declaration = try CertificationDeclarationEnvelope(der: identity.attestation.certificationDeclaration)
            .verifiedDeclaration(signerPublicKey: TestCDSigningKey.keyPair.publicKey)
        #expect(declaration.deviceTypeID == 0x0100 && identity.deviceTypeID == 0x0100)
    }

    @Test func itMatchesOnlyWhatItWasMadeFor() throws {
        var random = SeededGenerator(seed: 2)
        var authority = try AttestationAuthority.make(now: Self.now, using: &random)
        let identity = try DeviceMatterIdentity.make(
            vendorID: 0xFFF1, productID: 0x8001, deviceTypeID: 0x0100, passcode: 20_202_021, authority: &authority,
            now: Self.now, using: &random)
        #expect(identity.matches(vendorID: 0xFFF1, productID: 0x8001, deviceTypeID: 0x0100, passcode: 20_202_021))
        #expect(!identity.matches(vendorID: 0xFFF2, productID: 0x8001, deviceTypeID: 0x0100, passcode: 20_202_021))
        #expect(!identity.matches(vendorID: 0xFFF1, productID: 0x8002, deviceTypeID: 0x0100, passcode: 20_202_021))
        #expect(!identity.matches(vendorID: 0xFFF1, productID: 0x8001, deviceTypeID: 0x010D, passcode: 20_202_021))
        #expect(!identity.matches(vendorID: 0xFFF1, productID: 0x8001, deviceTypeID: 0x0100, passcode: 20_202_022))
        // Each identity has its own salt.
        let other = try DeviceMatterIdentity.make(
            vendorID: 0xFFF1, productID: 0x8001, deviceTypeID: 0x0100, passcode: 20_202_021, authority: &authority,
            now: Self.now, using: &random)
        #expect(other.salt != identity.salt && other.verifier != identity.verifier)
    }
}
