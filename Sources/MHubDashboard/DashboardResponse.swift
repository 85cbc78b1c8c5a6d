/// A complete HTTP/1.1 response to a request for the page (RFC 9112 §4), which closes the connection.
public struct DashboardResponse: Sendable {
    public var status: Int
    public var reason: String
    /// The header fields, in order; the security fields (`securityFields`) are among them.
    public var headers: [(name: String, value: String)]
    /// The content; for HEAD it is counted in `Content-Length` but not sent (RFC 9110 §9.3.2).
    public var body: [UInt8]
    public var sendsBody: Bool

    /// The policy every response of the page carries (docs/dashboard.md, "Security").
    ///
    /// Scripts, styles and images only from the hub itself, never inline; the WebSocket only to the hub
    /// (`connect-src 'self'` matches `ws:` on the page's own host and port, CSP Level 3 §6.7.2.8); no framing
    /// (`frame-ancestors 'none'`, and `X-Frame-Options` for browsers without it); no forms posted anywhere.
    public static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// The fields of every response: the policy, no MIME sniffing (so a script is run only when served as one), no
    /// referrer (a page's address never leaves it), no framing, and a browsing context and resources of its own.
    public static let securityFields: [(name: String, value: String)] = [
        ("Content-Security-Policy", contentSecurityPolicy),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("X-Frame-Options", "DENY"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
        ("Cross-Origin-Resource-Policy", "same-origin"),
    ]

    init(
        status: Int, reason: String, contentType: String?, body: [UInt8], sendsBody: Bool = true,
        fields: [(name: String, value: String)] = []
    ) {
        self.status = status
        self.reason = reason
        self.body = body
        self.sendsBody = sendsBody
        var headers: [(name: String, value: String)] = []
        if let contentType {
            headers.append(("Content-Type", contentType))
            headers.append(("Content-Length", String(body.count)))
        }
        headers += fields + Self.securityFields + [("Connection", "close")]
        self.headers = headers
    }

    /// A plain-text error: `message` and a line feed.
    static func error(_ status: Int, _ reason: String, _ message: String, fields: [(name: String, value: String)] = [])
        -> DashboardResponse
    {
        DashboardResponse(
            status: status, reason: reason, contentType: "text/plain; charset=utf-8",
            body: Array((message + "\n").utf8),
            fields: [("Cache-Control", "no-store")] + fields)
    }

    /// The value of the first field called `name` (exact case, as this type writes them).
    public func header(_ name: String) -> String? {
        headers.first { $0.name == name }?.value
    }

    /// The response as bytes for the wire.
    public var serialized: [UInt8] {
        var head = "HTTP/1.1 \(status) \(reason)\r\n"
        for (name, value) in headers {
            head += "\(name): \(value)\r\n"
        }
        return Array((head + "\r\n").utf8) + (sendsBody ? body : [])
    }
}
