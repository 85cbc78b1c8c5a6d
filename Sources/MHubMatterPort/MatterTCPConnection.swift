import Dispatch
import Foundation
import MHubEventLoop
import MHubPOSIX
import MatterMessage
import MatterNode

/// One accepted Matter TCP connection: length-prefixed messages in and out, with a bounded output buffer.
///
/// - Important: Confined to the daemon's queue; the descriptor is closed only once both of its Dispatch sources
///   have been cancelled.
package final class MatterTCPConnection {
    /// Output waiting for a peer that does not read beyond this drops the connection.
    static let maximumOutputBytes = 1 << 20

    let id: UInt64
    let peer: MatterPeer
    private let queue: DispatchQueue
    private let sources: SocketSources
    private var framing = MatterTCPFraming()
    private var output = OutputQueue()
    private(set) var closed = false
    /// When the connection opened, or last carried a message the node took (`messageTaken(at:)`).
    private(set) var lastActivity: MonotonicInstant

    /// Each whole message received.
    var onMessage: ((MatterTCPConnection, [UInt8]) -> Void)?
    /// Called once when the connection is gone, with the reason.
    var onClose: ((MatterTCPConnection, String) -> Void)?

    package init(id: UInt64, fd: Int32, name: String, queue: DispatchQueue, poller: ReadPoller, now: MonotonicInstant) {
        self.id = id
        self.queue = queue
        peer = .tcp(connection: id, name: name)
        lastActivity = now
        sources = SocketSources(fd: FileDescriptor(rawValue: fd), queue: queue, poller: poller)
    }

    func start() {
        dispatchPrecondition(condition: .onQueue(queue))
        sources.start(readable: { [weak self] in self?.readAvailable() }, writable: { [weak self] in self?.flush() })
    }

    /// The node took a message from this connection: it is not idle.
    func messageTaken(at now: MonotonicInstant) {
        lastActivity = now
    }

    /// Queues one message with its length prefix.
    func send(_ message: [UInt8]) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !closed else { return }
        if output.count + message.count + 4 > Self.maximumOutputBytes {
            close(reason: "output queue over \(Self.maximumOutputBytes) bytes: the peer does not read")
            return
        }
        output.append(MatterTCPFraming.frame(message))
        flush()
    }

    func close(reason: String) {
        guard !closed else { return }
        closed = true
        sources.cancel()
        let onClose = onClose
        self.onClose = nil
        onMessage = nil
        onClose?(self, reason)
    }

    private func readAvailable() {
        let bytes: [UInt8]
        switch sources.read() {
        case .bytes(let read): bytes = read
        case .nothing: return
        case .end:
            close(reason: "the peer closed the connection")
            return
        case .failed(let reason):
            close(reason: reason)
            return
        }
        framing.append(bytes)
        do {
            while !closed, let message = try framing.next() {
                onMessage?(self, message)
            }
        } catch {
            close(reason: "\(error)")
        }
    }

    private func flush() {
        guard !closed else { return }
        if case .failed(let reason) = sources.flush(&output) {
            close(reason: reason)
        }
    }
}
