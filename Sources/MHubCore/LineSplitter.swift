/// Splits a byte stream into lines (one JSON message each, as the control protocol's Unix socket frames them)
/// with a hard size limit.
///
/// An incremental decoder: `append` bytes as they arrive and take the items they complete. A line ends at LF; one
/// CR before the LF is dropped; empty lines are skipped. A line longer than the limit (counting a CR before its
/// LF) is reported once as `.oversized` and skipped up to its newline, so the connection goes on with the next
/// message. How the bytes are split into `append` calls changes nothing.
public struct LineSplitter: Sendable {
    public let maximumBytes: Int
    private var buffer: [UInt8] = []
    private var discarding = false

    public init(maximumBytes: Int) {
        self.maximumBytes = maximumBytes
    }

    public enum Item: Hashable, Sendable {
        case line([UInt8])
        case oversized
    }

    public mutating func append(_ bytes: some Collection<UInt8>) -> [Item] {
        var items: [Item] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if discarding {
                    discarding = false
                } else {
                    if buffer.last == UInt8(ascii: "\r") { buffer.removeLast() }
                    if !buffer.isEmpty { items.append(.line(buffer)) }
                }
                buffer.removeAll(keepingCapacity: true)
            } else if !discarding {
                buffer.append(byte)
                if buffer.count > maximumBytes {
                    items.append(.oversized)
                    buffer.removeAll(keepingCapacity: false)
                    discarding = true
                }
            }
        }
        return items
    }
}
