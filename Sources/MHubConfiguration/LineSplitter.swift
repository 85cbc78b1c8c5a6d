/// Splits a byte stream into lines (one JSON message each, as the control protocol's Unix socket frames them)
/// with a hard size limit.
///
/// An incremental decoder: `append` bytes as they arrive and take the items they complete. A line ends at LF; one
/// CR before the LF is dropped; empty lines are skipped. A line longer than the limit (counting a CR before its
/// LF) is reported once as `.oversized` and skipped up to its newline, so the connection goes on with the next
/// message. How the bytes are split into `append` calls changes nothing.
public struct LineSplitter: Sendable {
    public let maximumBytes: Int
    /// The start of a line whose end has not arrived yet.
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
        if let items = bytes.withContiguousStorageIfAvailable({ split($0) }) {
            return items
        }
        return Array(bytes).withUnsafeBufferPointer { split($0) }
    }

    /// Finds the newlines and takes what lies between them in runs, not byte by byte.
    private mutating func split(_ bytes: UnsafeBufferPointer<UInt8>) -> [Item] {
        var items: [Item] = []
        var start = 0
        while start < bytes.count {
            guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
                take(UnsafeBufferPointer(rebasing: bytes[start...]), into: &items)
                break
            }
            let piece = UnsafeBufferPointer(rebasing: bytes[start..<newline])
            if buffer.isEmpty && !discarding && piece.count <= maximumBytes {
                // The whole line is here: no copy into the buffer first.
                let line = piece.last == UInt8(ascii: "\r") ? UnsafeBufferPointer(rebasing: piece.dropLast()) : piece
                if !line.isEmpty { items.append(.line(Array(line))) }
            } else {
                take(piece, into: &items)
                endLine(into: &items)
            }
            start = newline + 1
        }
        return items
    }

    /// Bytes of the current line, before its newline.
    private mutating func take(_ piece: UnsafeBufferPointer<UInt8>, into items: inout [Item]) {
        guard !discarding, !piece.isEmpty else { return }
        if buffer.count + piece.count > maximumBytes {
            items.append(.oversized)
            buffer = []
            discarding = true
        } else {
            buffer.append(contentsOf: piece)
        }
    }

    /// The current line's newline arrived.
    private mutating func endLine(into items: inout [Item]) {
        if discarding {
            discarding = false
        } else {
            if buffer.last == UInt8(ascii: "\r") { buffer.removeLast() }
            if !buffer.isEmpty { items.append(.line(buffer)) }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
