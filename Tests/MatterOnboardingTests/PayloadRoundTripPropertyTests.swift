import MHubTestSupport
import Testing

@testable import MatterOnboarding

/// 10,000 random valid payloads survive QR and manual-code round trips.
@Suite struct PayloadRoundTripPropertyTests {
    static let seed: UInt64 = 0x6D68_7562_2026

    @Test func tenThousandRandomPayloadsRoundTrip() throws {
        var generator = SeededGenerator(seed: Self.seed)
        for index in 0..<10_000 {
            let payload = Self.randomValidPayload(using: &generator)
            #expect(payload.violations().isEmpty, "case \(index) (seed \(Self.seed)) is not valid: \(payload)")

            let qrCode = try payload.qrCodeString()
            let parsed = try SetupPayload.parseQRCode(qrCode)
            #expect(parsed == [payload], "case \(index): \(qrCode)")

            // A manual code carries only the short discriminator, and vendor and product only in its
            // long form, which it uses for every flow but the standard one.
            let digits = try ManualPairingCode(payload).digits()
            let manual = try ManualPairingCode.parse(ManualPairingCode.grouped(digits))
            #expect(manual.passcode == payload.passcode, "case \(index): \(digits)")
            #expect(manual.shortDiscriminator == payload.shortDiscriminator, "case \(index): \(digits)")
            let long = payload.commissioningFlow != .standard
            #expect(digits.count == (long ? 21 : 11))
            #expect(manual.vendorID == (long ? payload.vendorID : nil), "case \(index): \(digits)")
            #expect(manual.productID == (long ? payload.productID : nil), "case \(index): \(digits)")
            #expect(manual.commissioningFlow == (long ? .custom : .standard))
            #expect(manual.violations().isEmpty)
        }
    }

    @Test func severalPayloadsInOneQRCode() throws {
        var generator = SeededGenerator(seed: Self.seed &+ 1)
        for _ in 0..<200 {
            let payloads = (0..<Int.random(in: 2...4, using: &generator)).map { _ in
                Self.randomValidPayload(using: &generator)
            }
            let text = try SetupPayload.qrCodeString(joining: payloads)
            #expect(try SetupPayload.parseQRCode(text) == payloads)
        }
    }

    @Test func randomPasscodesAndDiscriminatorsAreValid() {
        var generator = SeededGenerator(seed: Self.seed &+ 2)
        for _ in 0..<10_000 {
            #expect(SetupPasscode.isValid(SetupPasscode.random(using: &generator)))
            #expect(Discriminator.random(using: &generator) <= 0xFFF)
        }
    }

    static func randomValidPayload(using generator: inout SeededGenerator) -> SetupPayload {
        let vendorID: UInt16 = Bool.random(using: &generator) ? 0 : UInt16.random(in: 1...0xFFF4, using: &generator)
        let productID: UInt16 =
            vendorID == 0 && Bool.random(using: &generator) ? 0 : UInt16.random(in: 1...0xFFFF, using: &generator)
        var payload = SetupPayload(
            vendorID: vendorID,
            productID: productID,
            commissioningFlow: [.standard, .userIntent, .custom].randomElement(using: &generator)!,
            discoveryCapabilities: DiscoveryCapabilities(rawValue: UInt8.random(in: 0...0x3F, using: &generator)),
            discriminator: Discriminator.random(using: &generator),
            passcode: SetupPasscode.random(using: &generator))
        if Int.random(in: 0..<4, using: &generator) == 0 {
            payload.extensionData = randomExtension(using: &generator)
        }
        return payload
    }

    static func randomExtension(using generator: inout SeededGenerator) -> [SetupPayloadExtension] {
        var entries: [SetupPayloadExtension] = []
        if Bool.random(using: &generator) {
            let tag = UInt8.random(in: 0x80...0xFF, using: &generator)
            entries.append(
                SetupPayloadExtension(tag: tag, value: .signed(Int64.random(in: -1000...1000, using: &generator))))
        }
        if Bool.random(using: &generator) {
            let serial = String(
                (0..<Int.random(in: 1...20, using: &generator)).map { _ in
                    "ABCDEF0123456789-é".randomElement(using: &generator)!
                })
            entries.append(SetupPayloadExtension(tag: SetupPayloadExtension.serialNumberTag, value: .string(serial)))
        }
        if Bool.random(using: &generator) {
            entries.append(
                SetupPayloadExtension(
                    tag: SetupPayloadExtension.pbkdfIterationsTag,
                    value: .unsigned(UInt64.random(in: SetupPayloadExtension.pbkdfIterationsRange, using: &generator))))
        }
        if Bool.random(using: &generator) {
            let salt = (0..<Int.random(in: 16...32, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            entries.append(SetupPayloadExtension(tag: SetupPayloadExtension.pbkdfSaltTag, value: .bytes(salt)))
        }
        if Bool.random(using: &generator) {
            entries.append(
                SetupPayloadExtension(
                    tag: SetupPayloadExtension.numberOfDevicesTag,
                    value: .unsigned(UInt64.random(in: 1...255, using: &generator))))
        }
        if Bool.random(using: &generator) {
            entries.append(
                SetupPayloadExtension(
                    tag: SetupPayloadExtension.commissioningTimeoutTag,
                    value: .unsigned(UInt64.random(in: 0...0xFFFF, using: &generator))))
        }
        return entries
    }
}
