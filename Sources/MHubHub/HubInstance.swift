import MHubJSON
import MHubProtocol

/// This run of `mhubd` as a client finds it: its process, where it listens, where it keeps its state. The daemon
/// learns it once everything is bound (ports given as 0 are known only then) and writes it to `--ready-file`;
/// `server_info` and `get_status` carry it as `instance` (docs/testing.md). Not stored: it describes this run.
public struct HubInstance: Hashable, Sendable {
    public var processID: Int32
    /// The Unix control socket's path, or `nil` when there is none.
    public var unixSocketPath: String?
    /// `ws://host:port/ws` of the WebSocket listener, or `nil` when it is off.
    public var webSocketURL: String?
    public var matterPort: UInt16?
    public var udcPort: UInt16?
    /// The HomeKit (HAP) TCP port, when `homekit.enabled`.
    public var homeKitPort: UInt16?
    public var stateDirectory: String
    /// Made for this run by `--ephemeral` and removed when it stops.
    public var isEphemeral: Bool
    /// The clock the hub's timers run on (`--clock virtual`: only when told).
    public var clock: HubClockKind

    public init(
        processID: Int32, unixSocketPath: String?, webSocketURL: String?, matterPort: UInt16?, udcPort: UInt16?,
        homeKitPort: UInt16? = nil, stateDirectory: String, isEphemeral: Bool, clock: HubClockKind
    ) {
        self.homeKitPort = homeKitPort
        self.processID = processID
        self.unixSocketPath = unixSocketPath
        self.webSocketURL = webSocketURL
        self.matterPort = matterPort
        self.udcPort = udcPort
        self.stateDirectory = stateDirectory
        self.isEphemeral = isEphemeral
        self.clock = clock
    }

    /// The object `server_info` and `get_status` carry; the ready file adds the admin token to it.
    public var info: InstanceInfo {
        InstanceInfo(
            processID: Int64(processID), unixSocket: unixSocketPath, webSocketURL: webSocketURL,
            matterPort: matterPort.map { Int64($0) }, udcPort: udcPort.map { Int64($0) },
            homeKitPort: homeKitPort.map { Int64($0) },
            stateDirectory: stateDirectory,
            ephemeral: isEphemeral, clock: clock.rawValue, version: MHubVersion.string)
    }

    /// `info` read back as JSON: the ready file is it with the admin token added (`ReadyAnnouncement`).
    public var json: JSONValue { JSONText(info).value }
}

extension Hub {
    /// The daemon bound everything and knows where this run is: the server info says so from now on.
    public mutating func instanceKnown(_ instance: HubInstance) -> HubOutcome {
        run.instance = instance
        refreshServerInfo()
        return HubOutcome()
    }
}
