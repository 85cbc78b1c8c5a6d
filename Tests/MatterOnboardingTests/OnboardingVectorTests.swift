import Foundation
import MHubTestSupport
import MatterTLV
import Testing

@testable import MatterOnboarding

/// Every entry of the shared onboarding vectors: `parse_ok` and `valid` both checked, every listed
/// field compared.
@Suite struct OnboardingVectorTests {
    let data: OnboardingVectors

    init() throws {
        data = try OnboardingVectors.load()
    }

    @Test func everyKindIsCovered() {
        let kinds = Set(data.vectors.compactMap { $0["kind"] as? String })
        #expect(kinds == ["qr", "manual", "base38", "verhoeff", "qr_tlv", "additional_data"])
        #expect(data.vectors.count == 57)
    }

    @Test func qrVectors() throws {
        let vectors = data.ofKind("qr")
        #expect(vectors.count == 14)
        for vector in vectors {
            let input = try #require(vector["input"] as? String)
            let parseOK = try #require(vector["parse_ok"] as? Bool)
            let valid = try #require(vector["valid"] as? Bool)
            let result = Result { try SetupPayload.parseQRCode(input) }
            #expect(((try? result.get()) != nil) == parseOK, "parse_ok of \(input)")
            guard let payloads = try? result.get() else {
                #expect(!valid, "\(input) cannot be valid without parsing")
                continue
            }
            let expected = try #require(vector["payloads"] as? [[String: Any]])
            #expect(payloads.count == expected.count, "payload count of \(input)")
            for (payload, fields) in zip(payloads, expected) {
                #expect(Int(payload.version) == fields["version"] as? Int, "version of \(input)")
                #expect(Int(payload.vendorID) == fields["vendorId"] as? Int, "vendorId of \(input)")
                #expect(Int(payload.productID) == fields["productId"] as? Int, "productId of \(input)")
                #expect(Int(payload.commissioningFlow.rawValue) == fields["flow"] as? Int, "flow of \(input)")
                #expect(
                    Int(payload.discoveryCapabilities.rawValue) == fields["discoveryCapabilities"] as? Int,
                    "discoveryCapabilities of \(input)")
                #expect(Int(payload.discriminator) == fields["discriminator"] as? Int, "discriminator of \(input)")
                #expect(
                    Int(payload.shortDiscriminator) == fields["shortDiscriminator"] as? Int,
                    "shortDiscriminator of \(input)")
                #expect(Int(payload.passcode) == fields["passcode"] as? Int, "passcode of \(input)")
                let tlv = try #require(fields["tlv"] as? String)
                let encodedExtension = hexString(Array(try payload.qrCodeBytes(allowInvalid: true).dropFirst(11)))
                #expect(encodedExtension == tlv.lowercased(), "TLV of \(input)")
            }
            let violations = OnboardingPayload.qrCode(payloads).violations(mode: .produce)
            #expect(violations.isEmpty == valid, "valid of \(input): \(violations)")
            if valid {
                // Valid payloads are written back to the very same text.
                #expect(try SetupPayload.qrCodeString(joining: payloads) == input)
            }
        }
    }

    @Test func qrVectorWithBadTLVNamesTheProblem() throws {
        let payload = try #require(try SetupPayload.parseQRCode("MT:YNJV7VSC00CMVH7E4810AK00").first)
        #expect(payload.undecodableExtension?.bytes == [1, 2, 3])
        #expect(
            payload.violations()
                == [PayloadViolation(.extensionData, "the optional data must be one anonymous TLV structure")])
        #expect(try payload.qrCodeString(allowInvalid: true) == "MT:YNJV7VSC00CMVH7E4810AK00")
        #expect(throws: OnboardingPayloadError.missingQRPrefix) {
            try SetupPayload.parseQRCode("AT:M5L90MP500K64J00000")
        }
    }

    @Test func manualVectors() throws {
        let vectors = data.ofKind("manual")
        #expect(vectors.count == 21)
        for vector in vectors {
            let input = try #require(vector["input"] as? String)
            let parseOK = try #require(vector["parse_ok"] as? Bool)
            let valid = try #require(vector["valid"] as? Bool)
            let parsed = try? ManualPairingCode.parse(input)
            #expect((parsed != nil) == parseOK, "parse_ok of \(input)")
            guard let code = parsed else {
                #expect(!valid)
                continue
            }
            let fields = try #require(vector["fields"] as? [String: Any])
            #expect(Int(code.shortDiscriminator) == fields["shortDiscriminator"] as? Int, "short of \(input)")
            #expect(Int(code.passcode) == fields["passcode"] as? Int, "passcode of \(input)")
            #expect(code.isLong == fields["longCode"] as? Bool, "longCode of \(input)")
            #expect(code.vendorID.map(Int.init) == fields["vendorId"] as? Int, "vendorId of \(input)")
            #expect(code.productID.map(Int.init) == fields["productId"] as? Int, "productId of \(input)")
            #expect(
                Int(code.commissioningFlow.rawValue) == fields["commissioningFlow"] as? Int, "flow of \(input)")
            #expect(code.violations().isEmpty == valid, "valid of \(input): \(code.violations())")
            if valid {
                #expect(try code.digits() == input)
            } else {
                #expect(throws: OnboardingPayloadError.self) { try code.digits() }
            }
        }
    }

    @Test func manualParseErrorsFollowTheSDKOrder() {
        #expect(throws: OnboardingPayloadError.manualCodeInvalidLength(1)) { try ManualPairingCode.parse("0") }
        #expect(throws: OnboardingPayloadError.manualCodeInvalidLength(12)) {
            try ManualPairingCode.parse("127498753804")
        }
        #expect(throws: OnboardingPayloadError.manualCodeCheckDigitMismatch(expected: "4", found: "9")) {
            try ManualPairingCode.parse("02684354589")
        }
        #expect(throws: OnboardingPayloadError.manualCodeZeroPasscode) { try ManualPairingCode.parse("23276800006") }
        #expect(throws: OnboardingPayloadError.manualCodeNonDigit("x")) { try ManualPairingCode.parse("3497x112332") }
    }

    @Test func manualCodesTolerateDashesAndSpaces() throws {
        let plain = try ManualPairingCode.parse("34970112332")
        #expect(try ManualPairingCode.parse("3497-011-2332") == plain)
        #expect(try ManualPairingCode.parse("3497 011 2332") == plain)
        #expect(try OnboardingPayload.parse("  3497-011-2332\n") == .manualCode(plain))
    }

    @Test func base38Vectors() throws {
        let vectors = data.ofKind("base38")
        #expect(vectors.count == 15)
        for vector in vectors {
            let encoded = try #require(vector["encoded"] as? String)
            if try #require(vector["valid"] as? Bool) {
                let bytes = bytes(fromHex: try #require(vector["bytes_hex"] as? String))
                #expect(try Base38.decode(encoded) == bytes, "decode \(encoded)")
                #expect(Base38.encode(bytes) == encoded, "encode \(encoded)")
            } else {
                let error = try #require(vector["expected_error"] as? String)
                do {
                    _ = try Base38.decode(encoded)
                    Issue.record("\(encoded) should not decode")
                } catch {
                    switch error {
                    case .base38ChunkOutOfRange: #expect(error.description.contains("larger"))
                    case .base38InvalidCharacter: #expect(error.description.contains("not a Base38 character"))
                    case .base38InvalidLength: break
                    default: Issue.record("unexpected \(error) for \(encoded)")
                    }
                }
                if error.hasPrefix("CHIP_ERROR_INVALID_ARGUMENT") {
                    #expect(throws: OnboardingPayloadError.base38ChunkOutOfRange(encoded)) {
                        try Base38.decode(encoded)
                    }
                }
            }
        }
        #expect(throws: OnboardingPayloadError.base38InvalidLength(3)) { try Base38.decode("A0A") }
    }

    @Test func verhoeffVector() throws {
        for vector in data.ofKind("verhoeff") {
            let input = try #require(vector["input"] as? String)
            let check = try #require(vector["check_digit"] as? String)
            #expect(Verhoeff.checkDigit(for: input) == Character(check))
        }
        #expect(Verhoeff.checkDigit(for: "12a") == nil)
    }

    @Test func qrTLVVectors() throws {
        let vectors = data.ofKind("qr_tlv")
        #expect(vectors.count == 2)
        let base = SetupPayload(vendorID: 0xFFF1, productID: 0x8001, discriminator: 3840, passcode: 20_202_021)
        let header = try Base38.decode(try base.qrCodeString().dropFirst(3))
        for vector in vectors {
            let tlv = bytes(fromHex: try #require(vector["tlv_hex"] as? String))
            let text = "MT:" + Base38.encode(header + tlv)
            let payload = try #require(try SetupPayload.parseQRCode(text).first)
            let decoded = try #require(vector["decoded"] as? [String: Any])
            if let serial = decoded["serialNumber"] as? Int {
                #expect(payload.extensionValue(0) == .unsigned(UInt64(serial)))
                #expect(payload.serialNumber == String(serial))
            }
            if let serial = decoded["serialNumber"] as? String {
                #expect(payload.extensionValue(0) == .string(serial))
            }
            if let vendor = decoded["vendorTag0x81"] as? String {
                #expect(payload.extensionValue(0x81) == .string(vendor))
            }
            #expect(payload.violations().isEmpty == (vector["valid"] as? Bool))
            // Re-encoding gives the same bytes: the encoder is canonical as CHIP's is.
            #expect(try payload.qrCodeString() == text)
        }
    }

    @Test func additionalDataVectors() throws {
        let vectors = data.ofKind("additional_data")
        #expect(vectors.count == 4)
        for vector in vectors {
            let tlv = bytes(fromHex: try #require(vector["tlv_hex"] as? String))
            let valid = try #require(vector["valid"] as? Bool)
            let parsed = try? AdditionalDataPayload.parse(tlv)
            #expect((parsed != nil) == valid, "valid of \(hexString(tlv))")
            if let parsed, let decoded = vector["decoded"] as? [String: String] {
                #expect(hexString(parsed.rotatingDeviceID) == decoded["rotatingDeviceId"]?.lowercased())
                #expect(parsed.encoded() == tlv)
            }
        }
    }

    @Test func invalidPasscodeList() {
        #expect(data.invalidPasscodes.count == 11)
        for passcode in data.invalidPasscodes {
            #expect(!SetupPasscode.isValid(passcode), "\(passcode)")
        }
        #expect(SetupPasscode.isValid(1))
        #expect(SetupPasscode.isValid(99_999_998))
        #expect(!SetupPasscode.isValid(99_999_999))
    }
}
