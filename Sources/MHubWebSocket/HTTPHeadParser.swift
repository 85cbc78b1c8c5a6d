/// An incremental parser of one HTTP/1.1 request or response head at a time (RFC 9112 §2.1).
///
/// Feed bytes with `append(_:)` as they arrive and call `nextRequest()` (server side) or `nextResponse()`
/// (client side) until it returns a head; an instance reads one kind only. The head ends at the first empty line;
/// bytes after it stay buffered for `takeRemainder()`, because a WebSocket client may send frames right behind its
/// handshake. Lines must end in CRLF, and only printable ASCII and HTAB may appear in them: RFC 9112 §2.2 lets a
/// server reject bare CR and LF, and obs-text and obs-fold (§5.2) have no business in a WebSocket handshake. Empty
/// lines before the first line are skipped (§2.2). After an error every later call throws the same error.
public struct HTTPHeadParser: Sendable {
    private let maximumBytes: Int
    private var buffer: [UInt8] = []
    /// Where scanning for the end of the head resumes; everything before it has been checked.
    private var scanIndex = 0
    private var lineStart = 0
    private var lines: [Range<Int>] = []
    private var failure: HTTPHeadError?

    /// A parser that rejects heads longer than `maximumBytes`, counting the final empty line.
    public init(maximumBytes: Int = 16 * 1024) {
        precondition(maximumBytes > 0, "an HTTP head needs at least one byte")
        self.maximumBytes = maximumBytes
    }

    /// Buffers received bytes; nothing is parsed until a `next…` call.
    public mutating func append(_ bytes: some Collection<UInt8>) {
        guard failure == nil else { return }
        buffer.append(contentsOf: bytes)
    }

    /// The next request head, or nil while its end has not arrived yet.
    public mutating func nextRequest() throws(HTTPHeadError) -> HTTPRequestHead? {
        do {
            guard let lines = try nextHeadLines() else { return nil }
            let (method, target, version) = try Self.parseRequestLine(lines[0])
            let headers = try lines.dropFirst().map(Self.parseHeaderLine)
            return HTTPRequestHead(method: method, target: target, version: version, headers: headers)
        } catch {
            failure = error
            throw error
        }
    }

    /// The next response head, or nil while its end has not arrived yet.
    public mutating func nextResponse() throws(HTTPHeadError) -> HTTPResponseHead? {
        do {
            guard let lines = try nextHeadLines() else { return nil }
            let (status, reason) = try Self.parseStatusLine(lines[0])
            let headers = try lines.dropFirst().map(Self.parseHeaderLine)
            return HTTPResponseHead(status: status, reason: reason, headers: headers)
        } catch {
            failure = error
            throw error
        }
    }

    /// Removes and returns every buffered byte that is not part of a head already returned.
    ///
    /// Called after a head, these are the bytes that followed it: for a WebSocket connection, the first frames.
    public mutating func takeRemainder() -> [UInt8] {
        let remainder = buffer
        buffer = []
        scanIndex = 0
        lineStart = 0
        lines = []
        return remainder
    }

    /// The lines of the next complete head, without their CRLF, consumed from the buffer.
    private mutating func nextHeadLines() throws(HTTPHeadError) -> [ArraySlice<UInt8>]? {
        if let failure { throw failure }
        let limit = min(buffer.count, maximumBytes)
        scanning: while scanIndex < limit {
            switch buffer[scanIndex] {
            case 0x0D:
                // The LF must be within the limit too. Reading the byte past it made the error depend on how the
                // bytes arrived (a CR in the limit's last place gave invalidByte when a non-LF came with it, and
                // headTooLarge when it came later); such a CR ends no head within the limit: headTooLarge.
                guard scanIndex + 1 < limit else { break scanning }
                guard buffer[scanIndex + 1] == 0x0A else { throw .invalidByte(0x0D, offset: scanIndex) }
                let line = lineStart..<scanIndex
                scanIndex += 2
                lineStart = scanIndex
                if !line.isEmpty {
                    lines.append(line)
                } else if !lines.isEmpty {
                    return consumeHead()
                }
            case 0x09, 0x20...0x7E:
                scanIndex += 1
            case let byte:
                throw .invalidByte(byte, offset: scanIndex)
            }
        }
        if buffer.count >= maximumBytes { throw .headTooLarge(limit: maximumBytes) }
        return nil
    }

    private mutating func consumeHead() -> [ArraySlice<UInt8>] {
        let head = lines.map { buffer[$0] }
        buffer.removeFirst(scanIndex)
        scanIndex = 0
        lineStart = 0
        lines = []
        return head
    }

    /// `method SP request-target SP HTTP-version` (RFC 9112 §3).
    private static func parseRequestLine(
        _ line: ArraySlice<UInt8>
    ) throws(HTTPHeadError) -> (method: String, target: String, version: String) {
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, HTTPHeaderFields.isToken(parts[0]), !parts[1].isEmpty,
            !parts[1].contains(0x09), isVersion(parts[2])
        else { throw .malformedRequestLine(string(line)) }
        return (string(parts[0]), string(parts[1]), string(parts[2]))
    }

    /// `HTTP-version SP status-code SP [reason-phrase]` (RFC 9112 §4); a missing final SP is tolerated.
    private static func parseStatusLine(_ line: ArraySlice<UInt8>) throws(HTTPHeadError) -> (Int, String) {
        let bytes = Array(line)
        guard bytes.count >= 12, isVersion(bytes[0..<8]), bytes[8] == UInt8(ascii: " "),
            bytes[9..<12].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            bytes.count == 12 || bytes[12] == UInt8(ascii: " ")
        else { throw .malformedStatusLine(string(line)) }
        let status = bytes[9..<12].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        return (status, string(bytes.dropFirst(13)))
    }

    /// `field-name ":" OWS field-value OWS` (RFC 9112 §5); whitespace before the colon is an error (§5.1).
    private static func parseHeaderLine(
        _ line: ArraySlice<UInt8>
    ) throws(HTTPHeadError) -> (name: String, value: String) {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), HTTPHeaderFields.isToken(line[..<colon]) else {
            throw .malformedHeaderLine(string(line))
        }
        let value = HTTPHeaderFields.trimmingWhitespace(Substring(string(line[(colon + 1)...])))
        return (string(line[..<colon]), value)
    }

    /// `HTTP-version = "HTTP/" DIGIT "." DIGIT` (RFC 9112 §2.3).
    private static func isVersion(_ text: ArraySlice<UInt8>) -> Bool {
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        return text.count == 8 && text.starts(with: "HTTP/".utf8) && digits.contains(text[text.startIndex + 5])
            && text[text.startIndex + 6] == UInt8(ascii: ".") && digits.contains(text[text.startIndex + 7])
    }

    private static func string(_ bytes: some Collection<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
