import Foundation
import MHubCore
import MHubProtocol
import Synchronization

/// A connection to `mhubd`'s control protocol: calls with replies matched by `message_id`, and
/// events pushed by the hub.
///
/// A reader thread takes every message off the socket: replies complete their calls, events go to
/// the event handler and the `events` streams, in the order the hub sent them. Calls may be made from
/// any thread, blocking or `async`.
public final class MHubConnection: Sendable {
    /// The server-info message the hub sends on connect.
    public let serverInfo: JSONValue
    public let endpoint: MHubEndpoint
    private let transport: any ClientTransport
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

    private enum Pending {
        case blocking(ReplySlot)
        case async(CheckedContinuation<JSONValue, any Error>)
        /// `start_listening` for `subscribe()`: its reply becomes the stream's first element, on the
        /// reader thread, so no event can overtake it.
        case subscription(AsyncStream<MHubUpdate>.Continuation, UUID)
    }

    /// Connects and waits for the server-info message.
    public static func connect(to endpoint: MHubEndpoint, timeout: Double = 10) throws(MHubClientError)
        -> MHubConnection
    {
        let transport = try connectTransport(to: endpoint)
        let first = try transport.receive()
        guard let text = first.first, let info = try? JSONParser(maximumBytes: 1 << 26).parse(text),
            info["schema_version"] != nil
        else {
            throw MHubClientError(kind: .protocolViolation, details: "the hub did not start with its server info")
        }
        let connection = MHubConnection(endpoint: endpoint, transport: transport, serverInfo: info)
        connection.startReader(backlog: Array(first.dropFirst()))
        return connection
    }

    private init(endpoint: MHubEndpoint, transport: any ClientTransport, serverInfo: JSONValue) {
        self.endpoint = endpoint
        self.transport = transport
        self.serverInfo = serverInfo
    }

    deinit {
        transport.shutdown()
    }

    /// Closes the connection; pending calls fail with a connection error.
    public func close() {
        transport.shutdown()
    }

    /// Sets the handler that receives every event on the reader thread (replacing an earlier one).
    public func setEventHandler(_ handler: (@Sendable (MHubEvent) -> Void)?) {
        state.withLock { $0.eventHandler = handler }
    }

    /// A stream of the events that arrive from now on; it finishes when the connection closes.
    public func events() -> AsyncStream<MHubEvent> {
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

    /// Starts listening: the stream's first element is the whole current state (`.initial`, every node
    /// as OHF `MatterNodeData`), then every event as it happens (`.event`). The initial state is complete
    /// when it arrives: no change is lost between it and the first event.
    public func subscribe() throws(MHubClientError) -> AsyncStream<MHubUpdate> {
        let (stream, continuation) = AsyncStream<MHubUpdate>.makeStream(bufferingPolicy: .unbounded)
        let id = try register(.subscription(continuation, UUID()))
        do {
            try send(id: id, command: "start_listening", args: ["events": "all"])
        } catch {
            if state.withLock({ $0.pending.removeValue(forKey: id) }) != nil {
                continuation.finish()
            }
            throw error
        }
        return stream
    }

    // MARK: calls

    /// Sends a command and blocks until its reply; a hub error is thrown as `.hub`.
    public func call(_ command: String, _ args: [String: JSONValue] = [:], timeout: Double = 120)
        throws(MHubClientError) -> JSONValue
    {
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
            throw MHubClientError(kind: .timeout, details: "no reply to \(command) in \(timeout) s")
        }
        return try slot.result!.get()
    }

    /// Sends a command and awaits its reply; a hub error is thrown as `.hub`.
    public func call(_ command: String, _ args: [String: JSONValue] = [:]) async throws -> JSONValue {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<JSONValue, any Error>) in
            let id: String
            do {
                id = try register(.async(continuation))
            } catch {
                continuation.resume(throwing: error)
                return
            }
            do {
                try send(id: id, command: command, args: args)
            } catch {
                // Resume only if the reader did not already fail this call.
                if state.withLock({ $0.pending.removeValue(forKey: id) }) != nil {
                    continuation.resume(throwing: error)
                }
            }
        }
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

    private func startReader(backlog: [String]) {
        let thread = Thread { [self] in
            for text in backlog {
                dispatch(text)
            }
            while true {
                switch Result(catching: { () throws(MHubClientError) in try transport.receive() }) {
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
        thread.name = "mhub-client-reader"
        thread.start()
    }

    private func dispatch(_ text: String) {
        guard let value = try? JSONParser(maximumBytes: 1 << 28).parse(text), let message = ServerMessage(value) else {
            return
        }
        let messageID: JSONValue
        let reply: Result<JSONValue, ErrorReply>
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
            return
        case .reply(let id, let result):
            messageID = id
            reply = result
        }
        let id: String
        switch messageID {
        case .string(let text): id = text
        case .integer(let number): id = String(number)
        default: return
        }
        guard let pending = state.withLock({ $0.pending.removeValue(forKey: id) }) else { return }
        let result = reply.mapError {
            MHubClientError(kind: .hub, code: $0.code, name: $0.name, details: $0.details)
        }
        switch pending {
        case .blocking(let slot): slot.fulfil(result)
        case .async(let continuation): continuation.resume(with: result.mapError { $0 as any Error })
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
            return (pending, streams, updates)
        }
        for call in pending {
            switch call {
            case .blocking(let slot): slot.fulfil(.failure(error))
            case .async(let continuation): continuation.resume(throwing: error)
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

    /// Blocks until the connection is closed (by either side); returns the reason.
    @discardableResult
    public func waitUntilClosed() -> MHubClientError {
        closedSignal.wait()
        closedSignal.signal()
        return state.withLock { $0.failure } ?? MHubClientError(kind: .connection, details: "closed")
    }
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
