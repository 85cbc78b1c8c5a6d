import Dispatch
import MHubEventLoop
import MHubPOSIX

/// One accepted HAP connection: bytes in and out, with a bounded output queue. What the bytes mean (HTTP, sealed
/// frames) is the accessory server's.
///
/// - Important: Confined to the daemon's queue; the descriptor is closed only once both of its Dispatch sources have
///   been cancelled.
final class HomeKitConnection {
    /// Output waiting for a peer that does not read beyond this drops the connection (a full `/accessories` of 149
    /// accessories is well under it).
    static let maximumOutputBytes = 4 << 20

    let id: UInt64
    /// `address:port`, for logs.
    let peer: String
    private let queue: DispatchQueue
    private let sources: SocketSources
    private var output = OutputQueue()
    private var closeWhenFlushed = false
    private(set) var closed = false

    var onBytes: ((HomeKitConnection, [UInt8]) -> Void)?
    /// Called once when the connection is gone, with the reason.
    var onClose: ((HomeKitConnection, String) -> Void)?

    init(id: UInt64, fd: FileDescriptor, peer: String, queue: DispatchQueue, poller: ReadPoller) {
        self.id = id
        self.peer = peer
        self.queue = queue
        sources = SocketSources(fd: fd, queue: queue, poller: poller)
    }

    func start() {
        dispatchPrecondition(condition: .onQueue(queue))
        sources.start(readable: { [weak self] in self?.readAvailable() }, writable: { [weak self] in self?.flush() })
    }

    func send(_ bytes: [UInt8]) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !closed, !closeWhenFlushed else { return }
        if output.count + bytes.count > Self.maximumOutputBytes {
            close(reason: "output queue over \(Self.maximumOutputBytes) bytes: the peer does not read")
            return
        }
        output.append(bytes)
        flush()
    }

    /// Closes once what was sent is written (a reply before its connection goes).
    func closeAfterSending(reason: String) {
        guard !closed else { return }
        if output.isEmpty {
            close(reason: reason)
        } else {
            closeWhenFlushed = true
            closeReason = reason
        }
    }

    private var closeReason = ""

    func close(reason: String) {
        guard !closed else { return }
        closed = true
        sources.cancel()
        let onClose = onClose
        self.onClose = nil
        onBytes = nil
        onClose?(self, reason)
    }

    private func readAvailable() {
        switch sources.read() {
        case .bytes(let bytes):
            if !closeWhenFlushed { onBytes?(self, bytes) }
        case .nothing: return
        case .end: close(reason: "the peer closed the connection")
        case .failed(let reason): close(reason: reason)
        }
    }

    private func flush() {
        guard !closed else { return }
        if case .failed(let reason) = sources.flush(&output) {
            close(reason: reason)
            return
        }
        if closeWhenFlushed && output.isEmpty { close(reason: closeReason) }
    }
}
