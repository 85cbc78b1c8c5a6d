import Dispatch
import Foundation
import MHubPOSIX

/// A connected non-blocking socket's two Dispatch sources on one queue: reads when it is readable, a write source
/// that runs only while output waits for the socket, and the descriptor closed once both sources are cancelled.
/// Control connections and Matter TCP connections are both built on it.
///
/// - Important: Use from `queue` only.
final class SocketSources {
    let fd: FileDescriptor
    private let readSource: any DispatchSourceRead
    private let writeSource: any DispatchSourceWrite
    /// Whether the write source is resumed (output waits for the socket).
    private var writing = false
    private var cancelledSources = 0
    private var cancelled = false

    init(fd: FileDescriptor, queue: DispatchQueue) {
        self.fd = fd
        readSource = DispatchSource.makeReadSource(fileDescriptor: fd.rawValue, queue: queue)
        writeSource = DispatchSource.makeWriteSource(fileDescriptor: fd.rawValue, queue: queue)
    }

    /// Starts reading; `writable` is called when waiting output can be written again.
    func start(readable: @escaping () -> Void, writable: @escaping () -> Void) {
        readSource.setEventHandler(handler: readable)
        writeSource.setEventHandler(handler: writable)
        let cancelHandler: () -> Void = { [self] in
            cancelledSources += 1
            if cancelledSources == 2 {
                fd.close()
            }
        }
        readSource.setCancelHandler(handler: cancelHandler)
        writeSource.setCancelHandler(handler: cancelHandler)
        readSource.resume()
    }

    enum ReadResult {
        case bytes(ArraySlice<UInt8>)
        /// Nothing to read after all (EAGAIN, EINTR): wait for the next event.
        case nothing
        /// The peer closed its side.
        case end
        case failed(String)
    }

    /// One `read` of what is waiting, up to 64 KiB.
    func read() -> ReadResult {
        var buffer = [UInt8](repeating: 0, count: 65536)
        switch buffer.withUnsafeMutableBytes({ fd.read(into: $0) }) {
        case .success(0): return .end
        case .success(let count): return .bytes(buffer[0..<count])
        case .failure(.wouldBlock): return .nothing
        case .failure(let errno): return .failed("read: \(errno)")
        }
    }

    /// Writes what `output` holds that the socket takes now, and keeps the write source running exactly while
    /// some is left.
    func flush(_ output: inout OutputQueue) -> OutputQueue.FlushResult {
        let result = output.flush(to: fd)
        switch result {
        case .wouldBlock:
            if !writing {
                writing = true
                writeSource.resume()
            }
        case .drained:
            if writing {
                writing = false
                writeSource.suspend()
            }
        case .failed:
            break
        }
        return result
    }

    /// Cancels both sources (a suspended source must be resumed to be cancelled); the descriptor is closed when
    /// both cancel handlers have run.
    func cancel() {
        guard !cancelled else { return }
        cancelled = true
        readSource.cancel()
        if !writing {
            writeSource.resume()
        }
        writeSource.cancel()
    }
}
