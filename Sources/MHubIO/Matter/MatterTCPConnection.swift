import Dispatch
import Foundation
import MatterMessage

/// One accepted Matter TCP connection: length-prefixed messages in and out, with a bounded output buffer.
///
/// - Important: Confined to the daemon's queue; the descriptor is closed only once both of its Dispatch sources
///   have been cancelled.
final class MatterTCPConnection {
    /// Output waiting for a peer that does not read beyond this drops the connection.
    static let maximumOutputBytes = 1 << 20

    let id: UInt64
    let peer: MatterPeer
    private let fd: Int32
    private let queue: DispatchQueue
    private let readSource: any DispatchSourceRead
    private let writeSource: any DispatchSourceWrite
    private var framing = MatterTCPFraming()
    private var output = OutputQueue()
    private var writing = false
    private var cancelledSources = 0
    private(set) var closed = false
    private(set) var lastActivity: MonotonicInstant

    /// Each whole message received.
    var onMessage: ((MatterTCPConnection, [UInt8]) -> Void)?
    /// Called once when the connection is gone, with the reason.
    var onClose: ((MatterTCPConnection, String) -> Void)?

    init(id: UInt64, fd: Int32, name: String, queue: DispatchQueue, now: MonotonicInstant) {
        self.id = id
        self.fd = fd
        self.queue = queue
        peer = .tcp(connection: id, name: name)
        lastActivity = now
        readSource = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        writeSource = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: queue)
    }

    func start() {
        dispatchPrecondition(condition: .onQueue(queue))
        readSource.setEventHandler { [weak self] in self?.readAvailable() }
        writeSource.setEventHandler { [weak self] in self?.flush() }
        let cancelHandler: () -> Void = { [self] in
            cancelledSources += 1
            if cancelledSources == 2 {
                Glibc.close(fd)
            }
        }
        readSource.setCancelHandler(handler: cancelHandler)
        writeSource.setCancelHandler(handler: cancelHandler)
        readSource.resume()
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
        readSource.cancel()
        if !writing {
            writeSource.resume()
        }
        writeSource.cancel()
        let onClose = onClose
        self.onClose = nil
        onMessage = nil
        onClose?(self, reason)
    }

    private func readAvailable() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EAGAIN || errno == EINTR { return }
            close(reason: "read: \(String(cString: strerror(errno)))")
            return
        }
        if count == 0 {
            close(reason: "the peer closed the connection")
            return
        }
        lastActivity = MatterPort.now()
        framing.append(buffer[0..<count])
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
        switch output.flush(to: fd) {
        case .wouldBlock:
            if !writing {
                writing = true
                writeSource.resume()
            }
            return
        case .failed(let reason):
            close(reason: reason)
            return
        case .drained:
            break
        }
        if writing {
            writing = false
            writeSource.suspend()
        }
    }
}
