internal import MHubWebSocket

/// An incremental reader of HAP's HTTP/1.1 requests: `append(_:)` the bytes as they arrive (decrypted, once the
/// session is secured), then call `next()` until it returns nil. Several requests in one append and one request
/// across many give the same requests.
///
/// The head is read by mhub's one HTTP head parser (`HTTPHeadParser`: CRLF lines of printable ASCII), limited to
/// `maximumHeadBytes`; the body is exactly `Content-Length` bytes, limited to `maximumBodyBytes` and refused before
/// it is buffered. HAP controllers send one request at a time, in one write, with `Content-Length`
/// (hap-reference.md §2; aiohomekit `controller/ip/connection.py`), so a `Transfer-Encoding` is refused rather
/// than read. After an error every later call throws the same error: the owner closes the connection.
public struct HAPRequestParser: Sendable {
    public let maximumHeadBytes: Int
    public let maximumBodyBytes: Int
    private var heads: HTTPHeadParser
    /// A head whose body has not all arrived, and how long that body is.
    private var pending: (head: HAPRequest, length: Int)?
    /// The bytes after `pending`'s head: its body, and whatever followed.
    private var bodyBuffer: [UInt8] = []
    private var failure: HAPWireError?

    /// A parser that refuses heads over `maximumHeadBytes` (8 KiB: iOS's heads are a few hundred bytes) and bodies
    /// over `maximumBodyBytes` (64 KiB: the largest body a controller sends is a `PUT /characteristics`).
    public init(maximumHeadBytes: Int = 8 * 1024, maximumBodyBytes: Int = 64 * 1024) {
        precondition(maximumHeadBytes > 0 && maximumBodyBytes >= 0, "limits must be positive")
        self.maximumHeadBytes = maximumHeadBytes
        self.maximumBodyBytes = maximumBodyBytes
        heads = HTTPHeadParser(maximumBytes: maximumHeadBytes)
    }

    /// Buffers received bytes; nothing is parsed until `next()`.
    public mutating func append(_ bytes: some Collection<UInt8>) {
        guard failure == nil else { return }
        if pending != nil {
            bodyBuffer.append(contentsOf: bytes)
        } else {
            heads.append(bytes)
        }
    }

    /// The next whole request, or nil while it has not all arrived.
    public mutating func next() throws(HAPWireError) -> HAPRequest? {
        if let failure { throw failure }
        do {
            return try nextRequest()
        } catch {
            failure = error
            throw error
        }
    }

    private mutating func nextRequest() throws(HAPWireError) -> HAPRequest? {
        if pending == nil {
            let head: HTTPRequestHead?
            do {
                head = try heads.nextRequest()
            } catch {
                switch error {
                case .headTooLarge(let limit): throw .headTooLarge(limit: limit)
                default: throw .malformedHead(error.description)
                }
            }
            guard let head else { return nil }
            let (request, length) = try Self.request(from: head)
            guard length <= maximumBodyBytes else { throw .bodyTooLarge(length: length, limit: maximumBodyBytes) }
            guard length > 0 else { return request }
            pending = (request, length)
            bodyBuffer = heads.takeRemainder()
        }
        guard let (head, length) = pending, bodyBuffer.count >= length else { return nil }
        var request = head
        request.body = Array(bodyBuffer[..<length])
        heads.append(bodyBuffer[length...])
        bodyBuffer = []
        pending = nil
        return request
    }

    /// The request a head starts, and its body's length.
    private static func request(from head: HTTPRequestHead) throws(HAPWireError) -> (HAPRequest, Int) {
        guard head.version == "HTTP/1.1" else { throw .malformedHead("version \(head.version), not HTTP/1.1") }
        guard head.target.hasPrefix("/") else { throw .malformedHead("target \"\(head.target)\" is not a path") }
        if let encoding = head.header("Transfer-Encoding") { throw .transferEncodingNotSupported(encoding) }
        var length = 0
        let lengths = head.headerValues("Content-Length")
        if let first = lengths.first {
            // RFC 9112 §6.3: repeated Content-Length fields must agree, and the value is digits only.
            guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.utf8.count <= 18,
                first.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                let value = Int(first)
            else { throw .invalidContentLength(lengths.joined(separator: ", ")) }
            length = value
        }
        let request = HAPRequest(
            method: head.method, path: String(head.path), query: head.query.map(HAPQueryItem.parse) ?? [],
            headers: head.headers.map { HAPHeaderField(name: $0.name, value: $0.value) })
        return (request, length)
    }
}
