import MHubJSON

/// The opening handshake (RFC 6455 §4): the HTTP Upgrade request and the server's answer.
public enum WebSocketHandshake {
    /// The GUID RFC 6455 §1.3 appends to the client's key.
    private static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// The `Sec-WebSocket-Accept` value for a `Sec-WebSocket-Key`: Base64 of the SHA-1 of key and GUID
    /// (RFC 6455 §4.2.2 item 5.4).
    public static func acceptValue(forKey key: String) -> String {
        Base64.encode(SHA1.digest(Array((key + guid).utf8)))
    }

    /// Checks a client's opening handshake for the endpoint at `path` and builds the response.
    ///
    /// Following RFC 6455 §4.2.1 and §4.2.2, in this order: a method other than GET gets 405; a version below
    /// HTTP/1.1 gets 505; a target whose path (query string ignored) is not `path` gets 404; a missing or repeated
    /// `Host` (RFC 9112 §3.2), an `Upgrade` without the token `websocket`, or a `Connection` without `upgrade` gets
    /// 400; a `Sec-WebSocket-Version` other than 13 gets 426 with `Sec-WebSocket-Version: 13` (§4.4); a
    /// `Sec-WebSocket-Key` that is not one Base64 value of 16 bytes gets 400. Of `subprotocols`, the server's in its
    /// order of preference, the first that the client offers in `Sec-WebSocket-Protocol` is selected and named in
    /// the response (§4.2.2 item 5.5); none is when the client offers none of them, and a browser then fails the
    /// connection if it offered any. No extension is selected (item 5.6 is optional).
    public static func serverResponse(to request: HTTPRequestHead, path: String, subprotocols: [String] = [])
        -> WebSocketHandshakeOutcome
    {
        let headers = request.headers
        guard request.method == "GET" else {
            return reject(
                405, "Method Not Allowed", "the WebSocket handshake must be a GET request, not \(request.method)",
                extraHeaders: [("Allow", "GET")])
        }
        guard isAtLeastHTTP11(request.version) else {
            return reject(
                505, "HTTP Version Not Supported", "the WebSocket handshake needs HTTP/1.1, not \(request.version)")
        }
        guard request.path == path else {
            // The path only: the query may carry a token, and refusals are logged.
            return reject(404, "Not Found", "no WebSocket endpoint at \(request.path)")
        }
        guard request.headerValues("Host").count == 1 else {
            return reject(400, "Bad Request", "the request must have exactly one Host header")
        }
        guard HTTPHeaderFields.listContains("Upgrade", token: "websocket", in: headers) else {
            return reject(400, "Bad Request", "the Upgrade header must include websocket")
        }
        guard HTTPHeaderFields.listContains("Connection", token: "upgrade", in: headers) else {
            return reject(400, "Bad Request", "the Connection header must include Upgrade")
        }
        guard HTTPHeaderFields.listElements("Sec-WebSocket-Version", in: headers) == ["13"] else {
            return reject(
                426, "Upgrade Required", "only WebSocket version 13 is supported",
                extraHeaders: [("Sec-WebSocket-Version", "13")])
        }
        let keys = request.headerValues("Sec-WebSocket-Key")
        guard keys.count == 1, Base64.decode(keys[0])?.count == 16 else {
            return reject(400, "Bad Request", "Sec-WebSocket-Key must be one Base64 value of 16 bytes")
        }
        let offered = HTTPHeaderFields.listElements("Sec-WebSocket-Protocol", in: headers)
        let selected = subprotocols.first { offered.contains($0) }
        let response = responseHead(
            status: 101, reason: "Switching Protocols",
            headers: [
                ("Upgrade", "websocket"), ("Connection", "Upgrade"),
                ("Sec-WebSocket-Accept", acceptValue(forKey: keys[0])),
            ] + (selected.map { [("Sec-WebSocket-Protocol", $0)] } ?? []))
        return .accept(response: Array(response.utf8))
    }

    /// A client's opening handshake for `path` on `host` (RFC 6455 §4.1), with `headers` appended.
    ///
    /// `host` is the `Host` value, with the port when it is not the default. `key` should come from
    /// `randomKey(using:)`. No field may contain CR or LF.
    public static func clientRequest(host: String, path: String, key: String, headers: [(String, String)] = [])
        -> [UInt8]
    {
        let fields =
            [
                ("Host", host), ("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Key", key),
                ("Sec-WebSocket-Version", "13"),
            ] + headers
        precondition(
            !(path + fields.map { $0.0 + $0.1 }.joined()).utf8.contains { $0 == 0x0D || $0 == 0x0A },
            "handshake fields must not contain CR or LF")
        var request = "GET \(path) HTTP/1.1\r\n"
        for (name, value) in fields {
            request += "\(name): \(value)\r\n"
        }
        return Array((request + "\r\n").utf8)
    }

    /// A fresh `Sec-WebSocket-Key`: 16 random bytes in Base64 (RFC 6455 §4.1).
    public static func randomKey(using generator: inout some RandomNumberGenerator) -> String {
        Base64.encode((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// Checks that a server's response completes the handshake begun with `key` (RFC 6455 §4.1).
    ///
    /// The status must be 101, `Upgrade` must list `websocket` and `Connection` `upgrade`, there must be one
    /// `Sec-WebSocket-Accept` equal to `acceptValue(forKey:)`, and no extension may be chosen since the client
    /// offers none this codec could speak.
    public static func validateServerResponse(_ response: HTTPResponseHead, key: String) throws(HTTPHeadError) {
        let headers = response.headers
        guard response.status == 101 else { throw .unexpectedStatus(response.status, reason: response.reason) }
        guard HTTPHeaderFields.listContains("Upgrade", token: "websocket", in: headers) else {
            throw .missingToken(header: "Upgrade", token: "websocket")
        }
        guard HTTPHeaderFields.listContains("Connection", token: "upgrade", in: headers) else {
            throw .missingToken(header: "Connection", token: "upgrade")
        }
        let expected = acceptValue(forKey: key)
        let accepts = response.headerValues("Sec-WebSocket-Accept")
        guard accepts.count == 1 else { throw .invalidAccept(expected: expected, received: nil) }
        guard accepts[0] == expected else { throw .invalidAccept(expected: expected, received: accepts[0]) }
        let extensions = HTTPHeaderFields.listElements("Sec-WebSocket-Extensions", in: headers)
        guard extensions.isEmpty else { throw .unexpectedExtensions(extensions.joined(separator: ", ")) }
    }

    /// Whether `version` is `HTTP/x.y` with x.y at least 1.1 (RFC 6455 §4.1 item 2).
    private static func isAtLeastHTTP11(_ version: String) -> Bool {
        let bytes = Array(version.utf8)
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        guard bytes.count == 8, bytes.starts(with: "HTTP/".utf8), digits.contains(bytes[5]),
            bytes[6] == UInt8(ascii: "."), digits.contains(bytes[7])
        else { return false }
        return (bytes[5], bytes[7]) >= (UInt8(ascii: "1"), UInt8(ascii: "1"))
    }

    private static func reject(
        _ status: Int, _ reason: String, _ message: String, extraHeaders: [(String, String)] = []
    ) -> WebSocketHandshakeOutcome {
        let body = message + "\n"
        let head = responseHead(
            status: status, reason: reason,
            headers: [
                ("Content-Type", "text/plain"), ("Content-Length", String(body.utf8.count)), ("Connection", "close"),
            ] + extraHeaders)
        return .reject(response: Array((head + body).utf8), reason: message)
    }

    private static func responseHead(status: Int, reason: String, headers: [(String, String)]) -> String {
        "HTTP/1.1 \(status) \(reason)\r\n" + headers.map { "\($0.0): \($0.1)\r\n" }.joined() + "\r\n"
    }
}
