import MHubJSON

/// Where and how `mhubd` serves its control protocol (docs/configuration.md, `control.*`).
public struct ControlConfiguration: Equatable, Sendable {
    /// The Unix socket's path; `nil` means the default in the runtime directory.
    public var unixSocketPath: String?
    /// Permission bits of the Unix socket (0660: owner and group).
    public var unixSocketMode: UInt16 = 0o660
    /// Scope of Unix-socket peers that are neither root nor the daemon's user.
    public var unixGroupScope = "commission"
    /// Whether the WebSocket listener runs at all.
    public var tcpEnabled = true
    public var tcpHost = "127.0.0.1"
    public var tcpPort: UInt16 = 5580
    /// Scope of loopback TCP clients that present no token (only when `tcpHost` is a loopback address);
    /// `none` requires a token there too. Not `admin` by default: any local user and any web page's script can
    /// reach loopback TCP, which the Unix socket's permissions do not let through.
    public var loopbackScope = "commission"
    public var tokens: [AccessToken] = []
    /// Who may name which app group (`AppGroupRule`); empty: any connection with the commission scope, any group.
    public var appGroups: [AppGroupRule] = []
    /// Web origins (`scheme://host[:port]`) whose pages may open the WebSocket, beside the hub's own
    /// (docs/configuration.md, "Who can connect").
    public var allowedOrigins: [String] = []
    /// Control connections served at once, on both sockets; more are refused with a reason.
    public var maximumConnections = 1024
    /// Control connections one principal (a Unix user, a token, the loopback) may hold at once.
    public var maximumConnectionsPerPrincipal = 512
    /// A WebSocket connection that has not completed its handshake after this long is closed.
    public var handshakeTimeoutMilliseconds = 10_000
    /// WebSocket connections waiting for their handshake at once; beyond it the oldest is closed.
    public var maximumPendingHandshakes = 64
    /// The largest request accepted, in bytes; larger ones get MessageTooLarge.
    public var maximumMessageBytes = 1 << 20
    /// Output queued for one client beyond this drops the client, so a stuck client cannot hold memory.
    public var maximumOutputBytes = 16 << 20

    public init() {}

    public static let scopeNames = ["read", "control", "commission", "admin"]
    /// `loopback_scope` may also be `none`: no tokenless clients at all.
    public static let loopbackScopeNames = scopeNames + ["none"]

    static func decode(_ object: inout ConfigurationObject) throws(ConfigurationError) -> ControlConfiguration {
        var control = ControlConfiguration()
        if let path = try object.optionalString("unix_socket") {
            guard path.hasPrefix("/") else {
                throw ConfigurationError(key: object.keyPath("unix_socket"), reason: "must be an absolute path")
            }
            control.unixSocketPath = path
        }
        control.unixSocketMode = try object.integer("unix_socket_mode", default: control.unixSocketMode, in: 0...0o777)
        control.unixGroupScope = try object.choice("unix_group_scope", default: control.unixGroupScope, in: scopeNames)
        control.tcpEnabled = try object.bool("tcp_enabled", default: control.tcpEnabled)
        control.tcpHost = try object.string("tcp_host", default: control.tcpHost)
        control.tcpPort = try object.integer("tcp_port", default: control.tcpPort, in: 0...UInt16.max)
        control.loopbackScope = try object.choice(
            "loopback_scope", default: control.loopbackScope, in: loopbackScopeNames)
        control.allowedOrigins = try decodeOrigins(&object)
        control.maximumConnections = try object.integer(
            "max_connections", default: control.maximumConnections, in: 1...100_000)
        control.maximumConnectionsPerPrincipal = try object.integer(
            "max_connections_per_principal", default: control.maximumConnectionsPerPrincipal, in: 1...100_000)
        control.handshakeTimeoutMilliseconds = try object.integer(
            "handshake_timeout_ms", default: control.handshakeTimeoutMilliseconds, in: 100...600_000)
        control.maximumPendingHandshakes = try object.integer(
            "max_pending_handshakes", default: control.maximumPendingHandshakes, in: 1...100_000)
        control.maximumMessageBytes = try object.integer(
            "max_message_bytes", default: control.maximumMessageBytes, in: 1024...(64 << 20))
        control.maximumOutputBytes = try object.integer(
            "max_output_bytes", default: control.maximumOutputBytes, in: 65536...(1 << 30))
        if let rules = object.raw("app_groups") {
            control.appGroups = try AppGroupRule.decode(rules, at: object.path("app_groups"))
        }
        if let tokens = object.raw("tokens") {
            guard case .array(let entries) = tokens else {
                throw ConfigurationError(key: object.keyPath("tokens"), reason: "must be an array")
            }
            for (index, entry) in entries.enumerated() {
                var token = try ConfigurationObject(entry, at: object.path("tokens").appending(index: index))
                let name = try token.string("name", default: "")
                let secret = try token.string("token", default: "")
                guard !name.isEmpty, secret.utf8.count >= 16 else {
                    throw ConfigurationError(
                        key: token.path.dotted, reason: "needs a \"name\" and a \"token\" of at least 16 characters")
                }
                let scope = try token.choice("scope", default: "admin", in: scopeNames)
                try token.rejectUnknownKeys()
                control.tokens.append(AccessToken(name: name, token: secret, scope: scope))
            }
        }
        return control
    }

    private static func decodeOrigins(_ object: inout ConfigurationObject) throws(ConfigurationError) -> [String] {
        guard let value = object.raw("allowed_origins") else { return [] }
        let key = object.keyPath("allowed_origins")
        guard case .array(let entries) = value else {
            throw ConfigurationError(key: key, reason: "must be an array of origins such as \"http://localhost:8080\"")
        }
        var origins: [String] = []
        for (index, entry) in entries.enumerated() {
            guard case .string(let text) = entry, let origin = WebOrigin(text) else {
                throw ConfigurationError(
                    key: "\(key)[\(index)]", reason: "must be an origin: scheme://host[:port], with no path")
            }
            origins.append(origin.serialized)
        }
        return origins
    }

    var json: JSONValue {
        [
            "unix_socket": unixSocketPath.map { .string($0) } ?? .null,
            "unix_socket_mode": .integer(Int64(unixSocketMode)),
            "unix_group_scope": .string(unixGroupScope),
            "tcp_enabled": .bool(tcpEnabled),
            "tcp_host": .string(tcpHost),
            "tcp_port": .integer(Int64(tcpPort)),
            "loopback_scope": .string(loopbackScope),
            "allowed_origins": .array(allowedOrigins.map { .string($0) }),
            "max_connections": .integer(Int64(maximumConnections)),
            "max_connections_per_principal": .integer(Int64(maximumConnectionsPerPrincipal)),
            "handshake_timeout_ms": .integer(Int64(handshakeTimeoutMilliseconds)),
            "max_pending_handshakes": .integer(Int64(maximumPendingHandshakes)),
            "max_message_bytes": .integer(Int64(maximumMessageBytes)),
            "max_output_bytes": .integer(Int64(maximumOutputBytes)),
            "app_groups": .array(appGroups.map(\.json)),
            // Secrets are never logged.
            "tokens": .array(
                tokens.map { ["name": .string($0.name), "token": "********", "scope": .string($0.scope)] }),
        ]
    }
}

/// A bearer token for TCP clients, with the name permissions are given to and its scope.
public struct AccessToken: Equatable, Sendable {
    public var name: String
    public var token: String
    public var scope: String

    public init(name: String, token: String, scope: String) {
        self.name = name
        self.token = token
        self.scope = scope
    }
}
