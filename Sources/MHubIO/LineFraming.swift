/// Splits a byte stream into lines (one JSON message each) with a hard size limit.
///
/// A line longer than the limit is reported once as `.oversized` and skipped up to its newline, so the
/// connection goes on with the next message.
struct LineSplitter {
    let maximumBytes: Int
    private var buffer: [UInt8] = []
    private var discarding = false

    init(maximumBytes: Int) {
        self.maximumBytes = maximumBytes
    }

    enum Item: Equatable {
        case line([UInt8])
        case oversized
    }

    mutating func append(_ bytes: some Collection<UInt8>) -> [Item] {
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
