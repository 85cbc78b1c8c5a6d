/// The manual pairing code: 11 or 21 decimal digits (Matter Core Specification 5.1.4; CHIP
/// `ManualSetupPayloadGenerator.cpp`, `ManualSetupPayloadParser.cpp`).
///
/// It carries only the short (4-bit) discriminator. The 21-digit form adds vendor and product IDs and
/// stands for a non-standard commissioning flow.
public struct ManualPairingCode: Hashable, Sendable {
    public var shortDiscriminator: UInt8
    public var passcode: UInt32
    /// Present exactly in the 21-digit form, together with `productID`.
    public var vendorID: UInt16?
    public var productID: UInt16?

    public init(shortDiscriminator: UInt8, passcode: UInt32, vendorID: UInt16? = nil, productID: UInt16? = nil) {
        self.shortDiscriminator = shortDiscriminator
        self.passcode = passcode
        self.vendorID = vendorID
        self.productID = productID
    }

    /// The manual code of a QR payload: the long form iff its flow is not standard, as CHIP generates.
    public init(_ payload: SetupPayload) {
        let long = payload.commissioningFlow != .standard
        self.init(
            shortDiscriminator: payload.shortDiscriminator,
            passcode: payload.passcode,
            vendorID: long ? payload.vendorID : nil,
            productID: long ? payload.productID : nil)
    }

    public var isLong: Bool { vendorID != nil || productID != nil }

    /// The flow a code implies: the long form is for the custom flow.
    public var commissioningFlow: CommissioningFlow { isLong ? .custom : .standard }

    /// Every rule this code breaks (CHIP `isValidManualCode`); empty when it is valid.
    public func violations() -> [PayloadViolation] {
        var found = CommonPayloadRules.violations(
            version: 0, passcode: passcode, vendorID: vendorID ?? 0, productID: productID ?? 0)
        if shortDiscriminator > 0xF {
            found.append(
                PayloadViolation(.discriminatorRange, "short discriminator \(shortDiscriminator) is above 15"))
        }
        return found
    }

    /// The digits, check digit included, with no separators.
    public func digits(allowInvalid: Bool = false) throws(OnboardingPayloadError) -> String {
        if !allowInvalid, let violation = violations().first {
            throw .invalidPayload(violation)
        }
        guard shortDiscriminator <= 0xF else {
            throw .fieldTooWide(field: "short discriminator", value: UInt64(shortDiscriminator), bits: 4)
        }
        guard passcode < 1 << 27 else { throw .fieldTooWide(field: "passcode", value: UInt64(passcode), bits: 27) }
        let chunk1 = UInt32(shortDiscriminator >> 2) | (isLong ? 1 << 2 : 0)
        let chunk2 = (passcode & 0x3FFF) | UInt32(shortDiscriminator & 0x3) << 14
        let chunk3 = passcode >> 14
        var body = Self.padded(chunk1, 1) + Self.padded(chunk2, 5) + Self.padded(chunk3, 4)
        if isLong {
            body += Self.padded(UInt32(vendorID ?? 0), 5) + Self.padded(UInt32(productID ?? 0), 5)
        }
        // The body holds only digits, so a check digit always exists.
        return body + String(Verhoeff.checkDigit(for: body)!)
    }

    /// The digits grouped for reading aloud: `XXXX-XXX-XXXX`, or `XXXX-XXX-XXXX-XXXXX-XXXXX-X`.
    public static func grouped(_ digits: String) -> String {
        let groups = digits.count == 21 ? [4, 3, 4, 5, 5, 1] : [4, 3, 4]
        var parts: [Substring] = []
        var rest = Substring(digits)
        for size in groups where !rest.isEmpty {
            parts.append(rest.prefix(size))
            rest = rest.dropFirst(size)
        }
        return parts.joined(separator: "-")
    }

    private static func padded(_ value: UInt32, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Parses a manual code, without validating it; dashes and spaces are ignored.
    ///
    /// The checks and their order follow CHIP `ManualSetupPayloadParser::populatePayload`, except that
    /// a character other than a digit is named before the check digit is tested, for a clearer error.
    public static func parse(_ text: some StringProtocol) throws(OnboardingPayloadError) -> ManualPairingCode {
        var digits: [UInt8] = []
        for character in text where character != "-" && character != " " {
            guard let ascii = character.asciiValue, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(ascii) else {
                throw .manualCodeNonDigit(character)
            }
            digits.append(ascii - UInt8(ascii: "0"))
        }
        guard !digits.isEmpty else { throw .empty }
        guard digits.count >= 2 else { throw .manualCodeInvalidLength(digits.count) }
        let body = String(digits.dropLast().map { Character(UnicodeScalar($0 + UInt8(ascii: "0"))) })
        let found = Character(UnicodeScalar(digits.last! + UInt8(ascii: "0")))
        let expected = Verhoeff.checkDigit(for: body)!
        guard expected == found else { throw .manualCodeCheckDigitMismatch(expected: expected, found: found) }
        guard digits[0] < 8 else { throw .manualCodeUnsupportedVersion(Character(String(digits[0]))) }
        let long = digits[0] & 0x4 != 0
        guard digits.count - 1 == (long ? 20 : 10) else { throw .manualCodeInvalidLength(digits.count) }

        func number(_ range: Range<Int>) -> UInt32 {
            digits[range].reduce(0) { $0 * 10 + UInt32($1) }
        }
        let chunk1 = number(0..<1)
        let chunk2 = number(1..<6)
        let chunk3 = number(6..<10)
        let passcode = (chunk2 & 0x3FFF) | chunk3 << 14
        guard passcode != 0 else { throw .manualCodeZeroPasscode }
        let shortDiscriminator = UInt8((chunk1 & 0x3) << 2 | (chunk2 >> 14) & 0x3)
        var code = ManualPairingCode(shortDiscriminator: shortDiscriminator, passcode: passcode)
        if long {
            let vendor = number(10..<15)
            let product = number(15..<20)
            guard vendor <= 0xFFFF else { throw .manualCodeIDOutOfRange(field: "vendor ID", value: vendor) }
            guard product <= 0xFFFF else { throw .manualCodeIDOutOfRange(field: "product ID", value: product) }
            code.vendorID = UInt16(vendor)
            code.productID = UInt16(product)
        }
        return code
    }
}
