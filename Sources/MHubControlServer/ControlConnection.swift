import Dispatch
import Foundation
import MHubConfiguration
import MHubDaemonRules
import MHubEventLoop
import MHubHub
import MHubPOSIX

/// One client of the control protocol: a socket, its framing, and a bounded output buffer.
///
/// - Important: Confined to the daemon's queue; the descriptor is closed only once its reads have stopped and its
///   write source has been cancelled (`SocketSources`).
package final class ControlConnection {
    package let id: UInt64
    package private(set) var client: ClientInfo?
    private var framing: any Framing
    private let queue: DispatchQueue
    private let sources: SocketSources
    private var output = OutputQueue()
    /// While the messages of one read are handled: what they send waits in `output` and leaves in one write at the
    /// end of the read (`readAvailable`), not one write per message.
    private var holdingOutput = false
    private var closing = false
    private(set) var closed = false
    private let maximumOutput: Int
    package let peer: String
    /// The token a WebSocket client presented, if any.
    package private(set) var token: String?

    /// Called with the complete incoming messages of one read, in order, with the client as authenticated;
    /// messages that another action of the framing (a refusal, a close) separates come in separate calls.
    package var onMessages: ((ControlConnection, [[UInt8]]) -> Void)?
    package var onOversized: ((ControlConnection) -> Void)?
    /// Called once when the client is known (at once for Unix, after the handshake for WebSocket).
    package var onReady: ((ControlConnection) -> Void)?
    /// Called once when the connection is gone, with the reason.
    package var onClose: ((ControlConnection, String) -> Void)?
    /// Asked when a WebSocket handshake authenticated a client, before it is answered: a refusal turns it away.
    var admit: ((ControlConnection, Principal) -> ConnectionRefusal?)?
    /// Called once when the connection is gone, after `onClose` (the connection gate's count).
    var onFinished: ((ControlConnection) -> Void)?

    package init(
        id: UInt64, fd: FileDescriptor, framing: any Framing, client: ClientInfo?, peer: String, maximumOutput: Int,
        queue: DispatchQueue, poller: ReadPoller
    ) {
        self.id = id
        self.framing = framing
        self.client = client
        self.peer = peer
        self.maximumOutput = maximumOutput
        self.queue = queue
        sources = SocketSources(fd: fd, queue: queue, poller: poller)
    }

    package func start() {
        dispatchPrecondition(condition: .onQueue(queue))
        sources.start(readable: { [weak self] in self?.readAvailable() }, writable: { [weak self] in self?.flush() })
        if client != nil {
            onReady?(self)
        }
    }

    /// Queues one JSON message (its UTF-8 text); a client whose queue passes the limit is dropped.
    package func send(_ json: [UInt8]) {
        guard !closing && !closed else { return }
        enqueue(framing.frame(json))
    }

    private func enqueue(_ bytes: [UInt8]) {
        guard !closed else { return }
        if output.count + bytes.count > maximumOutput {
            abort(reason: "output queue over \(maximumOutput) bytes: the client does not read")
            return
        }
        output.append(bytes)
        if !holdingOutput {
            flush()
        }
    }

    /// Turns the client away with `refusal` in its framing's words, then closes.
    package func refuse(_ refusal: ConnectionRefusal) {
        guard !closing && !closed else { return }
        enqueue(framing.refusal(refusal, handshakeAnswered: client != nil))
        closing = true
        closeReason = "refused: \(refusal.details)"
        if output.isEmpty {
            finish()
        }
    }

    /// Sends what is queued, then a goodbye (WebSocket close) and closes.
    package func close(code: UInt16 = 1000, reason: String) {
        guard !closing && !closed else { return }
        enqueue(framing.goodbye(code: code, reason: String(reason.prefix(120))))
        closing = true
        closeReason = reason
        if output.isEmpty {
            finish()
        }
    }

    private var closeReason = ""

    private func abort(reason: String) {
        closeReason = reason
        finish()
    }

    private func finish() {
        guard !closed else { return }
        closed = true
        sources.cancel()
        onClose?(self, closeReason)
        onFinished?(self)
        onMessages = nil
        onReady = nil
        onClose = nil
        onFinished = nil
        admit = nil
    }

    private func readAvailable() {
        let bytes: [UInt8]
        switch sources.read() {
        case .bytes(let read): bytes = read
        case .nothing: return
        case .end:
            abort(reason: closing ? closeReason : "the client closed the connection")
            return
        case .failed(let reason):
            abort(reason: reason)
            return
        }
        guard !closing else { return }
        holdingOutput = true
        defer {
            holdingOutput = false
            flush()
        }
        var messages: [[UInt8]] = []
        for action in framing.received(bytes) {
            if case .message(let bytes) = action {
                messages.append(bytes)
                continue
            }
            deliver(&messages)
            guard !closed else { return }
            switch action {
            case .message: break
            case .oversized: onOversized?(self)
            case .write(let bytes): enqueue(bytes)
            case .handshakeAccepted(let accepted):
                if let refusal = admit?(self, accepted.principal) {
                    refuse(refusal)
                    return
                }
                enqueue(accepted.response)
                token = accepted.token
                client = ClientInfo(
                    connectionID: id, principal: accepted.principal, scope: accepted.scope, peer: "ws \(peer)")
                onReady?(self)
            case .close(let reason):
                closing = true
                closeReason = reason
                if output.isEmpty { finish() }
            }
        }
        deliver(&messages)
    }

    /// Hands the messages collected so far to `onMessages` as one batch.
    private func deliver(_ messages: inout [[UInt8]]) {
        guard !messages.isEmpty, !closed else { return }
        onMessages?(self, messages)
        messages = []
    }

    private func flush() {
        guard !closed else { return }
        switch sources.flush(&output) {
        case .wouldBlock: break
        case .failed(let reason): abort(reason: reason)
        case .drained: if closing { finish() }
        }
    }
}
