import Dispatch
import Foundation
import MHubPOSIX

/// A connected non-blocking socket's readiness on one queue: reads from the `ReadPoller` when it is readable, a
/// Dispatch write source that runs only while output waits for the socket, and the descriptor closed once the write
/// source is cancelled (after the poller let go of it). Control connections and Matter TCP connections are both
/// built on it.
///
/// - Important: Use from `queue` only.
package final class SocketSources {
    let fd: FileDescriptor
    private let poller: ReadPoller
    private var reads: ReadPoller.Registration?
    private let writeSource: any DispatchSourceWrite
    /// Whether the write source is resumed (output waits for the socket).
    private var writing = false
    private var cancelled = false
    /// Why the poller did not take the socket, if it did not.
    private var readStartFailure: String?

    package init(fd: FileDescriptor, queue: DispatchQueue, poller: ReadPoller) {
        self.fd = fd
        self.poller = poller
        writeSource = DispatchSource.makeWriteSource(fileDescriptor: fd.rawValue, queue: queue)
    }

    /// Starts reading; `writable` is called when waiting output can be written again. A socket the poller cannot
    /// take is reported as readable once, so its read fails and the connection ends.
    package func start(readable: @escaping () -> Void, writable: @escaping () -> Void) {
        writeSource.setEventHandler(handler: writable)
        writeSource.setCancelHandler { [fd] in fd.close() }
        do {
            reads = try poller.register(fd, handler: readable)
        } catch {
            readStartFailure = "\(error)"
            readable()
        }
    }

    package enum ReadResult {
        case bytes([UInt8])
        /// Nothing to read after all (EAGAIN, EINTR): wait for the next event.
        case nothing
        /// The peer closed its side.
        case end
        case failed(String)
    }

    /// One `read` of what is waiting, up to 64 KiB, into the poller's buffer; the bytes read come back as an array
    /// of their own size.
    package func read() -> ReadResult {
        if let readStartFailure { return .failed(readStartFailure) }
        return poller.withReadBuffer { buffer in
            switch fd.read(into: buffer) {
            case .success(0): .end
            case .success(let count): .bytes(Array(buffer[0..<count]))
            case .failure(.wouldBlock): .nothing
            case .failure(let errno): .failed("read: \(errno)")
            }
        }
    }

    /// Writes what `output` holds that the socket takes now, and keeps the write source running exactly while
    /// some is left.
    package func flush(_ output: inout OutputQueue) -> OutputQueue.FlushResult {
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

    /// Stops the reads and cancels the write source (a suspended source must be resumed to be cancelled); the
    /// descriptor is closed when its cancel handler has run.
    package func cancel() {
        guard !cancelled else { return }
        cancelled = true
        reads?.cancel()
        if !writing {
            writeSource.resume()
        }
        writeSource.cancel()
    }
}
