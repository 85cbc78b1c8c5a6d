/// Why bytes from a controller were refused: a TLV8 body, an HTTP request, an encrypted frame or a JSON body.
///
/// Every decoder in `Wire/` throws only this, and an incremental one throws the same error again on every later
/// call, so the owner can log `description` once and close the connection.
public enum HAPWireError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A TLV8 item's header or value runs past the end of the bytes (`offset` is where the item starts).
    case truncatedTLV8(offset: Int)
    /// The request's head had not ended after `limit` bytes.
    case headTooLarge(limit: Int)
    /// The head is not HTTP/1.1 as HAP controllers write it: the request line, a header line or a byte in it.
    case malformedHead(String)
    /// A `Transfer-Encoding` on a request: HAP controllers send `Content-Length` only, and chunked request bodies
    /// are not read.
    case transferEncodingNotSupported(String)
    /// A `Content-Length` that is not one decimal number (or is repeated with another value).
    case invalidContentLength(String)
    /// A body longer than the parser's limit, refused before it is buffered.
    case bodyTooLarge(length: Int, limit: Int)
    /// An encrypted frame announcing more than 1024 plaintext bytes (ADK `kHAPIPSecurityProtocol_MaxFrameBytes`).
    case frameTooLong(length: Int)
    /// An encrypted frame whose tag did not verify: the connection must close, there is no resynchronising.
    case frameAuthenticationFailed(counter: UInt64)
    /// Sealing a frame failed in the AEAD (a key of the wrong size, an allocation in the crypto library).
    case frameSealingFailed(counter: UInt64)
    /// A JSON body that is not JSON.
    case invalidJSON(String)
    /// A JSON body that is JSON but not the shape HAP gives it (`what` says which member).
    case invalidBody(String)
    /// A query (`?id=…`) that does not say what HAP's query parameters say.
    case invalidQuery(String)

    public var description: String {
        switch self {
        case .truncatedTLV8(let offset): "TLV8 item at byte \(offset) runs past the end"
        case .headTooLarge(let limit): "HTTP request head is larger than \(limit) bytes"
        case .malformedHead(let why): "malformed HTTP request head: \(why)"
        case .transferEncodingNotSupported(let encoding): "HTTP request with Transfer-Encoding \"\(encoding)\""
        case .invalidContentLength(let value): "HTTP request with an invalid Content-Length \"\(value)\""
        case .bodyTooLarge(let length, let limit): "HTTP request body of \(length) bytes is over the \(limit) limit"
        case .frameTooLong(let length): "encrypted frame of \(length) bytes is over the 1024 limit"
        case .frameAuthenticationFailed(let counter): "encrypted frame \(counter) failed authentication"
        case .frameSealingFailed(let counter): "sealing encrypted frame \(counter) failed"
        case .invalidJSON(let why): "invalid JSON body: \(why)"
        case .invalidBody(let why): "invalid HAP body: \(why)"
        case .invalidQuery(let why): "invalid query: \(why)"
        }
    }
}
