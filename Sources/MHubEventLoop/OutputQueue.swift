import Foundation
import MHubPOSIX

/// Bytes waiting to be written to a non-blocking socket, and the writing of as many as it takes now.
///
/// Owners keep one per connection, bound it with `count` before appending, and resume their write
/// source when `flush` says the socket would block.
package struct OutputQueue {
    private var bytes: [UInt8] = []
    private var offset = 0

    /// Bytes not yet written.
    package var count: Int { bytes.count - offset }

    package var isEmpty: Bool { offset == bytes.count }

    package init() {}

    package mutating func append(_ more: some Collection<UInt8>) {
        bytes += more
    }

    package enum FlushResult: Equatable {
        /// Everything is written.
        case drained
        /// The socket takes no more now; wait until it is writable.
        case wouldBlock
        /// Writing failed; the connection is gone.
        case failed(String)
    }

    /// Writes what the socket takes (`send` with MSG_NOSIGNAL, EINTR retried).
    mutating func flush(to fd: FileDescriptor) -> FlushResult {
        while offset < bytes.count {
            let start = offset
            switch bytes.withUnsafeBytes({ fd.send(UnsafeRawBufferPointer(rebasing: $0[start...])) }) {
            case .success(let written): offset += written
            case .failure(.wouldBlock): return .wouldBlock
            case .failure(let errno): return .failed("write: \(errno)")
            }
        }
        // Keep a small buffer for the next messages; give a large one back.
        bytes.removeAll(keepingCapacity: bytes.count < 1 << 16)
        offset = 0
        return .drained
    }
}
