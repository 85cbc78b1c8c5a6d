/// What a HomeKit accessory advertises as `_hap._tcp` (HAP R14 §6.4, Table 6-7; reference section 1): the nine TXT
/// keys the ADK registers (`HAP/HAPIPServiceDiscovery.c`), in its order.
public struct HAPAdvertisement: Hashable, Sendable {
    public static let serviceType = "_hap._tcp"

    /// The instance name: the bridge's name.
    public var name: String
    public var port: UInt16
    /// `id`: the Device ID, `XX:XX:XX:XX:XX:XX`.
    public var deviceID: String
    /// `c#`: 1 to 65535.
    public var configurationNumber: UInt32
    /// `sf` bit 0: not paired.
    public var paired: Bool
    /// `md`.
    public var model: String
    /// `ci`: 2 for a bridge.
    public var category: UInt8
    /// `sh`: Base64 of the setup hash's four bytes.
    public var setupHash: String

    public init(
        name: String, port: UInt16, deviceID: String, configurationNumber: UInt32, paired: Bool, model: String,
        category: UInt8 = 2, setupHash: String
    ) {
        self.name = name
        self.port = port
        self.deviceID = deviceID
        self.configurationNumber = configurationNumber
        self.paired = paired
        self.model = model
        self.category = category
        self.setupHash = setupHash
    }

    /// `c#` as advertised: the kept number wrapped into 1…65535 (ADK `HAPAccessoryServerGetCN`).
    public static func advertised(_ number: UInt32) -> UInt32 {
        (number &- 1) % 65535 + 1
    }

    /// The service: `c#`, `ff` 0 (no MFi authentication), `id`, `md`, `pv` 1.1, `s#` 1 (always 1 over IP), `sf` 1
    /// while unpaired and 0 after, `ci`, `sh`.
    public func service() throws(DNSSDError) -> DNSSDService {
        let service = DNSSDService(
            type: Self.serviceType, instanceName: name, port: port,
            txt: [
                DNSSDTXTEntry("c#", String(configurationNumber)), DNSSDTXTEntry("ff", "0"),
                DNSSDTXTEntry("id", deviceID), DNSSDTXTEntry("md", model), DNSSDTXTEntry("pv", "1.1"),
                DNSSDTXTEntry("s#", "1"), DNSSDTXTEntry("sf", paired ? "0" : "1"),
                DNSSDTXTEntry("ci", String(category)), DNSSDTXTEntry("sh", setupHash),
            ], collisionPolicy: .alternativeName)
        try service.validate()
        return service
    }
}
