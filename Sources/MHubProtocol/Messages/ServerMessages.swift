import MHubJSON

// What a client learns of the hub first (docs/protocol.md §4): the OHF `ServerInfoMessage` every connection is
// greeted with, `server_info` answers and `server_info_updated` carries, with mhub's own members added.

/// This run of the daemon, as `server_info` and `get_status` show it.
public struct InstanceInfo: Hashable, Sendable {
    public var processID: Int64
    public var unixSocket: String?
    public var webSocketURL: String?
    public var matterPort: Int64?
    public var udcPort: Int64?
    public var stateDirectory: String
    public var ephemeral: Bool
    /// `real` or `virtual`.
    public var clock: String
    public var version: String

    public init(
        processID: Int64, unixSocket: String?, webSocketURL: String?, matterPort: Int64?, udcPort: Int64?,
        stateDirectory: String, ephemeral: Bool, clock: String, version: String
    ) {
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

extension InstanceInfo: JSONWritable {
    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("clock", clock)
        json.member("ephemeral", ephemeral)
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
        instance = nil
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
