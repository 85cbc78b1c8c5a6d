/// What a commissionable node advertises as `_matterc._udp` (reference A.1).
///
/// Records, as CHIP writes them (`Advertiser_ImplMinimalMdns.cpp` `Advertise(CommissionAdvertisingParameters)`
/// and `GetCommissioningTxtEntries`):
/// - instance name: the 64-bit `instanceIdentifier` as 16 uppercase hex digits;
/// - port: the secured port, 5540 by default;
/// - subtypes, in CHIP's order: `_V<vendor>` (if known), `_T<device type>` (if known), `_S<short
///   discriminator>`, `_L<long discriminator>` (always), `_CM` (only while `CM` is not 0); numbers are decimal
///   without leading zeros (`MakeServiceSubtype`, `%u`);
/// - TXT, in CHIP's order: `VP`, `DT`, `DN`, then `SII`, `SAI`, `SAT`, `T`, `ICD` (`MatterCommonTXT`), then
///   `D` and `CM` (always), `RI`, `PH`, `PI`.
public struct CommissionableNodeAdvertisement: Hashable, Sendable {
    /// The random identifier behind the instance name (`MatterInstanceName.commissionable`).
    public var instanceIdentifier: UInt64
    public var port: UInt16
    /// The 12-bit long discriminator, 0...4095 (reference B.2).
    public var discriminator: UInt16
    public var commissioningMode: MatterCommissioningMode
    /// `VP` and `_V`; 1...65535, or `nil` to leave the vendor out (allowed for privacy).
    public var vendorID: UInt16?
    /// The product half of `VP=<vendor>+<product>`; needs `vendorID`.
    public var productID: UInt16?
    /// `DT` and `_T`: the primary device type ID.
    public var deviceType: UInt32?
    /// `DN`: at most 32 bytes of UTF-8 (`kMaxDeviceNameLen`).
    public var deviceName: String?
    /// `RI`: the rotating device identifier, at most 50 bytes, written as uppercase hex.
    public var rotatingDeviceID: [UInt8]?
    /// `PH`: the pairing hint bitmap (bits 0...19, matter.js `PairingHintBitmap.ts`).
    public var pairingHint: UInt32?
    /// `PI`: the pairing instruction, at most 128 bytes; required by the hint bits that ask for one.
    public var pairingInstruction: String?
    public var common: MatterCommonTXT

    public init(
        instanceIdentifier: UInt64, port: UInt16 = MatterServiceType.securedPort, discriminator: UInt16,
        commissioningMode: MatterCommissioningMode, vendorID: UInt16? = nil, productID: UInt16? = nil,
        deviceType: UInt32? = nil, deviceName: String? = nil, rotatingDeviceID: [UInt8]? = nil,
        pairingHint: UInt32? = nil, pairingInstruction: String? = nil, common: MatterCommonTXT = MatterCommonTXT()
    ) {
        self.instanceIdentifier = instanceIdentifier
        self.port = port
        self.discriminator = discriminator
        self.commissioningMode = commissioningMode
        self.vendorID = vendorID
        self.productID = productID
        self.deviceType = deviceType
        self.deviceName = deviceName
        self.rotatingDeviceID = rotatingDeviceID
        self.pairingHint = pairingHint
        self.pairingInstruction = pairingInstruction
        self.common = common
    }

    /// The largest long discriminator (`kMaxDiscriminatorValue = 0xFFF`).
    public static let maximumDiscriminator: UInt16 = 0xFFF
    /// Pairing hint bits that need `PI` (matter.js `PAIRING_HINTS_REQUIRING_INSTRUCTION`: 4, 8–12, 15–19).
    public static let hintBitsRequiringInstruction: UInt32 = 1 << 4 | 0x1F << 8 | 0x1F << 15

    /// The 4-bit short discriminator, the long one's upper bits (CHIP `Dnssd.cpp`: `(discriminator >> 8) & 0x0F`).
    public var shortDiscriminator: UInt16 { (discriminator >> 8) & 0x0F }

    /// The service to publish, after checking every input.
    public func service() throws(DNSSDError) -> DNSSDService {
        guard discriminator <= Self.maximumDiscriminator else {
            throw DNSSDError("discriminator", "\(discriminator) does not fit in 12 bits (0...4095)")
        }
        if let pairingHint {
            guard pairingHint < 1 << 20 else {
                throw DNSSDError("pairingHint", "\(pairingHint) sets bits above 19, which no hint defines")
            }
            if pairingHint & Self.hintBitsRequiringInstruction != 0, pairingInstruction == nil {
                throw DNSSDError("pairingInstruction", "pairing hint \(pairingHint) sets a bit that needs PI")
            }
        }
        if let rotatingDeviceID, rotatingDeviceID.isEmpty || rotatingDeviceID.count > 50 {
            throw DNSSDError("rotatingDeviceID", "RI carries 1 to 50 bytes, not \(rotatingDeviceID.count)")
        }
        try checkText(pairingInstruction, field: "pairingInstruction", key: "PI", maximum: 128)

        var txt = try MatterProductTXT.entries(
            vendorID: vendorID, productID: productID, deviceType: deviceType, deviceName: deviceName)
        txt += try common.entries()
        txt.append(DNSSDTXTEntry("D", String(discriminator)))
        txt.append(DNSSDTXTEntry("CM", String(commissioningMode.rawValue)))
        if let rotatingDeviceID {
            txt.append(DNSSDTXTEntry("RI", hexString(rotatingDeviceID)))
        }
        if let pairingHint {
            txt.append(DNSSDTXTEntry("PH", String(pairingHint)))
        }
        if let pairingInstruction {
            txt.append(DNSSDTXTEntry("PI", pairingInstruction))
        }

        var subtypes = MatterProductTXT.subtypes(vendorID: vendorID, deviceType: deviceType)
        subtypes.append("_S\(shortDiscriminator)")
        subtypes.append("_L\(discriminator)")
        if commissioningMode != .disabled {
            subtypes.append("_CM")
        }

        let service = DNSSDService(
            type: MatterServiceType.commissionable, instanceName: MatterInstanceName.commissionable(instanceIdentifier),
            port: port, txt: txt, subtypes: subtypes, collisionPolicy: .alternativeName)
        try service.validate()
        return service
    }
}

/// Checks that optional text fits its TXT value limit.
func checkText(_ text: String?, field: String, key: String, maximum: Int) throws(DNSSDError) {
    guard let text else { return }
    guard !text.isEmpty, text.utf8.count <= maximum else {
        throw DNSSDError(field, "\(key) is 1 to \(maximum) bytes of UTF-8, not \(text.utf8.count)")
    }
}
