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
    /// Scope of loopback TCP clients that present no token (only when `tcpHost` is a loopback address).
    public var loopbackScope = "admin"
    public var tokens: [AccessToken] = []
    /// The largest request accepted, in bytes; larger ones get MessageTooLarge.
    public var maximumMessageBytes = 1 << 20
    /// Output queued for one client beyond this drops the client, so a stuck client cannot hold memory.
    public var maximumOutputBytes = 16 << 20

    public init() {}

    public static let scopeNames = ["read", "control", "commission", "admin"]

    /// Whether the configured TCP host is a loopback address (tokens are then optional).
    public var tcpIsLoopback: Bool {
        tcpHost == "localhost" || tcpHost == "::1" || tcpHost.hasPrefix("127.")
    }

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
        control.loopbackScope = try object.choice("loopback_scope", default: control.loopbackScope, in: scopeNames)
        control.maximumMessageBytes = try object.integer(
            "max_message_bytes", default: control.maximumMessageBytes, in: 1024...(64 << 20))
        control.maximumOutputBytes = try object.integer(
            "max_output_bytes", default: control.maximumOutputBytes, in: 65536...(1 << 30))
        if let tokens = object.raw("tokens") {
            guard case .array(let entries) = tokens else {
                throw ConfigurationError(key: object.keyPath("tokens"), reason: "must be an array")
            }
            for (index, entry) in entries.enumerated() {
                var token = try ConfigurationObject(entry, path: object.keyPath("tokens[\(index)]"))
                let name = try token.string("name", default: "")
                let secret = try token.string("token", default: "")
                guard !name.isEmpty, secret.utf8.count >= 16 else {
                    throw ConfigurationError(
                        key: token.path, reason: "needs a \"name\" and a \"token\" of at least 16 characters")
                }
                let scope = try token.choice("scope", default: "admin", in: scopeNames)
                try token.rejectUnknownKeys()
                control.tokens.append(AccessToken(name: name, token: secret, scope: scope))
            }
        }
        return control
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
            "max_message_bytes": .integer(Int64(maximumMessageBytes)),
            "max_output_bytes": .integer(Int64(maximumOutputBytes)),
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
