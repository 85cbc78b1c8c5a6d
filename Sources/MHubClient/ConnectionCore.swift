import Foundation
import MHubJSON
import MHubProtocol
import Synchronization

/// The working part of an `MHubConnection`: the transport, the calls waiting for replies, the event consumers, and
/// the reader thread that takes every message off the socket.
///
/// The reader holds the core, not the `MHubConnection`, so a connection dropped without `close()` is deinitialised:
/// its `deinit` shuts the socket down, the reader sees the end of the stream, fails what waits and ends, and the last
/// reference to the core goes with it, closing the descriptor (`SocketHandle`).
final class ConnectionCore: Sendable {
    let transport: any ClientTransport
    private let state = Mutex(State())
    private let writeLock = Mutex(())
    private let closedSignal = DispatchSemaphore(value: 0)

    private struct State {
        var nextID = 1
        var pending: [String: Pending] = [:]
        var eventHandler: (@Sendable (MHubEvent) -> Void)?
        var streams: [UUID: AsyncStream<MHubEvent>.Continuation] = [:]
        var updateStreams: [UUID: AsyncStream<MHubUpdate>.Continuation] = [:]
        var failure: MHubClientError?
    }

    enum Pending {
        case blocking(ReplySlot)
        case async(CheckedContinuation<Result<JSONValue, MHubClientError>, Never>)
        /// `start_listening` for `subscribe()`: its reply becomes the stream's first element, on the reader thread,
        /// so no event can overtake it.
        case subscription(AsyncStream<MHubUpdate>.Continuation, UUID)
    }

    init(transport: any ClientTransport) {
        self.transport = transport
    }

    deinit {
        transport.shutdown()
    }

    func shutdown() {
        transport.shutdown()
    }

    // MARK: consumers

    func setEventHandler(_ handler: (@Sendable (MHubEvent) -> Void)?) {
        state.withLock { $0.eventHandler = handler }
    }

    func events() -> AsyncStream<MHubEvent> {
        let (stream, continuation) = AsyncStream<MHubEvent>.makeStream(bufferingPolicy: .unbounded)
        let id = UUID()
        let failed = state.withLock { state -> Bool in
            if state.failure != nil { return true }
            state.streams[id] = continuation
            return false
        }
        if failed { continuation.finish() }
        return stream
    }

    func subscribe() throws(MHubClientError) -> AsyncStream<MHubUpdate> {
        let (stream, continuation) = AsyncStream<MHubUpdate>.makeStream(bufferingPolicy: .unbounded)
        let id = try register(.subscription(continuation, UUID()))
        do {
            try send(id: id, command: HubCommand.startListening.rawValue, args: StartListening(events: .all).arguments)
        } catch {
            if state.withLock({ $0.pending.removeValue(forKey: id) }) != nil {
                continuation.finish()
            }
            throw error
        }
        return stream
    }

    // MARK: calls

    /// Sends a command and blocks until its reply or `timeout` seconds.
    func call(_ command: String, _ args: [String: JSONValue], timeout: Double) throws(MHubClientError) -> JSONValue {
        let slot = ReplySlot()
        let id = try register(.blocking(slot))
        do {
            try send(id: id, command: command, args: args)
        } catch {
            _ = state.withLock { $0.pending.removeValue(forKey: id) }
            throw error
        }
        guard slot.wait(timeout: timeout) else {
            _ = state.withLock { $0.pending.removeValue(forKey: id) }
            throw .timeout("no reply to \(command) in \(timeout) s")
        }
        return try slot.result!.get()
    }

    /// Sends a command and awaits its reply, or a timeout after `timeout` seconds.
    func call(_ command: String, _ args: [String: JSONValue], timeout: Double) async throws(MHubClientError)
        -> JSONValue
    {
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<JSONValue, MHubClientError>, Never>) in
            let id: String
            switch Result(catching: { () throws(MHubClientError) in try register(.async(continuation)) }) {
            case .success(let registered): id = registered
            case .failure(let error):
                continuation.resume(returning: .failure(error))
                return
            }
            // Whoever takes the call out of `pending` first resumes it: the reader, this timer, or a failed send.
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak self] in
                self?.expire(id, command: command, timeout: timeout)
            }
            if case .failure(let error) = Result(catching: { () throws(MHubClientError) in
                try send(id: id, command: command, args: args)
            }), state.withLock({ $0.pending.removeValue(forKey: id) }) != nil {
                continuation.resume(returning: .failure(error))
            }
        }
        return try result.get()
    }

    private func expire(_ id: String, command: String, timeout: Double) {
        guard case .async(let continuation)? = state.withLock({ $0.pending.removeValue(forKey: id) }) else { return }
        continuation.resume(returning: .failure(.timeout("no reply to \(command) in \(timeout) s")))
    }

    private func register(_ pending: Pending) throws(MHubClientError) -> String {
        let result: Result<String, MHubClientError> = state.withLock { state in
            if let failure = state.failure { return .failure(failure) }
            let id = String(state.nextID)
            state.nextID += 1
            state.pending[id] = pending
            return .success(id)
        }
        return try result.get()
    }

    private func send(id: String, command: String, args: [String: JSONValue]) throws(MHubClientError) {
        let text = JSONWriter.compact(ProtocolEnvelope.request(messageID: .string(id), command: command, args: args))
        let result: Result<Void, MHubClientError> = writeLock.withLock { _ in
            Result { () throws(MHubClientError) in try transport.send(text) }
        }
        if case .failure(let error) = result {
            throw error
        }
    }

    // MARK: reading

    /// Starts the reader thread, which holds only this core.
    func startReader(backlog: [String]) {
        let thread = Thread { [self] in
            // Named from within, so the system's thread carries it too (top, /proc).
            Thread.current.name = "mhub-client"
            for text in backlog {
                dispatch(text)
            }
            while true {
                switch Result(catching: { () throws(MHubClientError) in try transport.receive(deadline: nil) }) {
                case .success(let texts):
                    for text in texts {
                        dispatch(text)
                    }
                case .failure(let error):
                    fail(error)
                    return
                }
            }
        }
        thread.start()
    }

    private func dispatch(_ text: String) {
        guard let value = try? JSONParser(maximumBytes: 1 << 28).parse(text), let message = ServerMessage(value) else {
            return
        }
        switch message {
        case .event(let name, let data):
            let event = MHubEvent(name: name, data: data)
            let (handler, streams, updates) = state.withLock {
                ($0.eventHandler, Array($0.streams.values), Array($0.updateStreams.values))
            }
            handler?(event)
            for stream in streams {
                stream.yield(event)
            }
            for stream in updates {
                stream.yield(.event(event))
            }
        case .reply(let messageID, let reply):
            let id: String
            switch messageID {
            case .string(let text): id = text
            case .integer(let number): id = String(number)
            default: return
            }
            guard let pending = state.withLock({ $0.pending.removeValue(forKey: id) }) else { return }
            complete(pending, with: reply.mapError(MHubClientError.init))
        }
    }

    private func complete(_ pending: Pending, with result: Result<JSONValue, MHubClientError>) {
        switch pending {
        case .blocking(let slot): slot.fulfil(result)
        case .async(let continuation): continuation.resume(returning: result)
        case .subscription(let continuation, let id):
            switch result {
            case .success(.array(let nodes)):
                continuation.yield(.initial(nodes))
                state.withLock { $0.updateStreams[id] = continuation }
            case .success(let other):
                continuation.yield(.initial([other]))
                state.withLock { $0.updateStreams[id] = continuation }
            case .failure(let error):
                continuation.yield(.failed(error))
                continuation.finish()
            }
        }
    }

    private func fail(_ error: MHubClientError) {
        let (pending, streams, updateStreams) = state.withLock { state in
            state.failure = error
            let pending = Array(state.pending.values)
            state.pending = [:]
            let streams = Array(state.streams.values)
            state.streams = [:]
            let updates = Array(state.updateStreams.values)
            state.updateStreams = [:]
            state.eventHandler = nil
            return (pending, streams, updates)
        }
        for call in pending {
            switch call {
            case .blocking(let slot): slot.fulfil(.failure(error))
            case .async(let continuation): continuation.resume(returning: .failure(error))
            case .subscription(let continuation, _):
                continuation.yield(.failed(error))
                continuation.finish()
            }
        }
        for stream in streams {
            stream.finish()
        }
        for stream in updateStreams {
            stream.finish()
        }
        closedSignal.signal()
    }

    func waitUntilClosed() -> MHubClientError {
        closedSignal.wait()
        closedSignal.signal()
        return state.withLock { $0.failure } ?? .connection("closed")
    }

    var failure: MHubClientError? { state.withLock { $0.failure } }
}

/// One blocking call's reply, handed from the reader thread to the caller.
final class ReplySlot: @unchecked Sendable {
    // @unchecked: `result` is written once before `semaphore` is signalled and read after the wait.
    private let semaphore = DispatchSemaphore(value: 0)
    var result: Result<JSONValue, MHubClientError>?

    func fulfil(_ result: Result<JSONValue, MHubClientError>) {
        self.result = result
        semaphore.signal()
    }

    func wait(timeout: Double) -> Bool {
        semaphore.wait(timeout: .now() + timeout) == .success
    }
}
