import MatterTLV

/// Why a string is not a well-formed onboarding payload, or why a payload cannot be written.
///
/// These are the structural errors of the CHIP parsers (`QRCodeSetupPayloadParser`,
/// `ManualSetupPayloadParser`, `Base38Decode`); the rules a well-formed payload can still break are
/// `PayloadViolation`s.
public enum OnboardingPayloadError: Error, Hashable, Sendable, CustomStringConvertible {
    case empty
    case missingQRPrefix
    case base38InvalidLength(Int)
    case base38InvalidCharacter(String, offset: Int)
    case base38ChunkOutOfRange(String)
    /// The packed header needs 11 bytes.
    case qrPayloadTooShort(byteCount: Int)
    case qrExtensionNotTLV(TLVDecodingError)
    case qrExtensionNotAnonymousStructure
    case qrExtensionTagNotContext(TLVTag)
    case qrExtensionValue(tag: UInt8, reason: String)
    case manualCodeNonDigit(Character)
    case manualCodeInvalidLength(Int)
    case manualCodeCheckDigitMismatch(expected: Character, found: Character)
    /// A first digit of 8 or 9 announces a future format.
    case manualCodeUnsupportedVersion(Character)
    case manualCodeZeroPasscode
    case manualCodeIDOutOfRange(field: String, value: UInt32)
    /// Generating a payload that breaks a rule, without asking for invalid output.
    case invalidPayload(PayloadViolation)
    /// A field too wide for the bits the format gives it.
    case fieldTooWide(field: String, value: UInt64, bits: Int)

    public var description: String {
        switch self {
        case .empty:
            "the onboarding payload is empty"
        case .missingQRPrefix:
            "a QR payload must start with \"MT:\""
        case .base38InvalidLength(let length):
            "the Base38 text is \(length) characters long, which no byte string encodes to"
        case .base38InvalidCharacter(let character, let offset):
            "\"\(character)\" at position \(offset) is not a Base38 character (0-9, A-Z, '-', '.')"
        case .base38ChunkOutOfRange(let chunk):
            "the Base38 chunk \"\(chunk)\" is larger than the bytes it stands for"
        case .qrPayloadTooShort(let count):
            "the QR payload decodes to \(count) bytes; its packed header needs 11"
        case .qrExtensionNotTLV(let error):
            "the optional data is not valid TLV: \(error)"
        case .qrExtensionNotAnonymousStructure:
            "the optional data must be one anonymous TLV structure"
        case .qrExtensionTagNotContext(let tag):
            "the optional data element tagged \(tag) must carry a context tag"
        case .qrExtensionValue(let tag, let reason):
            "the optional data element 0x\(hex(tag)) \(reason)"
        case .manualCodeNonDigit(let character):
            "a manual pairing code holds only digits (and dashes or spaces), not \"\(character)\""
        case .manualCodeInvalidLength(let length):
            "a manual pairing code has 11 or 21 digits, matching its first digit; this one has \(length)"
        case .manualCodeCheckDigitMismatch(let expected, let found):
            "the check digit is \(found) but the digits before it call for \(expected)"
        case .manualCodeUnsupportedVersion(let digit):
            "a manual pairing code starting with \(digit) is of a newer format"
        case .manualCodeZeroPasscode:
            "the manual pairing code's passcode is 0"
        case .manualCodeIDOutOfRange(let field, let value):
            "the manual pairing code's \(field) \(value) is larger than 65535"
        case .invalidPayload(let violation):
            "the payload is invalid: \(violation)"
        case .fieldTooWide(let field, let value, let bits):
            "\(field) \(value) does not fit in its \(bits) bits"
        }
    }
}

func hex(_ value: some BinaryInteger, width: Int = 2) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}
