import MatterTLV

/// What a commissionee sends a commissioner's `_matterd._udp` port to ask for commissioning
/// (Matter reference E; CHIP `UserDirectedCommissioning.h` `IdentificationDeclaration`).
///
/// Payload: a fixed block of 17 bytes holding the commissionee's `_matterc._udp` instance name (16
/// characters at most, NUL-padded), then, if the payload is longer, one anonymous TLV structure with the
/// context tags below. The tag numbers are those of current CHIP (`UdcIdTag`); older versions numbered
/// them differently.
public struct IdentificationDeclaration: Hashable, Sendable {
    /// TLV context tags (CHIP `IdentificationDeclarationTLVTag`).
    public enum Tag: UInt8, CaseIterable, Sendable {
        case vendorID = 1
        case productID = 2
        case deviceName = 3
        case deviceType = 4
        case pairingInstruction = 5
        case pairingHint = 6
        case rotatingID = 7
        case commissionerDeclarationPort = 8
        case targetAppList = 9
        case targetApp = 10
        case appVendorID = 11
        case appProductID = 12
        case noPasscode = 13
        case cdUponPasscodeDialog = 14
        case commissionerPasscode = 15
        case commissionerPasscodeReady = 16
        case cancelPasscode = 17
        case passcodeLength = 18
    }

    public struct TargetApp: Hashable, Sendable {
        public var vendorID: UInt16
        public var productID: UInt16?

        public init(vendorID: UInt16, productID: UInt16? = nil) {
            self.vendorID = vendorID
            self.productID = productID
        }
    }

    /// The size of the instance-name block (`kInstanceNameMaxLength + 1`).
    public static let instanceNameBlockLength = 17
    /// The largest payload CHIP reads (`kUdcTLVDataMaxBytes`).
    public static let maximumPayloadLength = 500
    /// Field limits of CHIP: `kMaxDeviceNameLen`, `kMaxPairingInstructionLen`, `kMaxRotatingIdLen`,
    /// `kMaxTargetAppInfos`.
    public static let maximumDeviceNameLength = 32
    public static let maximumPairingInstructionLength = 128
    public static let maximumRotatingIDLength = 50
    public static let maximumTargetApps = 10

    public var instanceName: String
    public var vendorID: UInt16?
    public var productID: UInt16?
    public var deviceName: String?
    public var deviceType: UInt32?
    public var pairingInstruction: String?
    public var pairingHint: UInt16?
    public var rotatingID: [UInt8]?
    public var commissionerDeclarationPort: UInt16?
    public var targetApps: [TargetApp] = []
    public var noPasscode = false
    public var cdUponPasscodeDialog = false
    public var commissionerPasscode = false
    public var commissionerPasscodeReady = false
    public var cancelPasscode = false
    public var passcodeLength: UInt8?

    public init(instanceName: String) {
        self.instanceName = instanceName
    }

    /// Reads a payload as CHIP's `IdentificationDeclaration::ReadPayload` does, but refuses what it would
    /// only log: wrong types, values out of range, fields over their limits. Unknown tags are skipped.
    public init(payload: [UInt8]) throws(UDCDecodingError) {
        guard payload.count <= Self.maximumPayloadLength else { throw .payloadTooLong(payload.count) }
        let nameBytes = payload.prefix(Self.instanceNameBlockLength - 1).prefix { $0 != 0 }
        guard !nameBytes.isEmpty, nameBytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { throw .badInstanceName }
        self.init(instanceName: String(decoding: nameBytes, as: UTF8.self))
        guard payload.count > Self.instanceNameBlockLength else { return }
        let element: TLVElement
        do {
            element = try TLVDecoder().decodeElement(payload[Self.instanceNameBlockLength...])
        } catch {
            throw .notTLVStructure
        }
        guard element.tag == .anonymous, case .structure(let members) = element.value else {
            throw .notTLVStructure
        }
        for member in members {
            guard case .context(let number) = member.tag, let tag = Tag(rawValue: number) else { continue }
            try read(member.value, as: tag)
        }
    }

    private mutating func read(_ value: TLVValue, as tag: Tag) throws(UDCDecodingError) {
        switch tag {
        case .vendorID: vendorID = try Self.unsigned(value, tag)
        case .productID: productID = try Self.unsigned(value, tag)
        case .deviceName: deviceName = try Self.text(value, tag, maximum: Self.maximumDeviceNameLength)
        case .deviceType: deviceType = try Self.unsigned(value, tag)
        case .pairingInstruction:
            pairingInstruction = try Self.text(value, tag, maximum: Self.maximumPairingInstructionLength)
        case .pairingHint: pairingHint = try Self.unsigned(value, tag)
        case .rotatingID:
            guard case .bytes(let bytes) = value, bytes.count <= Self.maximumRotatingIDLength else {
                throw .badField(tag: tag.rawValue, name: "\(tag)")
            }
            rotatingID = bytes
        case .commissionerDeclarationPort: commissionerDeclarationPort = try Self.unsigned(value, tag)
        case .targetAppList: targetApps = try Self.targetApps(value)
        case .targetApp, .appVendorID, .appProductID: break  // only inside the list
        case .noPasscode: noPasscode = try Self.bool(value, tag)
        case .cdUponPasscodeDialog: cdUponPasscodeDialog = try Self.bool(value, tag)
        case .commissionerPasscode: commissionerPasscode = try Self.bool(value, tag)
        case .commissionerPasscodeReady: commissionerPasscodeReady = try Self.bool(value, tag)
        case .cancelPasscode: cancelPasscode = try Self.bool(value, tag)
        case .passcodeLength: passcodeLength = try Self.unsigned(value, tag)
        }
    }

    /// The TargetAppList (a TLV list in CHIP's writer): TargetApp structures (tag 10) of AppVendorId (11)
    /// and AppProductId (12); CHIP keeps an app only when its vendor is not 0.
    private static func targetApps(_ value: TLVValue) throws(UDCDecodingError) -> [TargetApp] {
        guard let members = value.members else {
            throw .badField(tag: Tag.targetAppList.rawValue, name: "\(Tag.targetAppList)")
        }
        return try targetApps(from: members)
    }

    private static func targetApps(from members: [TLVElement]) throws(UDCDecodingError) -> [TargetApp] {
        var apps: [TargetApp] = []
        for member in members where member.tag == .context(Tag.targetApp.rawValue) {
            guard case .structure(let fields) = member.value else {
                throw .badField(tag: Tag.targetApp.rawValue, name: "\(Tag.targetApp)")
            }
            var vendor: UInt16 = 0
            var product: UInt16?
            for field in fields {
                if field.tag == .context(Tag.appVendorID.rawValue) {
                    vendor = try unsigned(field.value, .appVendorID)
                } else if field.tag == .context(Tag.appProductID.rawValue) {
                    product = try unsigned(field.value, .appProductID)
                }
            }
            if vendor != 0 {
                apps.append(TargetApp(vendorID: vendor, productID: product))
            }
        }
        guard apps.count <= maximumTargetApps else {
            throw .badField(tag: Tag.targetAppList.rawValue, name: "\(Tag.targetAppList)")
        }
        return apps
    }

    private static func unsigned<T: FixedWidthInteger & UnsignedInteger>(_ value: TLVValue, _ tag: Tag)
        throws(UDCDecodingError) -> T
    {
        guard case .unsigned(let number) = value, let result = T(exactly: number) else {
            throw .badField(tag: tag.rawValue, name: "\(tag)")
        }
        return result
    }

    private static func text(_ value: TLVValue, _ tag: Tag, maximum: Int) throws(UDCDecodingError) -> String {
        guard case .utf8(let text) = value, text.utf8.count <= maximum else {
            throw .badField(tag: tag.rawValue, name: "\(tag)")
        }
        return text
    }

    private static func bool(_ value: TLVValue, _ tag: Tag) throws(UDCDecodingError) -> Bool {
        guard case .bool(let flag) = value else { throw .badField(tag: tag.rawValue, name: "\(tag)") }
        return flag
    }
}
