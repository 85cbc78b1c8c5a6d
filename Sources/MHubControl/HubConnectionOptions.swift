import Foundation
import MHubClient
import MHubCommandLine
import MHubProtocol

/// The options every command that talks to `mhubd` takes, and the connection they describe.
enum HubConnectionOptions {
    static let options = [
        OptionSpec("socket", value: "PATH", help: "mhubd's Unix socket (default: the runtime directory's)"),
        OptionSpec("url", value: "URL", help: "connect over WebSocket instead, e.g. ws://127.0.0.1:5580/ws"),
        OptionSpec("token", value: "TOKEN", help: "access token for --url (or MHUB_TOKEN)"),
        OptionSpec(
            "token-file", value: "PATH",
            help: "read the token for --url from PATH (or MHUB_TOKEN_FILE; default: mhubd's admin.token, if readable)"),
        OptionSpec("json", help: "print JSON instead of text"),
    ]

    static func endpoint(_ command: ParsedCommand, environment: [String: String]) throws(UsageError) -> MHubEndpoint {
        try resolve(command, environment: environment).endpoint
    }

    /// The endpoint, and whether its token is the default `admin.token` guessed for it (not named by the user).
    private static func resolve(_ command: ParsedCommand, environment: [String: String]) throws(UsageError)
        -> (endpoint: MHubEndpoint, guessedToken: Bool)
    {
        if let url = command.value("url") ?? environment["MHUB_URL"] {
            var token = command.value("token") ?? environment["MHUB_TOKEN"]
            var guessed = false
            if token == nil {
                if let path = command.value("token-file") ?? environment["MHUB_TOKEN_FILE"] {
                    guard let named = readToken(path) else {
                        throw UsageError("cannot read a token from \(path)", commandPath: command.path)
                    }
                    token = named
                } else {
                    token = defaultAdminToken(environment)
                    guessed = token != nil
                }
            }
            guard let endpoint = MHubEndpoint(url: url, token: token) else {
                throw UsageError(
                    "--url takes ws://HOST:PORT/PATH or unix:/PATH, not \"\(url)\"", commandPath: command.path)
            }
            return (endpoint, guessed)
        }
        if let path = command.value("socket") ?? environment["MHUB_SOCKET"] {
            return (.unix(path: path), false)
        }
        return (MHubEndpoint.defaultSocket, false)
    }

    /// The token of this user's default state directory's `admin.token`, if this user may read it: mhubd makes
    /// that file at first start (docs/configuration.md, "Who can connect").
    private static func defaultAdminToken(_ environment: [String: String]) -> String? {
        let defaults = DefaultPaths(environment: environment, effectiveUserID: geteuid(), home: NSHomeDirectory())
        return readToken(DefaultPaths.adminTokenPath(stateDirectory: defaults.stateDirectory))
    }

    private static func readToken(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return token.isEmpty ? nil : token
    }

    /// Connects; a guessed token that this mhubd does not know (another instance's) is dropped and the
    /// connection tried once more without it.
    static func connect(_ command: ParsedCommand, environment: [String: String]) throws -> MHubConnection {
        let (endpoint, guessed) = try resolve(command, environment: environment)
        do {
            return try MHubConnection.connect(to: endpoint)
        } catch {
            if guessed, case .webSocket(let host, let port, let path, _) = endpoint,
                error.details.contains("refused: 401"),
                let tokenless = try? MHubConnection.connect(
                    to: .webSocket(host: host, port: port, path: path, token: nil))
            {
                return tokenless
            }
            throw CommandFailure("cannot reach mhubd at \(endpoint): \(error.details)")
        }
    }
}
