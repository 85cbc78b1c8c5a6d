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
    public var stateDirectory: String
    /// Made for this run by `--ephemeral` and removed when it stops.
    public var isEphemeral: Bool
    /// The clock the hub's timers run on (`--clock virtual`: only when told).
    public var clock: HubClockKind

    public init(
        processID: Int32, unixSocketPath: String?, webSocketURL: String?, matterPort: UInt16?, udcPort: UInt16?,
        stateDirectory: String, isEphemeral: Bool, clock: HubClockKind
    ) {
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
    public var json: JSONValue {
        [
            "pid": .integer(Int64(processID)),
            "unix_socket": unixSocketPath.map { .string($0) } ?? .null,
            "websocket_url": webSocketURL.map { .string($0) } ?? .null,
            "matter_port": matterPort.map { .integer(Int64($0)) } ?? .null,
            "udc_port": udcPort.map { .integer(Int64($0)) } ?? .null,
            "state_directory": .string(stateDirectory),
            "ephemeral": .bool(isEphemeral),
            "clock": .string(clock.rawValue),
            "version": .string(MHubVersion.string),
        ]
    }
}

extension Hub {
    /// The daemon bound everything and knows where this run is.
    public mutating func instanceKnown(_ instance: HubInstance) -> HubOutcome {
        self.instance = instance
        return HubOutcome()
    }
}
