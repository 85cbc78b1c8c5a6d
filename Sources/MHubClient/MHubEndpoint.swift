import Foundation
import MHubProtocol

/// Where a client finds `mhubd`: its Unix socket, or its WebSocket on TCP.
public enum MHubEndpoint: Sendable, Equatable, CustomStringConvertible {
    case unix(path: String)
    case webSocket(host: String, port: UInt16, path: String, token: String?)

    /// Reads `ws://HOST:PORT/PATH[?token=T]` or `unix:/PATH` (a bare absolute path also means a socket).
    public init?(url: String, token: String? = nil) {
        if url.hasPrefix("unix:") {
            self = .unix(path: String(url.dropFirst(5)))
            return
        }
        if url.hasPrefix("/") {
            self = .unix(path: url)
            return
        }
        guard url.hasPrefix("ws://") else { return nil }
        var rest = Substring(url.dropFirst(5))
        var path = "/ws"
        var query: Substring = ""
        if let slash = rest.firstIndex(of: "/") {
            path = String(rest[slash...])
            rest = rest[..<slash]
            if let mark = path.firstIndex(of: "?") {
                query = Substring(path[path.index(after: mark)...])
                path = String(path[..<mark])
            }
        }
        var host = String(rest)
        var port: UInt16 = 5580
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
            let after = host[host.index(after: close)...]
            if after.hasPrefix(":") {
                guard let parsed = UInt16(after.dropFirst()) else { return nil }
                port = parsed
            }
            host = String(host[host.index(after: host.startIndex)..<close])
        } else if let colon = host.lastIndex(of: ":") {
            guard let parsed = UInt16(host[host.index(after: colon)...]) else { return nil }
            port = parsed
            host = String(host[..<colon])
        }
        guard !host.isEmpty else { return nil }
        var found = token
        for pair in query.split(separator: "&") where pair.hasPrefix("token=") {
            found = String(pair.dropFirst(6)).removingPercentEncoding
        }
        self = .webSocket(host: host, port: port, path: path, token: found)
    }

    public var description: String {
        switch self {
        case .unix(let path): "unix:\(path)"
        case .webSocket(let host, let port, let path, _):
            "ws://\(host.contains(":") ? "[\(host)]" : host):\(port)\(path)"
        }
    }

    /// The socket of the system's `mhubd` (the service's, `systemd/mhubd.socket`).
    public static let systemSocketPath = "/run/mhubd/mhubd.sock"

    /// The socket `mhubd` listens on by default for this user (see docs/configuration.md); for a user
    /// who runs no `mhubd` of their own, the system service's (members of the `mhub` group may use it).
    public static var defaultSocket: MHubEndpoint {
        let user = ClientPlatform.effectiveUserID
        if user == 0 {
            return .unix(path: systemSocketPath)
        }
        var environment = ProcessInfo.processInfo.environment
        // A client's own service variables are not mhubd's.
        environment["RUNTIME_DIRECTORY"] = nil
        let personal = DefaultPaths(environment: environment, effectiveUserID: user, home: NSHomeDirectory())
            .socketPath
        if !FileManager.default.fileExists(atPath: personal) && FileManager.default.fileExists(atPath: systemSocketPath)
        {
            return .unix(path: systemSocketPath)
        }
        return .unix(path: personal)
    }
}
