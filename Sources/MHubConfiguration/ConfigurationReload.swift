/// What reloading the configuration file (SIGHUP) changes in a running `mhubd`.
///
/// Keys that can change at run time take their new values; keys that shape what was set up at start
/// (the hub's identity, paths, sockets, buffer sizes) keep their running values until a restart, and
/// are reported so the operator knows. Only key names are reported, never values: tokens are secrets.
public struct ConfigurationReload: Equatable, Sendable {
    /// The configuration to run with from now on.
    public var configuration: DaemonConfiguration
    /// Keys whose new values apply now, in the file's order.
    public var applied: [String]
    /// Keys that changed in the file but keep their running values until `mhubd` restarts.
    public var needRestart: [String]

    /// Compares the running configuration with one just read from the file.
    public init(running: DaemonConfiguration, loaded: DaemonConfiguration) {
        var configuration = loaded
        var applied: [String] = []
        var needRestart: [String] = []
        for field in Self.fields where field.differs(running, loaded) {
            if field.reloadable {
                applied.append(field.key)
            } else {
                needRestart.append(field.key)
                field.keepRunning(&configuration, running)
            }
        }
        self.configuration = configuration
        self.applied = applied
        self.needRestart = needRestart
    }

    /// Every key, as `docs/configuration.md` names it, in the file's order.
    public static var keys: [String] { fields.map(\.key) }
    /// The keys a reload applies.
    public static var reloadableKeys: [String] { fields.filter(\.reloadable).map(\.key) }

    private static let fields: [Field] = [
        Field("log_level", \.logLevel, reloadable: true),
        Field("hub.name", \.hub.name, reloadable: false),
        Field("hub.vendor_id", \.hub.vendorID, reloadable: false),
        Field("hub.product_id", \.hub.productID, reloadable: false),
        Field("hub.discriminator", \.hub.discriminator, reloadable: false),
        Field("hub.passcode", \.hub.passcode, reloadable: false),
        Field("hub.device_type", \.hub.deviceType, reloadable: false),
        Field("hub.vendor_name", \.hub.vendorName, reloadable: false),
        Field("hub.product_name", \.hub.productName, reloadable: false),
        Field("hub.serial_number", \.hub.serialNumber, reloadable: false),
        Field("state_directory", \.stateDirectory, reloadable: false),
        Field("storage_sync", \.storageSync, reloadable: false),
        Field("control.unix_socket", \.control.unixSocketPath, reloadable: false),
        Field("control.unix_socket_mode", \.control.unixSocketMode, reloadable: false),
        Field("control.unix_group_scope", \.control.unixGroupScope, reloadable: true),
        Field("control.tcp_enabled", \.control.tcpEnabled, reloadable: false),
        Field("control.tcp_host", \.control.tcpHost, reloadable: false),
        Field("control.tcp_port", \.control.tcpPort, reloadable: false),
        Field("control.loopback_scope", \.control.loopbackScope, reloadable: true),
        Field("control.tokens", \.control.tokens, reloadable: true),
        Field("control.app_groups", \.control.appGroups, reloadable: true),
        Field("control.allowed_origins", \.control.allowedOrigins, reloadable: true),
        Field("control.max_connections", \.control.maximumConnections, reloadable: true),
        Field("control.max_connections_per_principal", \.control.maximumConnectionsPerPrincipal, reloadable: true),
        Field("control.handshake_timeout_ms", \.control.handshakeTimeoutMilliseconds, reloadable: true),
        Field("control.max_pending_handshakes", \.control.maximumPendingHandshakes, reloadable: true),
        Field("control.max_message_bytes", \.control.maximumMessageBytes, reloadable: false),
        Field("control.max_output_bytes", \.control.maximumOutputBytes, reloadable: false),
        Field("commissioning.timing_profile", \.commissioning.timingProfile, reloadable: true),
        Field("commissioning.session_timeout_s", \.commissioning.sessionTimeoutSeconds, reloadable: true),
        Field("commissioning.disconnect_grace_ms", \.commissioning.disconnectGraceMilliseconds, reloadable: true),
        Field("simulated_devices", \.simulatedDevices, reloadable: true),
        // Ports are bound once; the records and the Thread data are published again with the new values.
        Field("matter", \.matter, reloadable: false),
        Field("udc", \.udc, reloadable: false),
        Field("dns_sd", \.dnsSD, reloadable: true),
        Field("thread", \.thread, reloadable: true),
        // The port is bound and the bridge's identity made once.
        Field("homekit", \.homeKit, reloadable: false),
    ]

    /// One key: how to tell whether it changed, and how to put its running value back.
    private struct Field: Sendable {
        let key: String
        let reloadable: Bool
        let differs: @Sendable (DaemonConfiguration, DaemonConfiguration) -> Bool
        let keepRunning: @Sendable (inout DaemonConfiguration, DaemonConfiguration) -> Void

        init<Value: Equatable & Sendable>(
            _ key: String, _ path: WritableKeyPath<DaemonConfiguration, Value> & Sendable, reloadable: Bool
        ) {
            self.key = key
            self.reloadable = reloadable
            differs = { $0[keyPath: path] != $1[keyPath: path] }
            keepRunning = { $0[keyPath: path] = $1[keyPath: path] }
        }
    }
}
