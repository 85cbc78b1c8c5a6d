import MHubJSON

/// One controller paired with the hub's HomeKit bridge.
public struct HomeKitPairingInfo: ProtocolValue {
    /// The controller's pairing identifier as it sent it (a UUID from Apple's Home app and from aiohomekit).
    public var identifier: String
    public var admin: Bool

    public init(identifier: String, admin: Bool) {
        self.identifier = identifier
        self.admin = admin
    }

    public static let what = "a HomeKit pairing"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        identifier = try object.requiredString("identifier")
        admin = try object.bool("admin") ?? false
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("admin", admin)
        json.member("identifier", identifier)
        json.endObject()
    }
}

/// `get_homekit`: the hub's HomeKit face (docs/homekit.md): where it listens, the setup code and the codes that carry
/// it, and who is paired. Only `enabled` when `homekit.enabled` is off.
public struct HomeKitStatus: ProtocolValue {
    public var enabled: Bool
    /// The TCP port HAP is served on (0 until the port listens).
    public var port: Int64
    /// The accessory's Device ID, `XX:XX:XX:XX:XX:XX`: `_hap._tcp`'s `id`.
    public var deviceID: String
    /// `XXX-XX-XXX`.
    public var setupCode: String
    /// Four characters of 0-9 and A-Z.
    public var setupID: String
    /// `X-HM://…`, what the QR code carries.
    public var setupURI: String
    public var paired: Bool
    /// `_hap._tcp`'s `c#`: goes up when the accessories change.
    public var configurationNumber: Int64
    /// The devices served as accessories, and those left out (no HomeKit service for their kind, or past the limit).
    public var accessories: Int64
    public var omittedDevices: Int64
    public var pairings: [HomeKitPairingInfo]

    public init(
        enabled: Bool, port: Int64 = 0, deviceID: String = "", setupCode: String = "", setupID: String = "",
        setupURI: String = "", paired: Bool = false, configurationNumber: Int64 = 0, accessories: Int64 = 0,
        omittedDevices: Int64 = 0, pairings: [HomeKitPairingInfo] = []
    ) {
        self.enabled = enabled
        self.port = port
        self.deviceID = deviceID
        self.setupCode = setupCode
        self.setupID = setupID
        self.setupURI = setupURI
        self.paired = paired
        self.configurationNumber = configurationNumber
        self.accessories = accessories
        self.omittedDevices = omittedDevices
        self.pairings = pairings
    }

    public static let what = "the HomeKit face"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        enabled = try object.bool("enabled") ?? false
        port = try object.integer("port") ?? 0
        deviceID = try object.string("device_id") ?? ""
        setupCode = try object.string("setup_code") ?? ""
        setupID = try object.string("setup_id") ?? ""
        setupURI = try object.string("setup_uri") ?? ""
        paired = try object.bool("paired") ?? false
        configurationNumber = try object.integer("configuration_number") ?? 0
        accessories = try object.integer("accessories") ?? 0
        omittedDevices = try object.integer("omitted_devices") ?? 0
        pairings = try [HomeKitPairingInfo](json: object.raw("pairings") ?? [])
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("accessories", accessories)
        json.member("configuration_number", configurationNumber)
        json.member("device_id", deviceID)
        json.member("enabled", enabled)
        json.member("omitted_devices", omittedDevices)
        json.member("paired", paired)
        json.member("pairings", pairings)
        json.member("port", port)
        json.member("setup_code", setupCode)
        json.member("setup_id", setupID)
        json.member("setup_uri", setupURI)
        json.endObject()
    }
}

// MARK: requests

public struct GetHomeKit: ProtocolRequest {
    public typealias Reply = HomeKitStatus
    public static let command = HubCommand.getHomeKit

    public init() {}

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) {}

    public var arguments: [String: JSONValue] { [:] }
}
