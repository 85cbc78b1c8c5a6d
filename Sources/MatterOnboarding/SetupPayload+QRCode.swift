import MatterTLV

/// The QR code text form of onboarding payloads: `MT:` and Base38 of an 88-bit packed header plus
/// optional TLV (Matter Core Specification 5.1.3; CHIP `QRCodeSetupPayloadGenerator.cpp`,
/// `QRCodeSetupPayloadParser.cpp`).
extension SetupPayload {
    public static let qrCodePrefix = "MT:"
    /// Several payloads in one QR code are joined by this (CHIP `kPayloadDelimiter`).
    public static let qrCodeDelimiter: Character = "*"

    /// Field widths of the packed header, in bit order (LSB first).
    private enum Width {
        static let version = 3
        static let vendorID = 16
        static let productID = 16
        static let flow = 2
        static let discovery = 8
        static let discriminator = 12
        static let passcode = 27
        static let padding = 4
        static let headerBytes = 11
    }

    /// The `MT:` string for this payload.
    ///
    /// Like the CHIP generator it refuses a payload that breaks a rule unless `allowInvalid` is set;
    /// a field wider than its bits is refused always.
    public func qrCodeString(allowInvalid: Bool = false) throws(OnboardingPayloadError) -> String {
        Self.qrCodePrefix + Base38.encode(try qrCodeBytes(allowInvalid: allowInvalid))
    }

    /// One `MT:` string carrying several payloads.
    public static func qrCodeString(
        joining payloads: [SetupPayload],
        allowInvalid: Bool = false
    ) throws(OnboardingPayloadError) -> String {
        var chunks: [String] = []
        for payload in payloads {
            chunks.append(Base38.encode(try payload.qrCodeBytes(allowInvalid: allowInvalid)))
        }
        return qrCodePrefix + chunks.joined(separator: String(qrCodeDelimiter))
    }

    func qrCodeBytes(allowInvalid: Bool) throws(OnboardingPayloadError) -> [UInt8] {
        if !allowInvalid, let violation = violations(mode: .produce).first {
            throw .invalidPayload(violation)
        }
        try Self.checkWidth("version", UInt64(version), Width.version)
        try Self.checkWidth("discriminator", UInt64(discriminator), Width.discriminator)
        try Self.checkWidth("passcode", UInt64(passcode), Width.passcode)

        var header = BitPacker()
        header.append(UInt64(version), bits: Width.version)
        header.append(UInt64(vendorID), bits: Width.vendorID)
        header.append(UInt64(productID), bits: Width.productID)
        header.append(UInt64(commissioningFlow.rawValue), bits: Width.flow)
        header.append(UInt64(discoveryCapabilities.rawValue), bits: Width.discovery)
        header.append(UInt64(discriminator), bits: Width.discriminator)
        header.append(UInt64(passcode), bits: Width.passcode)
        header.append(0, bits: Width.padding)
        var bytes = header.bytes
        if let undecodableExtension {
            bytes += undecodableExtension.bytes
        } else if !extensionData.isEmpty {
            let members = extensionData.map { TLVElement(tag: .context($0.tag), $0.value.tlvValue) }
            bytes += TLVEncoder.encode(TLVElement(tag: .anonymous, .structure(members)))
        }
        return bytes
    }

    private static func checkWidth(_ field: String, _ value: UInt64, _ bits: Int) throws(OnboardingPayloadError) {
        guard value < 1 << UInt64(bits) else { throw .fieldTooWide(field: field, value: value, bits: bits) }
    }

    /// Parses a QR code string into its payloads, without validating them.
    ///
    /// Reads the first `%`-separated segment that starts with `MT:`, as the CHIP parser does, then one
    /// or more Base38 chunks joined by `*`. Of the optional TLV's elements, strings, integers and byte
    /// strings are kept and other types skipped, as CHIP skips them. Optional TLV that is not one
    /// anonymous structure of context-tagged elements (which CHIP's parser refuses) is kept as
    /// `undecodableExtension` and fails validation, so the header can still be shown.
    public static func parseQRCode(_ text: some StringProtocol) throws(OnboardingPayloadError) -> [SetupPayload] {
        let body = try extractQRBody(String(text))
        var payloads: [SetupPayload] = []
        for chunk in body.split(separator: qrCodeDelimiter, omittingEmptySubsequences: false) {
            payloads.append(try decodeChunk(chunk))
        }
        return payloads
    }

    private static func extractQRBody(_ text: String) throws(OnboardingPayloadError) -> Substring {
        guard !text.isEmpty else { throw .empty }
        for segment in text.split(separator: "%", omittingEmptySubsequences: false)
        where segment.hasPrefix(qrCodePrefix) && segment.count > qrCodePrefix.count {
            return segment.dropFirst(qrCodePrefix.count)
        }
        throw .missingQRPrefix
    }

    private static func decodeChunk(_ chunk: Substring) throws(OnboardingPayloadError) -> SetupPayload {
        let bytes = try Base38.decode(chunk)
        guard bytes.count >= Width.headerBytes else { throw .qrPayloadTooShort(byteCount: bytes.count) }
        var reader = BitReader(bytes: bytes)
        let version = UInt8(reader.read(bits: Width.version))
        let vendorID = UInt16(reader.read(bits: Width.vendorID))
        let productID = UInt16(reader.read(bits: Width.productID))
        let flow = CommissioningFlow(rawValue: UInt8(reader.read(bits: Width.flow)))!
        let discovery = DiscoveryCapabilities(rawValue: UInt8(reader.read(bits: Width.discovery)))
        let discriminator = UInt16(reader.read(bits: Width.discriminator))
        let passcode = UInt32(reader.read(bits: Width.passcode))
        var payload = SetupPayload(
            version: version, vendorID: vendorID, productID: productID, commissioningFlow: flow,
            discoveryCapabilities: discovery, discriminator: discriminator, passcode: passcode)
        (payload.extensionData, payload.undecodableExtension) = decodeExtension(bytes[Width.headerBytes...])
        return payload
    }

    /// Decodes the optional TLV; bytes that are not one anonymous structure of context-tagged elements
    /// are kept as they are, for validation to report.
    static func decodeExtension(_ bytes: ArraySlice<UInt8>) -> (
        [SetupPayloadExtension], UndecodableExtension?
    ) {
        guard !bytes.isEmpty else { return ([], nil) }
        do {
            return (try decodeExtensionElements(bytes), nil)
        } catch {
            return ([], UndecodableExtension(bytes: Array(bytes), reason: error.description))
        }
    }

    private static func decodeExtensionElements(_ bytes: ArraySlice<UInt8>) throws(OnboardingPayloadError)
        -> [SetupPayloadExtension]
    {
        let elements: [TLVElement]
        do {
            elements = try TLVDecoder().decodeElements(bytes)
        } catch {
            throw .qrExtensionNotTLV(error)
        }
        guard elements.count == 1, elements[0].tag == .anonymous, case .structure(let members) = elements[0].value
        else {
            throw .qrExtensionNotAnonymousStructure
        }
        var entries: [SetupPayloadExtension] = []
        for member in members {
            guard case .context(let tag) = member.tag else { throw .qrExtensionTagNotContext(member.tag) }
            guard let value = SetupPayloadExtension.Value(member.value) else { continue }
            entries.append(SetupPayloadExtension(tag: tag, value: value))
        }
        return entries
    }
}

/// Optional TLV bytes of a QR payload that do not decode; kept so the payload can be shown and
/// written back, and reported by validation.
public struct UndecodableExtension: Hashable, Sendable {
    public var bytes: [UInt8]
    public var reason: String

    public init(bytes: [UInt8], reason: String) {
        self.bytes = bytes
        self.reason = reason
    }
}

extension SetupPayloadExtension.Value {
    init?(_ value: TLVValue) {
        switch value {
        case .utf8(let string): self = .string(string)
        case .unsigned(let number): self = .unsigned(number)
        case .signed(let number): self = .signed(number)
        case .bytes(let bytes): self = .bytes(bytes)
        case .bool, .float, .double, .null, .structure, .array, .list: return nil
        }
    }

    var tlvValue: TLVValue {
        switch self {
        case .string(let string): .utf8(string)
        case .unsigned(let number): .unsigned(number)
        case .signed(let number): .signed(number)
        case .bytes(let bytes): .bytes(bytes)
        }
    }
}

/// Packs fields LSB first into bytes, as the QR header is laid out.
struct BitPacker {
    private(set) var bytes: [UInt8] = []
    private var bitCount = 0

    mutating func append(_ value: UInt64, bits: Int) {
        for bit in 0..<bits {
            if bitCount % 8 == 0 {
                bytes.append(0)
            }
            if value >> UInt64(bit) & 1 == 1 {
                bytes[bitCount / 8] |= 1 << UInt8(bitCount % 8)
            }
            bitCount += 1
        }
    }
}

/// Reads fields LSB first; the caller has checked there are enough bytes.
struct BitReader {
    let bytes: [UInt8]
    private var position = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func read(bits: Int) -> UInt64 {
        var value: UInt64 = 0
        for bit in 0..<bits {
            if bytes[position / 8] >> UInt8(position % 8) & 1 == 1 {
                value |= 1 << UInt64(bit)
            }
            position += 1
        }
        return value
    }
}
