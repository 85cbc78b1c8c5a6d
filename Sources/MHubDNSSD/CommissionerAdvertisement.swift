/// What a commissioner advertises as `_matterd._udp` so commissionees can ask it for user-directed
/// commissioning (reference A.2).
///
/// Records, as CHIP writes them (`Advertiser_ImplMinimalMdns.cpp` with `CommssionAdvertiseMode::kCommissioner`,
/// `src/app/server/Dnssd.cpp`):
/// - instance name: the 64-bit `instanceIdentifier` as 16 uppercase hex digits (CHIP uses the same identifier
///   as its `_matterc` instance);
/// - port: the unsecured user-directed-commissioning port, 5550 by default (`CHIP_UDC_PORT`);
/// - subtypes: `_V<vendor>` and `_T<device type>` only, each when known;
/// - TXT: `VP`, `DT`, `DN`, then `SII`, `SAI`, `SAT`, `T`, `ICD`, then `CP=1` when the commissioner can
///   generate a passcode. Never `D`, `CM`, `RI`, `PH` or `PI`.
public struct CommissionerAdvertisement: Hashable, Sendable {
    public var instanceIdentifier: UInt64
    public var port: UInt16
    public var vendorID: UInt16?
    public var productID: UInt16?
    public var deviceType: UInt32?
    /// `DN`: at most 32 bytes of UTF-8.
    public var deviceName: String?
    public var common: MatterCommonTXT
    /// `CP=1`: the commissioner supports commissioner-generated passcodes
    /// (`CHIP_DEVICE_CONFIG_ENABLE_COMMISSIONER_PASSCODE`).
    public var commissionerPasscode: Bool

    public init(
        instanceIdentifier: UInt64, port: UInt16 = MatterServiceType.userDirectedCommissioningPort,
        vendorID: UInt16? = nil, productID: UInt16? = nil, deviceType: UInt32? = nil, deviceName: String? = nil,
        common: MatterCommonTXT = MatterCommonTXT(), commissionerPasscode: Bool = false
    ) {
        self.instanceIdentifier = instanceIdentifier
        self.port = port
        self.vendorID = vendorID
        self.productID = productID
        self.deviceType = deviceType
        self.deviceName = deviceName
        self.common = common
        self.commissionerPasscode = commissionerPasscode
    }

    /// The service to publish, after checking every input.
    public func service() throws(DNSSDError) -> DNSSDService {
        var txt = try MatterProductTXT.entries(
            vendorID: vendorID, productID: productID, deviceType: deviceType, deviceName: deviceName)
        txt += try common.entries()
        if commissionerPasscode {
            txt.append(DNSSDTXTEntry("CP", "1"))
        }
        let service = DNSSDService(
            type: MatterServiceType.commissioner, instanceName: MatterInstanceName.commissionable(instanceIdentifier),
            port: port, txt: txt, subtypes: MatterProductTXT.subtypes(vendorID: vendorID, deviceType: deviceType),
            collisionPolicy: .alternativeName)
        try service.validate()
        return service
    }
}
