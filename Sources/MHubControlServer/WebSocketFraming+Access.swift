import Foundation
import MHubConfiguration
import MHubWebSocket

extension WebSocketFraming {
    /// The prefix of a `Sec-WebSocket-Protocol` element that carries a token: how a browser page, which cannot set
    /// `Authorization`, presents one without putting it in a URL (docs/dashboard.md, "Admin on the page").
    static let bearerSubprotocolPrefix = "mhub.bearer."

    /// Why a browser page's handshake is refused, if it is (RFC 6455 section 10.2: the server decides by `Origin`).
    ///
    /// Clients that are not browsers send no `Origin` and pass. A page passes if its origin is in
    /// `allowedOrigins`, or if it was loaded from this very listener: its origin's host and port are the
    /// request's `Host`, and that host is `localhost` or an IP literal, so a page of another site cannot pass by
    /// rebinding its own domain name to 127.0.0.1 (DNS rebinding).
    func originRefusal(_ head: HTTPRequestHead) -> String? {
        let values = head.headerValues("Origin")
        guard !values.isEmpty else { return nil }
        guard values.count == 1, let origin = WebOrigin(values[0]) else {
            return "the Origin header is not one web origin"
        }
        if access.allowedOrigins.contains(origin) { return nil }
        if let host = head.header("Host"), origin.isSameHost(asHostHeader: host), origin.hostIsLiteralOrLocalhost,
            ["http", "https"].contains(origin.scheme)
        {
            return nil
        }
        return "pages from \(origin) may not use the control protocol (control.allowed_origins)"
    }

    /// A bearer token from, in this order, `Authorization: Bearer …`, a `Sec-WebSocket-Protocol` element
    /// `mhub.bearer.<token>` (never selected: the 101 names `mhub`), or the `token` query parameter.
    static func token(in head: HTTPRequestHead) -> String? {
        if let authorization = head.header("Authorization"), authorization.lowercased().hasPrefix("bearer ") {
            return String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        }
        if let element = head.headerListElements("Sec-WebSocket-Protocol").first(where: {
            $0.hasPrefix(bearerSubprotocolPrefix)
        }) {
            return String(element.dropFirst(bearerSubprotocolPrefix.count))
        }
        guard let query = head.target.split(separator: "?", maxSplits: 1).dropFirst().first else { return nil }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0] == "token" {
                return String(parts[1]).removingPercentEncoding ?? String(parts[1])
            }
        }
        return nil
    }
}
