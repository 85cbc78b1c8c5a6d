/// A web origin, `scheme://host[:port]` (RFC 6454 section 6.2), as a browser sends it in a WebSocket handshake's
/// `Origin` header (RFC 6455 section 4.1, item 8; 10.2).
///
/// Scheme and host are compared in lower case and the scheme's default port is dropped, so
/// `HTTP://LocalHost:80` and `http://localhost` are one origin.
public struct WebOrigin: Hashable, Sendable, CustomStringConvertible {
    public var scheme: String
    public var host: String
    public var port: UInt16?

    /// Parses an origin; `nil` for anything else (a path, user info, a bad port, the opaque origin `null`).
    public init?(_ text: String) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].hasPrefix("//") else { return nil }
        let scheme = parts[0].lowercased()
        let authority = parts[1].dropFirst(2).lowercased()
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }),
            !authority.isEmpty, !authority.contains(where: { "/?#@ \\".contains($0) })
        else { return nil }
        guard let (host, port) = Self.splitAuthority(Substring(authority)) else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = port == Self.defaultPort(scheme) ? nil : port
    }

    /// `host[:port]` or `[v6]:port` into host and port.
    static func splitAuthority(_ authority: Substring) -> (String, UInt16?)? {
        var host = authority
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[...close]
            let rest = authority[authority.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return nil }
                portText = rest.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        }
        guard !host.isEmpty else { return nil }
        guard let portText else { return (String(host), nil) }
        guard !portText.isEmpty, portText.allSatisfy(\.isNumber), let port = UInt16(portText) else { return nil }
        return (String(host), port)
    }

    static func defaultPort(_ scheme: String) -> UInt16? {
        switch scheme {
        case "http", "ws": 80
        case "https", "wss": 443
        default: nil
        }
    }

    /// Whether `hostHeader` (an HTTP `Host` value) names this origin's host and port: a page loaded from the
    /// server it connects to.
    public func isSameHost(asHostHeader hostHeader: String) -> Bool {
        guard let (host, port) = Self.splitAuthority(Substring(hostHeader.lowercased())) else { return false }
        return host == self.host && (port ?? Self.defaultPort(scheme)) == (self.port ?? Self.defaultPort(scheme))
    }

    /// Whether the host is `localhost` or an IP literal: a name no other site can make a browser send for a page
    /// of its own (DNS rebinding needs a domain name it controls).
    public var hostIsLiteralOrLocalhost: Bool {
        if host == "localhost" || host.hasPrefix("[") { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { UInt8($0) != nil }
    }

    public var serialized: String {
        port.map { "\(scheme)://\(host):\($0)" } ?? "\(scheme)://\(host)"
    }

    public var description: String { serialized }
}
