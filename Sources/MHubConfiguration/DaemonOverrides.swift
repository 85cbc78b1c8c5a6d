/// What `mhubd`'s command line sets over its configuration file (docs/testing.md, "Throw-away instances").
///
/// Each flag wins over the file's key, at start and again after every reload, so a SIGHUP never undoes a flag.
/// `--ephemeral` gives the defaults a test wants: a fresh state directory (made and removed by the daemon) that
/// also holds the control socket, every port 0, DNS-SD off, commits synced only as far as a crash of mhubd needs
/// (`StorageSync.normal`); an explicit flag still wins over those.
public struct DaemonOverrides: Equatable, Sendable {
    public var ephemeral = false
    public var stateDirectory: String?
    public var unixSocketPath: String?
    public var tcpHost: String?
    public var tcpPort: UInt16?
    public var matterPort: UInt16?
    public var udcPort: UInt16?
    public var homeKitPort: UInt16?
    /// `--dns-sd` (true) or `--no-dns-sd` (false).
    public var dnsSD: Bool?
    public var logLevel: LogLevel?
    /// `--clock virtual`: the hub's timers move only when a client advances the clock (not a configuration key:
    /// a way to run, like `--ephemeral`).
    public var virtualClock = false
    /// A scenario file to load at start (`--scenario`).
    public var scenarioPath: String?
    /// Where to write the hub's input journal (`--record-inputs`): only for a hub that starts empty (`--ephemeral`),
    /// so that a replay starts where it started (docs/testing.md, "Recording and replaying a hub's inputs").
    public var recordInputsPath: String?

    public init() {}

    /// The flags as the command line gave them: `values` holds the options with a value, `flags` the bare ones.
    /// Relative paths are taken from `workingDirectory`.
    public static func parse(
        values: [String: String], flags: Set<String>, workingDirectory: String
    ) throws(ConfigurationError) -> DaemonOverrides {
        var overrides = DaemonOverrides()
        overrides.ephemeral = flags.contains("ephemeral")
        if flags.contains("dns-sd") && flags.contains("no-dns-sd") {
            throw ConfigurationError(key: "--dns-sd", reason: "cannot be given with --no-dns-sd")
        }
        if flags.contains("dns-sd") { overrides.dnsSD = true }
        if flags.contains("no-dns-sd") { overrides.dnsSD = false }
        overrides.stateDirectory = values["state-dir"].map { absolute($0, from: workingDirectory) }
        overrides.unixSocketPath = values["socket"].map { absolute($0, from: workingDirectory) }
        if overrides.ephemeral && overrides.stateDirectory != nil {
            throw ConfigurationError(
                key: "--state-dir", reason: "cannot be given with --ephemeral, which makes its own")
        }
        overrides.tcpHost = values["host"]
        overrides.tcpPort = try port(values, "port")
        overrides.matterPort = try port(values, "matter-port")
        overrides.udcPort = try port(values, "udc-port")
        overrides.homeKitPort = try port(values, "homekit-port")
        if let clock = values["clock"] {
            guard clock == "real" || clock == "virtual" else {
                throw ConfigurationError(key: "--clock", reason: "must be real or virtual, not \"\(clock)\"")
            }
            overrides.virtualClock = clock == "virtual"
        }
        overrides.scenarioPath = values["scenario"].map { absolute($0, from: workingDirectory) }
        overrides.recordInputsPath = values["record-inputs"].map { absolute($0, from: workingDirectory) }
        if overrides.recordInputsPath != nil {
            guard overrides.ephemeral else {
                throw ConfigurationError(
                    key: "--record-inputs",
                    reason:
                        "needs --ephemeral: a replay starts from an empty hub, and a state directory's hub does not "
                        + "start empty")
            }
            guard overrides.scenarioPath == nil else {
                throw ConfigurationError(
                    key: "--record-inputs",
                    reason: "cannot be given with --scenario; load the scenario once the hub runs (mhubctl scenario "
                        + "load), which the journal records as a request")
            }
        }
        if let level = values["log-level"] {
            guard let logLevel = LogLevel(rawValue: level) else {
                let choices = LogLevel.allCases.map(\.rawValue).joined(separator: ", ")
                throw ConfigurationError(key: "--log-level", reason: "must be one of \(choices), not \"\(level)\"")
            }
            overrides.logLevel = logLevel
        }
        return overrides
    }

    /// The configuration with these flags put over it. `ephemeralDirectory` is the directory the daemon made
    /// for `--ephemeral` (the state directory, and the socket's directory unless `--socket` names another).
    public func applied(to file: DaemonConfiguration, ephemeralDirectory: String?) -> DaemonConfiguration {
        var configuration = file
        if ephemeral {
            configuration.control.tcpPort = 0
            configuration.matter.port = 0
            configuration.matter.devicePortBase = 0
            configuration.udc.port = 0
            configuration.homeKit.port = 0
            configuration.dnsSD.enabled = false
            configuration.storageSync = .normal
            if let ephemeralDirectory {
                configuration.stateDirectory = ephemeralDirectory
                configuration.control.unixSocketPath = "\(ephemeralDirectory)/mhubd.sock"
            }
        }
        if let stateDirectory { configuration.stateDirectory = stateDirectory }
        if let unixSocketPath { configuration.control.unixSocketPath = unixSocketPath }
        if let tcpHost { configuration.control.tcpHost = tcpHost }
        if let tcpPort { configuration.control.tcpPort = tcpPort }
        if let matterPort { configuration.matter.port = matterPort }
        if let udcPort { configuration.udc.port = udcPort }
        if let homeKitPort { configuration.homeKit.port = homeKitPort }
        if let dnsSD { configuration.dnsSD.enabled = dnsSD }
        if let logLevel { configuration.logLevel = logLevel }
        return configuration
    }

    private static func port(_ values: [String: String], _ name: String) throws(ConfigurationError) -> UInt16? {
        guard let text = values[name] else { return nil }
        guard let port = UInt16(text) else {
            throw ConfigurationError(key: "--\(name)", reason: "must be a port from 0 to 65535, not \"\(text)\"")
        }
        return port
    }

    private static func absolute(_ path: String, from directory: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        return path == "." ? base : "\(base)/\(path.hasPrefix("./") ? String(path.dropFirst(2)) : path)"
    }
}
