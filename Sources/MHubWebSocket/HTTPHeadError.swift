/// Why bytes are not an acceptable HTTP/1.1 head, or a server's response does not complete a WebSocket handshake.
public enum HTTPHeadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The head had not ended after `limit` bytes.
    case headTooLarge(limit: Int)
    /// A byte that may not appear in a head: non-ASCII, a control other than HTAB, or a CR or LF that is not part
    /// of a CRLF pair. `offset` counts from the start of the head.
    case invalidByte(UInt8, offset: Int)
    /// The first line of a request is not `method SP request-target SP HTTP-version`.
    case malformedRequestLine(String)
    /// The first line of a response is not `HTTP-version SP status-code SP reason-phrase`.
    case malformedStatusLine(String)
    /// A header line is not `field-name ":" OWS field-value OWS`.
    case malformedHeaderLine(String)
    /// The server answered with a status other than 101 Switching Protocols.
    case unexpectedStatus(Int, reason: String)
    /// A header that must list `token` does not.
    case missingToken(header: String, token: String)
    /// `Sec-WebSocket-Accept` is missing (nil), repeated, or not the value the key calls for.
    case invalidAccept(expected: String, received: String?)
    /// The server chose extensions the client cannot speak.
    case unexpectedExtensions(String)

    public var description: String {
        switch self {
        case .headTooLarge(let limit): "HTTP head is larger than \(limit) bytes"
        case .invalidByte(let byte, let offset):
            "HTTP head has the invalid byte 0x\(String(byte, radix: 16)) at offset \(offset)"
        case .malformedRequestLine(let line): "malformed HTTP request line \"\(line)\""
        case .malformedStatusLine(let line): "malformed HTTP status line \"\(line)\""
        case .malformedHeaderLine(let line): "malformed HTTP header line \"\(line)\""
        case .unexpectedStatus(let status, let reason):
            "server answered \(status) \(reason) instead of 101 Switching Protocols"
        case .missingToken(let header, let token): "server response's \(header) header does not list \"\(token)\""
        case .invalidAccept(let expected, let received):
            if let received {
                "server sent Sec-WebSocket-Accept \"\(received)\" where \"\(expected)\" was expected"
            } else {
                "server sent no single Sec-WebSocket-Accept header"
            }
        case .unexpectedExtensions(let extensions): "server chose WebSocket extensions nobody asked for: \(extensions)"
        }
    }
}
