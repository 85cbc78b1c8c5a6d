import MatterDataModel
import MatterTLV

/// The responder's side of one Interaction Model exchange, as a value: ReadRequest in, ReportData out.
///
/// CHIP `src/app/InteractionModelEngine.cpp` and `src/app/ReadHandler.cpp`; matter.js
/// `packages/node/src/node/server/InteractionServer.ts`:
/// * ReadRequest: the reports go out in ReportData chunks of at most `maximumPayloadBytes`; every chunk but
///   the last carries MoreChunkedMessages and waits for the reader's StatusResponse SUCCESS; the last
///   carries SuppressResponse, so the reader answers only with an MRP acknowledgement.
/// * A ReadRequest that does not parse, any other request (subscribe, write, invoke, timed) and an
///   unsolicited StatusResponse get StatusResponse INVALID_ACTION, which ends the exchange.
/// * Between chunks, a StatusResponse other than SUCCESS ends the read without an answer; any other
///   message gets INVALID_ACTION.
public struct InteractionResponder: Sendable {
    /// CHIP's `kMaxAppMessageLen` (1200): the largest application payload of a UDP message.
    public static let defaultMaximumPayloadBytes = 1200

    private enum State: Sendable {
        case awaitingRequest
        case awaitingStatusResponse(remaining: [[UInt8]])
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
        case .awaitingRequest, .awaitingStatusResponse: false
        }
    }

    /// An Interaction Model message arrived on this exchange.
    public mutating func messageReceived(opcode: UInt8, payload: [UInt8]) -> [InteractionResponderAction] {
        let opcode = InteractionModelOpcode(rawValue: opcode)
        switch state {
        case .finished:
            return []
        case .awaitingRequest:
            guard opcode == .readRequest else {
                return refuse(opcode, reason: "only ReadRequest is supported on the hub's own node")
            }
            let request: ReadRequestMessage
            do {
                request = try ReadRequestMessage(payload: payload)
            } catch {
                return refuse(opcode, reason: error.description)
            }
            return answer(request)
        case .awaitingStatusResponse(let remaining):
            guard opcode == .statusResponse else {
                return refuse(opcode, reason: "a StatusResponse was expected between report chunks")
            }
            let response: StatusResponseMessage
            do {
                response = try StatusResponseMessage(payload: payload)
            } catch {
                return refuse(opcode, reason: error.description)
            }
            guard response.status == .success, let next = remaining.first else {
                state = .finished
                return [.log(.readAborted(StatusIB(response.status))), .close]
            }
            return send(chunk: next, remaining: Array(remaining.dropFirst()))
        }
    }

    private mutating func answer(_ request: ReadRequestMessage) -> [InteractionResponderAction] {
        let reports = reader.reports(for: request.attributeRequests ?? [], filters: request.dataVersionFilters ?? [])
        let chunks = Self.chunks(
            reports: reports, hasAttributeRequests: request.attributeRequests != nil,
            maximumPayloadBytes: maximumPayloadBytes)
        let statuses = reports.filter { if case .status = $0 { true } else { false } }.count
        let event = InteractionEvent.readAnswered(
            paths: request.attributeRequests?.count ?? 0, data: reports.count - statuses, statuses: statuses,
            chunks: chunks.count)
        return [.log(event)] + send(chunk: chunks[0], remaining: Array(chunks.dropFirst()))
    }

    private mutating func send(chunk: [UInt8], remaining: [[UInt8]]) -> [InteractionResponderAction] {
        state = remaining.isEmpty ? .finished : .awaitingStatusResponse(remaining: remaining)
        return [.send(opcode: .reportData, payload: chunk, expectsResponse: !remaining.isEmpty)]
    }

    private mutating func refuse(_ opcode: InteractionModelOpcode, reason: String) -> [InteractionResponderAction] {
        state = .finished
        return [
            .log(.refused(opcode: opcode, status: .invalidAction, reason: reason)),
            .send(
                opcode: .statusResponse, payload: StatusResponseMessage(status: .invalidAction).encoded(),
                expectsResponse: false),
        ]
    }

    /// The ReportData payloads for `reports`: as many reports per chunk as fit in `maximumPayloadBytes`
    /// (a report larger than that on its own still gets a chunk of its own), at least one chunk.
    static func chunks(
        reports: [AttributeReportIB], hasAttributeRequests: Bool, maximumPayloadBytes: Int
    ) -> [[UInt8]] {
        let elements = reports.map(\.element)
        let sizes = elements.map { TLVEncoder.encode($0).count }
        // The envelope of a middle chunk: array header and end, MoreChunkedMessages, revision, structure.
        let envelope = TLVEncoder.encode(
            ReportDataMessage(attributeReports: [], moreChunkedMessages: true).element(reportElements: [])
        ).count
        var groups: [[TLVElement]] = []
        var current: [TLVElement] = []
        var used = envelope
        for (element, size) in zip(elements, sizes) {
            if !current.isEmpty && used + size > maximumPayloadBytes {
                groups.append(current)
                current = []
                used = envelope
            }
            current.append(element)
            used += size
        }
        groups.append(current)
        return groups.enumerated().map { index, group in
            let last = index == groups.count - 1
            let message = ReportDataMessage(
                attributeReports: [], moreChunkedMessages: last ? nil : true, suppressResponse: last ? true : nil)
            let elements: [TLVElement]? = hasAttributeRequests || !group.isEmpty ? group : nil
            return TLVEncoder.encode(message.element(reportElements: elements))
        }
    }
}
