/// Matter over TCP: each message is preceded by its length as 4 bytes, little-endian.
///
/// Matter reference D, "TCP" (CHIP `src/transport/raw/TCP.cpp`, `kPacketSizeBytes = 4`): a length of 0 is a
/// valid empty message (skipped here), and a length above the maximum closes the connection. An incremental
/// decoder: `append` bytes as they arrive, then take whole messages with `next()`.
public struct MatterTCPFraming: Sendable {
    /// The largest message taken or announced (session parameter MaxTCPMessageSize): mhub's own limit.
    public static let maximumMessageLength = 64_000

    public enum FramingError: Error, Hashable, Sendable, CustomStringConvertible {
        case messageTooLong(UInt32)

        public var description: String {
            switch self {
            case .messageTooLong(let length):
                "a TCP message of \(length) bytes is over the \(MatterTCPFraming.maximumMessageLength)-byte limit"
            }
        }
    }

    private var buffer: [UInt8] = []
    private var offset = 0

    public init() {}

    /// Bytes received and not yet returned as messages.
    public var bufferedByteCount: Int { buffer.count - offset }

    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next whole message, nil if more bytes are needed; throws on a length over the maximum.
    public mutating func next() throws(FramingError) -> [UInt8]? {
        while bufferedByteCount >= 4 {
            let length =
                UInt32(buffer[offset]) | UInt32(buffer[offset + 1]) << 8 | UInt32(buffer[offset + 2]) << 16
                | UInt32(buffer[offset + 3]) << 24
            guard length <= UInt32(Self.maximumMessageLength) else { throw .messageTooLong(length) }
            guard bufferedByteCount >= 4 + Int(length) else { return nil }
            let start = offset + 4
            offset = start + Int(length)
            let message = Array(buffer[start..<offset])
            compact()
            if length > 0 { return message }
        }
        return nil
    }

    /// `message` with its length prefix.
    public static func frame(_ message: [UInt8]) -> [UInt8] {
        let length = UInt32(message.count)
        return [
            UInt8(truncatingIfNeeded: length), UInt8(truncatingIfNeeded: length >> 8),
            UInt8(truncatingIfNeeded: length >> 16), UInt8(truncatingIfNeeded: length >> 24),
        ] + message
    }

    private mutating func compact() {
        if offset == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.count < 1 << 16)
            offset = 0
        } else if offset > 1 << 16 {
            buffer.removeFirst(offset)
            offset = 0
        }
    }
}
