import MatterDataModel
import MatterMessage
import MatterTLV

/// The responder's side of one Interaction Model exchange, as a value: ReadRequest in, ReportData out; an
/// InvokeRequest (after a TimedRequest, or alone) in, the owner's command results out as InvokeResponse.
///
/// CHIP `src/app/InteractionModelEngine.cpp` and `src/app/ReadHandler.cpp`; matter.js
/// `packages/node/src/node/server/InteractionServer.ts`:
/// * ReadRequest: the reports go out in ReportData chunks of at most `maximumPayloadBytes`; every chunk but
///   the last carries MoreChunkedMessages and waits for the reader's StatusResponse SUCCESS; the last
///   carries SuppressResponse, so the reader answers only with an MRP acknowledgement. Each chunk is made
///   when it is sent, from the read's `AttributeReader.Cursor`: the read keeps its place, not its bytes.
/// * A ReadRequest with more than `maximumPathsPerRead` attribute paths, or as many event paths, gets
///   StatusResponse PATHS_EXHAUSTED, as CHIP's `InteractionModelEngine::EnsureResourceForRead` refuses a read
///   beyond what it guarantees (a server must take at least `kMinSupportedPathsPerReadRequest`, 9).
/// * TimedRequest gets StatusResponse SUCCESS and opens a window of its TimeoutMs for the invoke that follows
///   (CHIP `TimedHandler`): an invoke after it gets StatusResponse TIMEOUT, one whose TimedRequest flag does not
///   match whether a TimedRequest came first gets TIMED_REQUEST_MISMATCH.
/// * InvokeRequest with more than `maximumPathsPerInvoke` commands (the MaxPathsPerInvoke this node announces)
///   gets INVALID_ACTION (CHIP `CommandHandler::ValidateInvokeRequestMessageAndBuildRegistry`); else the owner
///   handles the commands (`.invoke`) and hands their results to `commandsHandled`, which answers with one
///   InvokeResponse, or with nothing under SuppressResponse.
/// * A message that does not parse, any other request (subscribe, write) and an unsolicited StatusResponse get
///   StatusResponse INVALID_ACTION, which ends the exchange.
/// * Between chunks, a StatusResponse other than SUCCESS ends the read without an answer; any other
///   message gets INVALID_ACTION.
public struct InteractionResponder: Sendable {
    /// CHIP's `kMaxAppMessageLen` (1200): the largest application payload of a UDP message.
    public static let defaultMaximumPayloadBytes = 1200
    /// The most attribute paths (and, separately, event paths) one ReadRequest may carry: the spec's minimum
    /// that a server must support (9, CHIP `kMinSupportedPathsPerReadRequest`) and room above it.
    public static let maximumPathsPerRead = 32
    /// The most commands one InvokeRequest may carry: the MaxPathsPerInvoke this node announces.
    public static let maximumPathsPerInvoke = 1

    /// A read in progress: its request, where it stands, and what it has sent so far (for the log).
    private struct Read: Sendable {
        var paths: [AttributePathIB]
        var filters: [DataVersionFilterIB]
        var hasAttributeRequests: Bool
        var fabricFiltered: Bool
        var cursor = AttributeReader.Cursor()
        var data = 0
        var statuses = 0
        var chunks = 0
    }

    private enum State: Sendable {
        case awaitingRequest
        /// TimedRequest answered: the invoke must come by this instant.
        case timed(until: MonotonicInstant)
        case awaitingStatusResponse(Read)
        /// The commands went to the owner; `commandsHandled` answers them.
        case awaitingCommandResults(suppressResponse: Bool)
        case finished
    }

    public let reader: AttributeReader
    public let maximumPayloadBytes: Int
    private var state = State.awaitingRequest

    public init(reader: AttributeReader, maximumPayloadBytes: Int = defaultMaximumPayloadBytes) {
        self.reader = reader
        self.maximumPayloadBytes = maximumPayloadBytes
    }

    /// Whether the exchange has nothing more to do.
    public var isFinished: Bool {
        switch state {
        case .finished: true
        case .awaitingRequest, .timed, .awaitingStatusResponse, .awaitingCommandResults: false
        }
    }

    /// An Interaction Model message arrived on this exchange.
    public mutating func messageReceived(
        opcode: UInt8, payload: [UInt8], now: MonotonicInstant
    ) -> [InteractionResponderAction] {
        let opcode = InteractionModelOpcode(rawValue: opcode)
        switch state {
        case .finished, .awaitingCommandResults:
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
        case .timed(let deadline):
            guard opcode == .invokeCommandRequest else {
                return refuse(opcode, reason: "an InvokeRequest was expected after the TimedRequest")
            }
            guard now <= deadline else {
                return refuse(opcode, with: .timeout, reason: "the invoke came after its TimedRequest's timeout")
            }
            return invoke(payload, timed: true)
        case .awaitingRequest:
            guard opcode == .readRequest else {
                return refuse(opcode, reason: "\(opcode) is not supported on the hub's own node")
            }
            let request: ReadRequestMessage
            do {
                request = try ReadRequestMessage(payload: payload)
            } catch {
                return refuse(opcode, reason: error.description)
            }
            let paths = request.attributeRequests?.count ?? 0
            let events = request.eventRequestCount ?? 0
            guard paths <= Self.maximumPathsPerRead, events <= Self.maximumPathsPerRead else {
                return refuse(
                    opcode, with: .pathsExhausted,
                    reason: "\(paths) attribute and \(events) event paths; at most \(Self.maximumPathsPerRead) of each")
            }
            let read = Read(
                paths: request.attributeRequests ?? [], filters: request.dataVersionFilters ?? [],
                hasAttributeRequests: request.attributeRequests != nil, fabricFiltered: request.fabricFiltered ?? true)
            return send(read)
        case .awaitingStatusResponse(let read):
            guard opcode == .statusResponse else {
                return refuse(opcode, reason: "a StatusResponse was expected between report chunks")
            }
            let response: StatusResponseMessage
            do {
                response = try StatusResponseMessage(payload: payload)
            } catch {
                return refuse(opcode, reason: error.description)
            }
            guard response.status == .success else {
                state = .finished
                return [.log(.readAborted(StatusIB(response.status))), .close]
            }
            return send(read)
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
            return refuse(
                .invokeCommandRequest, with: .timedRequestMismatch,
                reason: timed
                    ? "TimedRequest came first but the flag is false" : "the flag says timed, no TimedRequest came")
        }
        guard request.invokeRequests.count <= Self.maximumPathsPerInvoke else {
            return refuse(
                .invokeCommandRequest,
                reason: "\(request.invokeRequests.count) commands; at most \(Self.maximumPathsPerInvoke) per invoke")
        }
        state = .awaitingCommandResults(suppressResponse: request.suppressResponse)
        return [.invoke(request.invokeRequests, timed: timed)]
    }

    /// Sends the read's next chunk; after the last one, logs what the read answered.
    private mutating func send(_ read: Read) -> [InteractionResponderAction] {
        var read = read
        let (chunk, isLast) = nextChunk(&read)
        read.chunks += 1
        let send = InteractionResponderAction.send(opcode: .reportData, payload: chunk, expectsResponse: !isLast)
        guard isLast else {
            state = .awaitingStatusResponse(read)
            return [send]
        }
        state = .finished
        let event = InteractionEvent.readAnswered(
            paths: read.paths.count, data: read.data, statuses: read.statuses, chunks: read.chunks)
        return [.log(event), send]
    }

    /// The ReportData payload of the read's next chunk: as many reports as fit in `maximumPayloadBytes` (a
    /// report larger than that on its own still gets a chunk of its own), and whether it is the last.
    private func nextChunk(_ read: inout Read) -> (payload: [UInt8], isLast: Bool) {
        // The envelope of a middle chunk: array header and end, MoreChunkedMessages, revision, structure.
        let envelope = TLVEncoder.encode(
            ReportDataMessage(attributeReports: [], moreChunkedMessages: true).element(reportElements: [])
        ).count
        var elements: [TLVElement] = []
        var used = envelope
        var isLast = true
        while let (report, next) = reader.nextReport(
            for: read.paths, filters: read.filters, fabricFiltered: read.fabricFiltered, at: read.cursor)
        {
            let element = report.element
            let size = TLVEncoder.encode(element).count
            if !elements.isEmpty && used + size > maximumPayloadBytes {
                isLast = false
                break
            }
            elements.append(element)
            used += size
            read.cursor = next
            if case .status = report { read.statuses += 1 } else { read.data += 1 }
        }
        let message = ReportDataMessage(
            attributeReports: [], moreChunkedMessages: isLast ? nil : true, suppressResponse: isLast ? true : nil)
        let reports: [TLVElement]? = read.hasAttributeRequests || !elements.isEmpty ? elements : nil
        return (TLVEncoder.encode(message.element(reportElements: reports)), isLast)
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
