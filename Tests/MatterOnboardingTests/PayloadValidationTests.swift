import MHubTestSupport
import Testing

@testable import MatterOnboarding

/// Each validation rule, named by the violation it produces.
@Suite struct PayloadValidationTests {
    let valid = SetupPayload(vendorID: 0xFFF1, productID: 0x8001, discriminator: 3840, passcode: 20_202_021)

    func rules(_ change: (inout SetupPayload) -> Void, mode: ValidationMode = .produce) -> [PayloadViolation.Rule] {
        var payload = valid
        change(&payload)
        return payload.violations(mode: mode).map(\.rule)
    }

    @Test func aValidPayloadBreaksNoRule() {
        #expect(valid.violations().isEmpty)
    }

    @Test func eachRuleIsNamed() {
        #expect(rules { $0.version = 1 } == [.version])
        #expect(rules { $0.passcode = 0 } == [.passcodeRange])
        #expect(rules { $0.passcode = 99_999_999 } == [.passcodeRange])
        #expect(rules { $0.passcode = 87_654_321 } == [.passcodeTrivial])
        #expect(rules { $0.vendorID = 0xFFF5 } == [.vendorID])
        #expect(rules { $0.productID = 0 } == [.productID])
        #expect(rules { $0.commissioningFlow = .reserved } == [.commissioningFlow])
        #expect(rules { $0.discoveryCapabilities = DiscoveryCapabilities(rawValue: 0x44) } == [.discoveryCapabilities])
        #expect(rules { $0.discriminator = 4096 } == [.discriminatorRange])
        #expect(
            rules { $0.extensionData = [SetupPayloadExtension(tag: 3, value: .unsigned(0))] } == [.extensionData])
        #expect(
            rules { $0.extensionData = [SetupPayloadExtension(tag: 2, value: .bytes([1, 2]))] } == [.extensionData])
    }

    @Test func consumeModeToleratesReservedDiscoveryBits() {
        #expect(rules({ $0.discoveryCapabilities = DiscoveryCapabilities(rawValue: 0xC4) }, mode: .consume).isEmpty)
    }

    @Test func vendorZeroMayHaveProductZero() {
        #expect(
            rules {
                $0.vendorID = 0
                $0.productID = 0
            }.isEmpty)
    }

    @Test func reservedCommonTagsAreAcceptedForForwardCompatibility() {
        #expect(rules { $0.extensionData = [SetupPayloadExtension(tag: 0x20, value: .string("x"))] }.isEmpty)
    }

    @Test func generatorRefusesInvalidPayloadsUnlessAsked() throws {
        var payload = valid
        payload.passcode = 11_111_111
        #expect(
            throws: OnboardingPayloadError.invalidPayload(
                PayloadViolation(.passcodeTrivial, "passcode 11111111 is one of the forbidden trivial ones"))
        ) {
            try payload.qrCodeString()
        }
        let text = try payload.qrCodeString(allowInvalid: true)
        #expect(try SetupPayload.parseQRCode(text) == [payload])
        payload.passcode = 1 << 27
        #expect(throws: OnboardingPayloadError.fieldTooWide(field: "passcode", value: 1 << 27, bits: 27)) {
            try payload.qrCodeString(allowInvalid: true)
        }
    }

    @Test func knownPayloadFromTheReference() throws {
        // matter-reference.md B.1: the CHIP example-app default.
        #expect(try valid.qrCodeString() == "MT:-24J0AFN00KA0648G00")
        #expect(try ManualPairingCode(valid).digits() == "34970112332")
    }

    @Test func qrExtractionTakesTheFirstMTSegment() throws {
        let payloads = try SetupPayload.parseQRCode("%Z%MT:-24J0AFN00KA0648G00%DDD")
        #expect(payloads == [valid])
        #expect(throws: OnboardingPayloadError.missingQRPrefix) { try SetupPayload.parseQRCode("%Z%MT:") }
    }

    @Test func malformedQRTextGetsClearErrors() {
        #expect(throws: OnboardingPayloadError.empty) { try OnboardingPayload.parse("   ") }
        #expect(throws: OnboardingPayloadError.qrPayloadTooShort(byteCount: 3)) {
            try SetupPayload.parseQRCode("MT:00000")
        }
        #expect(throws: OnboardingPayloadError.base38InvalidCharacter("a", offset: 0)) {
            try SetupPayload.parseQRCode("MT:a24J0AFN00KA0648G00")
        }
    }
}
