import MHubJSON

// What a client learns of the hub first (docs/protocol.md §4): the OHF `ServerInfoMessage` every connection is
// greeted with, `server_info` answers and `server_info_updated` carries, with mhub's own members added.

/// This run of the daemon, as `server_info` and `get_status` show it.
public struct InstanceInfo: ProtocolValue {
    public var processID: Int64
    public var unixSocket: String?
    public var webSocketURL: String?
    public var matterPort: Int64?
    public var udcPort: Int64?
    /// The HomeKit (HAP) TCP port, when `homekit.enabled`.
    public var homeKitPort: Int64?
    public var stateDirectory: String
    public var ephemeral: Bool
    /// `real` or `virtual`.
    public var clock: String
    public var version: String

    public init(
        processID: Int64, unixSocket: String?, webSocketURL: String?, matterPort: Int64?, udcPort: Int64?,
        homeKitPort: Int64? = nil, stateDirectory: String, ephemeral: Bool, clock: String, version: String
    ) {
        self.homeKitPort = homeKitPort
        self.processID = processID
        self.unixSocket = unixSocket
        self.webSocketURL = webSocketURL
        self.matterPort = matterPort
        self.udcPort = udcPort
        self.stateDirectory = stateDirectory
        self.ephemeral = ephemeral
        self.clock = clock
        self.version = version
    }
}

extension InstanceInfo {
    public static let what = "the instance"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        processID = try object.integer("pid") ?? 0
        unixSocket = try object.string("unix_socket")
        webSocketURL = try object.string("websocket_url")
        matterPort = try object.integer("matter_port")
        udcPort = try object.integer("udc_port")
        homeKitPort = try object.integer("homekit_port")
        stateDirectory = try object.string("state_directory") ?? ""
        ephemeral = try object.bool("ephemeral") ?? false
        clock = try object.string("clock") ?? ""
        version = try object.string("version") ?? ""
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("clock", clock)
        json.member("ephemeral", ephemeral)
        json.member("homekit_port", homeKitPort)
        json.member("matter_port", matterPort)
        json.member("pid", processID)
        json.member("state_directory", stateDirectory)
        json.member("udc_port", udcPort)
        json.member("unix_socket", unixSocket)
        json.member("version", version)
        json.member("websocket_url", webSocketURL)
        json.endObject()
    }
}

/// The OHF `ServerInfoMessage`, with mhub's own members (`mhub_version`, `hub_name`, `capabilities`, `instance`).
public struct ServerInfo: ProtocolValue {
    public var fabricID: UInt64
    public var compressedFabricID: UInt64
    public var schemaVersion: Int64
    public var minSupportedSchemaVersion: Int64
    public var sdkVersion: String
    public var wifiCredentialsSet: Bool
    public var threadCredentialsSet: Bool
    public var bluetoothEnabled: Bool
    public var mhubVersion: String
    public var hubName: String
    /// What the hub can do beside the OHF commands.
    public var capabilities: [String]
    /// `nil` until the daemon has bound everything.
    public var instance: InstanceInfo?

    public init(
        fabricID: UInt64, compressedFabricID: UInt64, schemaVersion: Int64, minSupportedSchemaVersion: Int64,
        sdkVersion: String, wifiCredentialsSet: Bool, threadCredentialsSet: Bool, bluetoothEnabled: Bool,
        mhubVersion: String, hubName: String, capabilities: [String], instance: InstanceInfo?
    ) {
        self.fabricID = fabricID
        self.compressedFabricID = compressedFabricID
        self.schemaVersion = schemaVersion
        self.minSupportedSchemaVersion = minSupportedSchemaVersion
        self.sdkVersion = sdkVersion
        self.wifiCredentialsSet = wifiCredentialsSet
        self.threadCredentialsSet = threadCredentialsSet
        self.bluetoothEnabled = bluetoothEnabled
        self.mhubVersion = mhubVersion
        self.hubName = hubName
        self.capabilities = capabilities
        self.instance = instance
    }

    public static let what = "the server info"

    /// What mhub can do beside the OHF commands (docs/protocol.md).
    public static let mhubCapabilities = [
        "commissioning_sessions", "simulated_devices", "rooms", "faults", "permissions", "app_groups", "structures",
        "notifications", "scenarios", "virtual_clock",
    ]

    /// Read as a client reads it: `schema_version` is what makes it the server info; the rest has defaults.
    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        schemaVersion = try object.requiredInteger("schema_version")
        minSupportedSchemaVersion = try object.integer("min_supported_schema_version") ?? schemaVersion
        fabricID = UInt64(bitPattern: try object.integer("fabric_id") ?? 0)
        compressedFabricID = UInt64(bitPattern: try object.integer("compressed_fabric_id") ?? 0)
        sdkVersion = try object.string("sdk_version") ?? ""
        wifiCredentialsSet = try object.bool("wifi_credentials_set") ?? false
        threadCredentialsSet = try object.bool("thread_credentials_set") ?? false
        bluetoothEnabled = try object.bool("bluetooth_enabled") ?? false
        mhubVersion = try object.string("mhub_version") ?? ""
        hubName = try object.string("hub_name") ?? ""
        capabilities = try object.strings("capabilities")
        instance = try InstanceInfo?(json: object.raw("instance") ?? .null)
    }

    /// What it says of the networks devices join (`mhubctl hub network show`).
    public var credentials: NetworkCredentialsSet {
        NetworkCredentialsSet(wifi: wifiCredentialsSet, thread: threadCredentialsSet)
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("bluetooth_enabled", bluetoothEnabled)
        json.member("capabilities", capabilities)
        json.member("compressed_fabric_id", Int64(bitPattern: compressedFabricID))
        json.member("fabric_id", Int64(bitPattern: fabricID))
        json.member("hub_name", hubName)
        json.member("instance", instance)
        json.member("mhub_version", mhubVersion)
        json.member("min_supported_schema_version", minSupportedSchemaVersion)
        json.member("schema_version", schemaVersion)
        json.member("sdk_version", sdkVersion)
        json.member("thread_credentials_set", threadCredentialsSet)
        json.member("wifi_credentials_set", wifiCredentialsSet)
        json.endObject()
    }
}

/// Whether the hub has Wi-Fi credentials and a Thread dataset to give devices, as `server_info` says.
public struct NetworkCredentialsSet: JSONWritable, Hashable, Sendable {
    public var wifi: Bool
    public var thread: Bool

    public init(wifi: Bool, thread: Bool) {
        self.wifi = wifi
        self.thread = thread
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("thread_credentials_set", thread)
        json.member("wifi_credentials_set", wifi)
        json.endObject()
    }
}

/// `get_status`: the hub at a glance, with its session, faults, window, advertising and this run.
public struct HubStatus: ProtocolValue {
    public var online: Bool
    public var hubName: String
    public var version: String
    public var timingProfile: String
    public var nodes: Int64
    public var structures: Int64
    public var rooms: Int64
    public var simulatedDevices: Int64
    public var session: SessionInfo?
    public var faults: FaultsStatus
    public var listeners: Int64
    public var commissioningWindow: CommissioningWindowInfo
    public var advertising: AdvertisingStatus
    public var instance: InstanceInfo?

    public init(
        online: Bool, hubName: String, version: String, timingProfile: String, nodes: Int64, structures: Int64,
        rooms: Int64, simulatedDevices: Int64, session: SessionInfo?, faults: FaultsStatus, listeners: Int64,
        commissioningWindow: CommissioningWindowInfo, advertising: AdvertisingStatus, instance: InstanceInfo?
    ) {
        self.online = online
        self.hubName = hubName
        self.version = version
        self.timingProfile = timingProfile
        self.nodes = nodes
        self.structures = structures
        self.rooms = rooms
        self.simulatedDevices = simulatedDevices
        self.session = session
        self.faults = faults
        self.listeners = listeners
        self.commissioningWindow = commissioningWindow
        self.advertising = advertising
        self.instance = instance
    }

    public static let what = "the hub's status"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        online = try object.bool("online") ?? true
        hubName = try object.string("hub_name") ?? ""
        version = try object.string("version") ?? ""
        timingProfile = try object.string("timing_profile") ?? ""
        nodes = try object.integer("nodes") ?? 0
        structures = try object.integer("structures") ?? 0
        rooms = try object.integer("rooms") ?? 0
        simulatedDevices = try object.integer("simulated_devices") ?? 0
        session = try SessionInfo?(json: object.raw("session") ?? .null)
        faults = try FaultsStatus(json: object.raw("faults") ?? [:])
        listeners = try object.integer("listeners") ?? 0
        commissioningWindow = try CommissioningWindowInfo(json: object.raw("commissioning_window") ?? [:])
        advertising = try AdvertisingStatus(json: object.raw("advertising") ?? [:])
        instance = try InstanceInfo?(json: object.raw("instance") ?? .null)
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("advertising", advertising)
        json.member("commissioning_window", commissioningWindow)
        json.member("faults", faults)
        json.member("hub_name", hubName)
        json.member("instance", instance)
        json.member("listeners", listeners)
        json.member("nodes", nodes)
        json.member("online", online)
        json.member("rooms", rooms)
        json.member("session", session)
        json.member("simulated_devices", simulatedDevices)
        json.member("structures", structures)
        json.member("timing_profile", timingProfile)
        json.member("version", version)
        json.endObject()
    }
}

// MARK: requests

public struct GetStatus: ProtocolRequest {
    public typealias Reply = HubStatus
    public static let command = HubCommand.getStatus

    public init() {}

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) {}

    public var arguments: [String: JSONValue] { [:] }
}
