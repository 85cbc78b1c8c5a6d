import MatterDataModel
import MatterMessage
import MatterTLV

/// The responder's side of one Interaction Model exchange, as a value: a read, an invoke, a write (after a
/// TimedRequest, or alone), or a subscription's start.
///
/// CHIP `src/app/InteractionModelEngine.cpp`, `ReadHandler.cpp`, `WriteHandler.cpp`, `CommandHandler.cpp`; matter.js
/// `packages/node/src/node/server/InteractionServer.ts`:
/// * ReadRequest: the reports go out in ReportData chunks of at most `maximumPayloadBytes` (`ReportScope`); every
///   chunk but the last carries MoreChunkedMessages and waits for the reader's StatusResponse SUCCESS; the last
///   carries SuppressResponse, so the reader answers only with an MRP acknowledgement. Each chunk is made when it
///   is sent, from the data as it is then (the owner hands the reader with every message): the read keeps its
///   place, not its bytes.
/// * A ReadRequest or SubscribeRequest with more than `maximumPathsPerRead` attribute paths, or as many event paths,
///   gets StatusResponse PATHS_EXHAUSTED, as CHIP's `InteractionModelEngine::EnsureResourceForRead` refuses a read
///   beyond what it guarantees (a server must take at least `kMinSupportedPathsPerReadRequest`, 9).
/// * TimedRequest gets StatusResponse SUCCESS and opens a window of its TimeoutMs for the invoke or write that
///   follows (CHIP `TimedHandler`): one after it gets StatusResponse TIMEOUT, one whose TimedRequest flag does not
///   match whether a TimedRequest came first gets TIMED_REQUEST_MISMATCH.
/// * InvokeRequest with more than `maximumPathsPerInvoke` commands (the MaxPathsPerInvoke this node announces)
///   gets INVALID_ACTION (CHIP `CommandHandler::ValidateInvokeRequestMessageAndBuildRegistry`); else the owner
///   handles the commands (`.invoke`) and hands their results to `commandsHandled`, at once or later, which answers
///   with one InvokeResponse, or with nothing under SuppressResponse.
/// * WriteRequest: the owner handles the writes (`.write`) and hands one status per write to `writesHandled`, which
///   answers with a WriteResponse (nothing under SuppressResponse); a chunked write (MoreChunkedMessages) gets a
///   WriteResponse per chunk and waits for the next on the exchange (CHIP `WriteHandler::OnMessageReceived`).
/// * SubscribeRequest: the owner accepts it (`subscriptionAccepted`, with the subscription's ID and MaxInterval) or
///   refuses it; the priming reports go as a read's chunks but each waits for the subscriber's StatusResponse and
///   carries the SubscriptionId, and after the last one's SUCCESS comes SubscribeResponse {SubscriptionId,
///   MaxInterval}, which ends the exchange (`ReadHandler::OnStatusResponse`, `SendSubscribeResponse`).
/// * A message that does not parse, any other request and an unsolicited StatusResponse get StatusResponse
///   INVALID_ACTION, which ends the exchange. Between chunks, a StatusResponse other than SUCCESS ends the read (or
///   the subscription's start) without an answer; any other message gets INVALID_ACTION.
public struct InteractionResponder: Sendable {
    /// CHIP's `kMaxAppMessageLen` (1200): the largest application payload of a UDP message.
    public static let defaultMaximumPayloadBytes = 1200
    /// The most attribute paths (and, separately, event paths) one ReadRequest may carry: the spec's minimum
    /// that a server must support (9, CHIP `kMinSupportedPathsPerReadRequest`) and room above it.
    public static let maximumPathsPerRead = 32
    /// The most commands one InvokeRequest may carry: the MaxPathsPerInvoke this node announces.
    public static let maximumPathsPerInvoke = 1

    /// A subscription's priming reports in progress.
    struct Priming: Sendable {
        var scope: ReportScope
        var progress = ReportScope.Progress()
        var subscriptionID: UInt32
        var maxIntervalSeconds: UInt16
        /// The last priming chunk went out: SubscribeResponse follows its SUCCESS.
        var lastSent = false
    }

    private enum State: Sendable {
        case awaitingRequest
        /// TimedRequest answered: the invoke or write must come by this instant.
        case timed(until: MonotonicInstant)
        case reading(ReportScope, ReportScope.Progress)
        /// The commands went to the owner; `commandsHandled` answers them.
        case awaitingCommandResults(suppressResponse: Bool)
        /// The writes went to the owner; `writesHandled` answers them.
        case awaitingWriteResults(suppressResponse: Bool, moreChunks: Bool, timed: Bool)
        /// A chunked write: its next WriteRequest comes on this exchange.
        case awaitingWriteChunk(timed: Bool)
        /// The owner decides on the subscription.
        case awaitingSubscription(SubscribeRequestMessage)
        case priming(Priming)
        case finished
    }

    public let maximumPayloadBytes: Int
    private var state = State.awaitingRequest

    public init(maximumPayloadBytes: Int = defaultMaximumPayloadBytes) {
        self.maximumPayloadBytes = maximumPayloadBytes
    }

    /// Whether the exchange has nothing more to do.
    public var isFinished: Bool {
        switch state {
        case .finished: true
        case .awaitingRequest, .timed, .reading, .awaitingCommandResults, .awaitingWriteResults, .awaitingWriteChunk,
            .awaitingSubscription, .priming:
            false
        }
    }

    /// The subscription this exchange is starting, if it is one.
    public var primingSubscriptionID: UInt32? {
        if case .priming(let priming) = state { return priming.subscriptionID }
        return nil
    }

    /// An Interaction Model message arrived on this exchange; `reader` and `events` are the node's data as it is now.
    public mutating func messageReceived(
        opcode: UInt8, payload: [UInt8], now: MonotonicInstant, reader: AttributeReader, events: EventLog = EventLog()
    ) -> [InteractionResponderAction] {
        let opcode = InteractionModelOpcode(rawValue: opcode)
        switch state {
        case .finished, .awaitingCommandResults, .awaitingWriteResults, .awaitingSubscription:
            return []
        case .awaitingRequest where opcode == .timedRequest:
            let request: TimedRequestMessage
            do {
                request = try TimedRequestMessage(payload: payload)
            } catch {
                return refuse(opcode, reason: error.description)
            }
            state = .timed(until: now.advanced(byMilliseconds: UInt64(request.timeoutMilliseconds)))
            return [
                .send(
                    opcode: .statusResponse, payload: StatusResponseMessage(status: .success).encoded(),
                    expectsResponse: true)
            ]
        case .awaitingRequest where opcode == .invokeCommandRequest:
            return invoke(payload, timed: false)
        case .awaitingRequest where opcode == .writeRequest:
            return write(payload, timed: false)
        case .awaitingWriteChunk(let timed):
            guard opcode == .writeRequest else {
                return refuse(opcode, reason: "the next chunk of the write was expected")
            }
            return write(payload, timed: timed)
        case .timed(let deadline):
            guard opcode == .invokeCommandRequest || opcode == .writeRequest else {
                return refuse(opcode, reason: "an InvokeRequest or WriteRequest was expected after the TimedRequest")
            }
            guard now <= deadline else {
                return refuse(opcode, with: .timeout, reason: "the request came after its TimedRequest's timeout")
            }
            return opcode == .writeRequest ? write(payload, timed: true) : invoke(payload, timed: true)
        case .awaitingRequest where opcode == .subscribeRequest:
            let request: SubscribeRequestMessage
            do {
                request = try SubscribeRequestMessage(payload: payload)
            } catch {
                return refuse(opcode, reason: error.description)
            }
            if let refusal = Self.pathCap(request.attributeRequests, request.eventRequests, opcode) {
                return refuse(opcode, with: .pathsExhausted, reason: refusal)
            }
            state = .awaitingSubscription(request)
            return [.subscribe(request)]
        case .awaitingRequest:
            guard opcode == .readRequest else {
                return refuse(opcode, reason: "\(opcode) is not an Interaction Model request this node takes")
            }
            let request: ReadRequestMessage
            do {
                request = try ReadRequestMessage(payload: payload)
            } catch {
                return refuse(opcode, reason: error.description)
            }
            if let refusal = Self.pathCap(request.attributeRequests, request.eventRequests, opcode) {
                return refuse(opcode, with: .pathsExhausted, reason: refusal)
            }
            let scope = ReportScope(
                paths: (request.attributeRequests ?? []).map { AttributeReader.ReadPath($0) },
                dataVersionFilters: request.dataVersionFilters ?? [], fabricFiltered: request.fabricFiltered ?? true,
                eventPaths: request.eventRequests ?? [], eventMin: request.eventFilters?.last?.eventMin ?? 0,
                hasAttributeRequests: request.attributeRequests != nil)
            return sendRead(scope, ReportScope.Progress(), reader: reader, events: events)
        case .reading(let scope, let progress):
            guard case .success = statusResponse(opcode, payload) else {
                return chunkAnswerRefused(opcode, payload)
            }
            return sendRead(scope, progress, reader: reader, events: events)
        case .priming(let priming):
            guard case .success = statusResponse(opcode, payload) else {
                return chunkAnswerRefused(opcode, payload) + [
                    .subscriptionAbandoned(subscriptionID: priming.subscriptionID)
                ]
            }
            return sendPriming(priming, reader: reader, events: events)
        }
    }

    /// The owner's results of the commands of `.invoke`, one per command: the InvokeResponse, or under
    /// SuppressResponse nothing (the exchange ends with the acknowledgement).
    public mutating func commandsHandled(_ responses: [InvokeResponseIB]) -> [InteractionResponderAction] {
        guard case .awaitingCommandResults(let suppressResponse) = state else { return [] }
        state = .finished
        guard !suppressResponse else { return [.close] }
        let message = InvokeResponseMessage(invokeResponses: responses)
        return [.send(opcode: .invokeCommandResponse, payload: message.encoded(), expectsResponse: false)]
    }

    /// The owner's statuses of the writes of `.write`, one per write: the WriteResponse (nothing under
    /// SuppressResponse); after a chunk with more to come the exchange waits for the next one.
    public mutating func writesHandled(_ statuses: [AttributeStatusIB]) -> [InteractionResponderAction] {
        guard case .awaitingWriteResults(let suppressResponse, let moreChunks, let timed) = state else { return [] }
        let log = InteractionResponderAction.log(
            .writeAnswered(writes: statuses.count, refused: statuses.count { $0.status.status != .success }))
        if moreChunks {
            state = .awaitingWriteChunk(timed: timed)
            return [
                log,
                .send(
                    opcode: .writeResponse, payload: WriteResponseMessage(writeResponses: statuses).encoded(),
                    expectsResponse: true),
            ]
        }
        state = .finished
        guard !suppressResponse else { return [log, .close] }
        return [
            log,
            .send(
                opcode: .writeResponse, payload: WriteResponseMessage(writeResponses: statuses).encoded(),
                expectsResponse: false),
        ]
    }

    /// The owner took the subscription of `.subscribe`: its priming reports start, from the data as it is now.
    public mutating func subscriptionAccepted(
        subscriptionID: UInt32, maxIntervalSeconds: UInt16, reader: AttributeReader, events: EventLog = EventLog()
    ) -> [InteractionResponderAction] {
        guard case .awaitingSubscription(let request) = state else { return [] }
        let scope = ReportScope(
            paths: (request.attributeRequests ?? []).map { AttributeReader.ReadPath($0) },
            dataVersionFilters: request.dataVersionFilters ?? [], fabricFiltered: request.fabricFiltered,
            eventPaths: request.eventRequests ?? [], eventMin: request.eventFilters?.last?.eventMin ?? 0,
            hasAttributeRequests: request.attributeRequests != nil)
        return sendPriming(
            Priming(scope: scope, subscriptionID: subscriptionID, maxIntervalSeconds: maxIntervalSeconds),
            reader: reader, events: events)
    }

    /// The owner refused the subscription of `.subscribe` with `status`.
    public mutating func subscriptionRefused(_ status: InteractionModelStatus, reason: String)
        -> [InteractionResponderAction]
    {
        guard case .awaitingSubscription = state else { return [] }
        return refuse(.subscribeRequest, with: status, reason: reason)
    }

    /// The attribute and event path counts above the cap, as a refusal's reason.
    private static func pathCap(
        _ attributes: [AttributePathIB]?, _ events: [EventPathIB]?, _ opcode: InteractionModelOpcode
    ) -> String? {
        let paths = attributes?.count ?? 0
        let eventPaths = events?.count ?? 0
        guard paths > maximumPathsPerRead || eventPaths > maximumPathsPerRead else { return nil }
        return "\(paths) attribute and \(eventPaths) event paths; at most \(maximumPathsPerRead) of each"
    }

    private func statusResponse(_ opcode: InteractionModelOpcode, _ payload: [UInt8]) -> InteractionModelStatus? {
        guard opcode == .statusResponse else { return nil }
        return try? StatusResponseMessage(payload: payload).status
    }

    /// The reader answered a chunk with something other than StatusResponse SUCCESS.
    private mutating func chunkAnswerRefused(_ opcode: InteractionModelOpcode, _ payload: [UInt8])
        -> [InteractionResponderAction]
    {
        guard opcode == .statusResponse else {
            return refuse(opcode, reason: "a StatusResponse was expected between report chunks")
        }
        guard let status = statusResponse(opcode, payload) else {
            return refuse(opcode, reason: "the StatusResponse does not parse")
        }
        state = .finished
        return [.log(.readAborted(StatusIB(status))), .close]
    }

    /// An InvokeRequest: checked here (it parses, its TimedRequest flag matches, it is within the path limit),
    /// then its commands go to the owner.
    private mutating func invoke(_ payload: [UInt8], timed: Bool) -> [InteractionResponderAction] {
        let request: InvokeRequestMessage
        do {
            request = try InvokeRequestMessage(payload: payload)
        } catch {
            return refuse(.invokeCommandRequest, reason: error.description)
        }
        guard request.timedRequest == timed else {
            return refuse(.invokeCommandRequest, with: .timedRequestMismatch, reason: Self.mismatch(timed))
        }
        guard request.invokeRequests.count <= Self.maximumPathsPerInvoke else {
            return refuse(
                .invokeCommandRequest,
                reason: "\(request.invokeRequests.count) commands; at most \(Self.maximumPathsPerInvoke) per invoke")
        }
        state = .awaitingCommandResults(suppressResponse: request.suppressResponse)
        return [.invoke(request.invokeRequests, timed: timed)]
    }

    /// A WriteRequest (or the next chunk of one): checked here (it parses, its TimedRequest flag matches), then its
    /// writes go to the owner.
    private mutating func write(_ payload: [UInt8], timed: Bool) -> [InteractionResponderAction] {
        let request: WriteRequestMessage
        do {
            request = try WriteRequestMessage(payload: payload)
        } catch {
            return refuse(.writeRequest, reason: error.description)
        }
        guard request.timedRequest == timed else {
            return refuse(.writeRequest, with: .timedRequestMismatch, reason: Self.mismatch(timed))
        }
        state = .awaitingWriteResults(
            suppressResponse: request.suppressResponse, moreChunks: request.moreChunkedMessages, timed: timed)
        return [.write(request.writeRequests, timed: timed, moreChunks: request.moreChunkedMessages)]
    }

    private static func mismatch(_ timed: Bool) -> String {
        timed ? "TimedRequest came first but the flag is false" : "the flag says timed, no TimedRequest came"
    }

    /// Sends the read's next chunk; after the last one, logs what the read answered.
    private mutating func sendRead(
        _ scope: ReportScope, _ progress: ReportScope.Progress, reader: AttributeReader, events: EventLog
    ) -> [InteractionResponderAction] {
        var progress = progress
        let (chunk, isLast) = scope.nextChunk(
            &progress, reader: reader, events: events, maximumPayloadBytes: maximumPayloadBytes)
        let send = InteractionResponderAction.send(opcode: .reportData, payload: chunk, expectsResponse: !isLast)
        guard isLast else {
            state = .reading(scope, progress)
            return [send]
        }
        state = .finished
        let event = InteractionEvent.readAnswered(
            paths: scope.paths.count, data: progress.data, statuses: progress.statuses, chunks: progress.chunks)
        return [.log(event), send]
    }

    /// Sends the next priming chunk, or after the last one's SUCCESS the SubscribeResponse.
    private mutating func sendPriming(_ priming: Priming, reader: AttributeReader, events: EventLog)
        -> [InteractionResponderAction]
    {
        var priming = priming
        guard !priming.lastSent else {
            state = .finished
            let response = SubscribeResponseMessage(
                subscriptionID: priming.subscriptionID, maxIntervalSeconds: priming.maxIntervalSeconds)
            return [
                .subscriptionEstablished(
                    subscriptionID: priming.subscriptionID, eventsConsidered: priming.progress.eventsConsidered),
                .log(.subscriptionPrimed(subscriptionID: priming.subscriptionID, chunks: priming.progress.chunks)),
                .send(opcode: .subscribeResponse, payload: response.encoded(), expectsResponse: false),
            ]
        }
        let (chunk, isLast) = priming.scope.nextChunk(
            &priming.progress, reader: reader, events: events, subscriptionID: priming.subscriptionID,
            maximumPayloadBytes: maximumPayloadBytes)
        priming.lastSent = isLast
        state = .priming(priming)
        return [.send(opcode: .reportData, payload: chunk, expectsResponse: true)]
    }

    private mutating func refuse(
        _ opcode: InteractionModelOpcode, with status: InteractionModelStatus = .invalidAction, reason: String
    ) -> [InteractionResponderAction] {
        state = .finished
        return [
            .log(.refused(opcode: opcode, status: status, reason: reason)),
            .send(
                opcode: .statusResponse, payload: StatusResponseMessage(status: status).encoded(),
                expectsResponse: false),
        ]
    }
}
