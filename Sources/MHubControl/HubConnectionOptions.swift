import MHubClient
import MHubCommandLine

/// The options every command that talks to `mhubd` takes, and the connection they describe.
enum HubConnectionOptions {
    static let options = [
        OptionSpec("socket", value: "PATH", help: "mhubd's Unix socket (default: the runtime directory's)"),
        OptionSpec("url", value: "URL", help: "connect over WebSocket instead, e.g. ws://127.0.0.1:5580/ws"),
        OptionSpec("token", value: "TOKEN", help: "access token for --url (or MHUB_TOKEN)"),
        OptionSpec("json", help: "print JSON instead of text"),
    ]

    static func endpoint(_ command: ParsedCommand, environment: [String: String]) throws(UsageError) -> MHubEndpoint {
        let token = command.value("token") ?? environment["MHUB_TOKEN"]
        if let url = command.value("url") ?? environment["MHUB_URL"] {
            guard let endpoint = MHubEndpoint(url: url, token: token) else {
                throw UsageError(
                    "--url takes ws://HOST:PORT/PATH or unix:/PATH, not \"\(url)\"", commandPath: command.path)
            }
            return endpoint
        }
        if let path = command.value("socket") ?? environment["MHUB_SOCKET"] {
            return .unix(path: path)
        }
        return MHubEndpoint.defaultSocket
    }

    static func connect(_ command: ParsedCommand, environment: [String: String]) throws -> MHubConnection {
        let endpoint = try endpoint(command, environment: environment)
        do {
            return try MHubConnection.connect(to: endpoint)
        } catch {
            throw CommandFailure("cannot reach mhubd at \(endpoint): \(error.details)")
        }
    }
}
