import Foundation

/// Bytes waiting to be written to a non-blocking socket, and the writing of as many as it takes now.
///
/// Owners keep one per connection, bound it with `count` before appending, and resume their write
/// source when `flush` says the socket would block.
struct OutputQueue {
    private var bytes: [UInt8] = []
    private var offset = 0

    /// Bytes not yet written.
    var count: Int { bytes.count - offset }

    var isEmpty: Bool { offset == bytes.count }

    mutating func append(_ more: some Collection<UInt8>) {
        bytes += more
    }

    enum FlushResult: Equatable {
        /// Everything is written.
        case drained
        /// The socket takes no more now; wait until it is writable.
        case wouldBlock
        /// Writing failed; the connection is gone.
        case failed(String)
    }

    /// Writes what the socket takes (`send` with MSG_NOSIGNAL, EINTR retried).
    mutating func flush(to fd: Int32) -> FlushResult {
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN { return .wouldBlock }
                return .failed("write: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
        // Keep a small buffer for the next messages; give a large one back.
        bytes.removeAll(keepingCapacity: bytes.count < 1 << 16)
        offset = 0
        return .drained
    }
}
