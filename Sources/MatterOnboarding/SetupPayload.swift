/// The contents of a QR onboarding payload (Matter Core Specification 5.1.3).
///
/// A value may break the rules (a parsed payload is kept as it was read); `violations(mode:)` says which.
public struct SetupPayload: Hashable, Sendable {
    /// 3 bits; only 0 is defined.
    public var version: UInt8
    public var vendorID: UInt16
    public var productID: UInt16
    public var commissioningFlow: CommissioningFlow
    public var discoveryCapabilities: DiscoveryCapabilities
    /// The long (12-bit) discriminator.
    public var discriminator: UInt16
    /// 27 bits.
    public var passcode: UInt32
    /// The optional TLV data, in the order it is (or will be) encoded.
    public var extensionData: [SetupPayloadExtension]
    /// Optional TLV bytes that did not decode; when set, `extensionData` is empty.
    public var undecodableExtension: UndecodableExtension?

    public init(
        version: UInt8 = 0,
        vendorID: UInt16,
        productID: UInt16,
        commissioningFlow: CommissioningFlow = .standard,
        discoveryCapabilities: DiscoveryCapabilities = .onNetwork,
        discriminator: UInt16,
        passcode: UInt32,
        extensionData: [SetupPayloadExtension] = []
    ) {
        self.version = version
        self.vendorID = vendorID
        self.productID = productID
        self.commissioningFlow = commissioningFlow
        self.discoveryCapabilities = discoveryCapabilities
        self.discriminator = discriminator
        self.passcode = passcode
        self.extensionData = extensionData
    }

    public var shortDiscriminator: UInt8 { Discriminator.short(discriminator) }

    /// The value of the extension element with this tag, if present.
    public func extensionValue(_ tag: UInt8) -> SetupPayloadExtension.Value? {
        extensionData.last { $0.tag == tag }?.value
    }

    /// The serial number, written as the string or number it was encoded as.
    public var serialNumber: String? {
        switch extensionValue(SetupPayloadExtension.serialNumberTag) {
        case .string(let value): value
        case .unsigned(let value): String(value)
        case .signed(let value): String(value)
        case .bytes, nil: nil
        }
    }
}

/// One element of a QR payload's optional TLV data.
///
/// Tags below 0x80 are Matter's own (CHIP `SetupPayload.h`, "Spec 5.1.4.2 CHIP-Common Reserved Tags");
/// 0x80–0xFF belong to the vendor.
public struct SetupPayloadExtension: Hashable, Sendable {
    public enum Value: Hashable, Sendable {
        case string(String)
        case unsigned(UInt64)
        case signed(Int64)
        case bytes([UInt8])
    }

    public static let serialNumberTag: UInt8 = 0x00
    public static let pbkdfIterationsTag: UInt8 = 0x01
    public static let pbkdfSaltTag: UInt8 = 0x02
    public static let numberOfDevicesTag: UInt8 = 0x03
    public static let commissioningTimeoutTag: UInt8 = 0x04

    /// PBKDF2 iteration bounds for SPAKE2+ (CHIP `kSpake2p_Min_PBKDF_Iterations`, `..._Max_...`).
    public static let pbkdfIterationsRange: ClosedRange<UInt64> = 1000...100_000
    /// Salt length bounds for SPAKE2+ (CHIP `kSpake2p_Min_PBKDF_Salt_Length`, `..._Max_...`).
    public static let pbkdfSaltLengthRange: ClosedRange<Int> = 16...32

    public var tag: UInt8
    public var value: Value

    public init(tag: UInt8, value: Value) {
        self.tag = tag
        self.value = value
    }

    public var isVendorTag: Bool { tag >= 0x80 }

    /// A readable name for the tag.
    public var tagName: String {
        switch tag {
        case Self.serialNumberTag: "serial-number"
        case Self.pbkdfIterationsTag: "pbkdf-iterations"
        case Self.pbkdfSaltTag: "pbkdf-salt"
        case Self.numberOfDevicesTag: "number-of-devices"
        case Self.commissioningTimeoutTag: "commissioning-timeout"
        case 0x80...: "vendor-0x\(hex(tag))"
        default: "reserved-0x\(hex(tag))"
        }
    }

    /// Why this value is not allowed under its tag, or `nil` when it is.
    ///
    /// The rules of CHIP `SetupPayload::addOptionalExtensionData`; reserved common tags are accepted as
    /// they are, for forward compatibility.
    public var valueProblem: String? {
        switch (tag, value) {
        case (Self.serialNumberTag, .string): return nil
        case (Self.serialNumberTag, .unsigned(let number)):
            return number <= UInt64(UInt32.max) ? nil : "(serial number) must fit in 32 bits"
        case (Self.pbkdfIterationsTag, .unsigned(let number)):
            return Self.pbkdfIterationsRange.contains(number)
                ? nil : "(PBKDF iterations) must be 1000 to 100000, not \(number)"
        case (Self.pbkdfSaltTag, .bytes(let salt)):
            return Self.pbkdfSaltLengthRange.contains(salt.count)
                ? nil : "(PBKDF salt) must be 16 to 32 bytes, not \(salt.count)"
        case (Self.numberOfDevicesTag, .unsigned(let number)):
            return (1...255).contains(number) ? nil : "(number of devices) must be 1 to 255, not \(number)"
        case (Self.commissioningTimeoutTag, .unsigned(let number)):
            return number <= UInt64(UInt16.max) ? nil : "(commissioning timeout) must fit in 16 bits"
        case (Self.serialNumberTag, _):
            return "(serial number) must be a string or an unsigned integer"
        case (Self.pbkdfIterationsTag, _), (Self.numberOfDevicesTag, _), (Self.commissioningTimeoutTag, _):
            return "(\(tagName)) must be an unsigned integer"
        case (Self.pbkdfSaltTag, _):
            return "(PBKDF salt) must be a byte string"
        default:
            return nil
        }
    }
}
