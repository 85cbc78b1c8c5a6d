import MatterDataModel
import MatterMessage
import MatterTLV
import Testing

@testable import MatterInteraction

/// Writes and the start of subscriptions on one exchange: the owner's statuses answered, chunked and timed writes,
/// priming reports with the SubscriptionId and a StatusResponse after each, then SubscribeResponse.
@Suite struct InteractionResponderSubscribeWriteTests {
    static let reader = ListChunkingTests.reader
    static let label = AttributePathIB(endpoint: 0, cluster: 0x28, attribute: 5)
    static let success = StatusResponseMessage(status: .success).encoded()

    static func write(timed: Bool = false, suppress: Bool = false, more: Bool = false) -> [UInt8] {
        WriteRequestMessage(
            suppressResponse: suppress, timedRequest: timed,
            writeRequests: [AttributeDataIB(path: label, data: .utf8("Porch"), dataVersion: 3)],
            moreChunkedMessages: more
        ).encoded()
    }

    static func status(_ actions: [InteractionResponderAction]) throws -> InteractionModelStatus? {
        for case .send(.statusResponse, let payload, _) in actions {
            return try StatusResponseMessage(payload: payload).status
        }
        return nil
    }

    @Test func writesGoToTheOwnerAndItsStatusesComeBack() throws {
        var responder = InteractionResponder()
        let actions = responder.messageReceived(opcode: 0x06, payload: Self.write(), now: .origin, reader: Self.reader)
        #expect(
            actions == [
                .write(
                    [AttributeDataIB(path: Self.label, data: .utf8("Porch"), dataVersion: 3)], timed: false,
                    moreChunks: false)
            ])
        let refused = AttributeStatusIB(path: Self.label, status: StatusIB(.constraintError))
        let answer = responder.writesHandled([refused])
        guard case .send(.writeResponse, let payload, false)? = answer.last else {
            Issue.record("no WriteResponse: \(answer)")
            return
        }
        #expect(try WriteResponseMessage(payload: payload).writeResponses == [refused])
        #expect(answer.contains(.log(.writeAnswered(writes: 1, refused: 1))))
        #expect(responder.isFinished)
    }

    @Test func aChunkedWriteIsAnsweredChunkByChunk() throws {
        var responder = InteractionResponder()
        _ = responder.messageReceived(opcode: 0x06, payload: Self.write(more: true), now: .origin, reader: Self.reader)
        let ok = AttributeStatusIB(path: Self.label, status: StatusIB(.success))
        let first = responder.writesHandled([ok])
        guard case .send(.writeResponse, _, true)? = first.last else {
            Issue.record("the first chunk's WriteResponse should wait for the next chunk: \(first)")
            return
        }
        #expect(!responder.isFinished)
        // Something else than the next chunk ends it.
        var stray = responder
        #expect(
            try Self.status(stray.messageReceived(opcode: 0x02, payload: [], now: .origin, reader: Self.reader))
                == .invalidAction)
        let last = responder.messageReceived(opcode: 0x06, payload: Self.write(), now: .origin, reader: Self.reader)
        #expect(last.count == 1)
        guard case .send(.writeResponse, _, false)? = responder.writesHandled([ok]).last else {
            Issue.record("no last WriteResponse")
            return
        }
        #expect(responder.isFinished)
    }

    @Test func timedWritesAndTheirRefusals() throws {
        let timed = TimedRequestMessage(timeoutMilliseconds: 500).encoded()
        var responder = InteractionResponder()
        #expect(
            try Self.status(responder.messageReceived(opcode: 0x0A, payload: timed, now: .origin, reader: Self.reader))
                == .success)
        let accepted = responder.messageReceived(
            opcode: 0x06, payload: Self.write(timed: true), now: MonotonicInstant(milliseconds: 400),
            reader: Self.reader)
        #expect(accepted.count == 1)
        if case .write(_, true, false)? = accepted.first {} else { Issue.record("not a timed write: \(accepted)") }

        var late = InteractionResponder()
        _ = late.messageReceived(opcode: 0x0A, payload: timed, now: .origin, reader: Self.reader)
        #expect(
            try Self.status(
                late.messageReceived(
                    opcode: 0x06, payload: Self.write(timed: true), now: MonotonicInstant(milliseconds: 501),
                    reader: Self.reader)) == .timeout)
        var unflagged = InteractionResponder()
        _ = unflagged.messageReceived(opcode: 0x0A, payload: timed, now: .origin, reader: Self.reader)
        #expect(
            try Self.status(
                unflagged.messageReceived(opcode: 0x06, payload: Self.write(), now: .origin, reader: Self.reader))
                == .timedRequestMismatch)
        var untimed = InteractionResponder()
        #expect(
            try Self.status(
                untimed.messageReceived(
                    opcode: 0x06, payload: Self.write(timed: true), now: .origin, reader: Self.reader))
                == .timedRequestMismatch)
        // SuppressResponse: nothing but the acknowledgement.
        var quiet = InteractionResponder()
        _ = quiet.messageReceived(opcode: 0x06, payload: Self.write(suppress: true), now: .origin, reader: Self.reader)
        #expect(quiet.writesHandled([AttributeStatusIB(path: Self.label, status: StatusIB(.success))]).last == .close)
    }

    static func subscribe(floor: UInt16 = 0, ceiling: UInt16 = 60) -> [UInt8] {
        SubscribeRequestMessage(
            minIntervalFloorSeconds: floor, maxIntervalCeilingSeconds: ceiling,
            attributeRequests: [AttributePathIB(endpoint: 0)], eventRequests: [EventPathIB(isUrgent: true)],
            eventFilters: [EventFilterIB(eventMin: 4)]
        ).encoded()
    }

    @Test func primingReportsThenSubscribeResponse() throws {
        var responder = InteractionResponder(maximumPayloadBytes: 400)
        let asked = responder.messageReceived(
            opcode: 0x03, payload: Self.subscribe(), now: .origin, reader: Self.reader)
        guard case .subscribe(let request)? = asked.first else {
            Issue.record("no subscribe: \(asked)")
            return
        }
        #expect(request.maxIntervalCeilingSeconds == 60 && request.eventFilters == [EventFilterIB(eventMin: 4)])
        var log = EventLog()
        log.append(EventReportTests.record(3))
        log.append(EventReportTests.record(5))
        var actions = responder.subscriptionAccepted(
            subscriptionID: 0xABCD, maxIntervalSeconds: 60, reader: Self.reader, events: log)
        var reports: [ReportDataMessage] = []
        while case .send(.reportData, let payload, let expectsResponse)? = actions.last {
            #expect(expectsResponse)
            let report = try ReportDataMessage(payload: payload)
            #expect(report.subscriptionID == 0xABCD)
            #expect(report.suppressResponse == nil)
            reports.append(report)
            #expect(responder.primingSubscriptionID == 0xABCD)
            actions = responder.messageReceived(
                opcode: 0x01, payload: Self.success, now: .origin, reader: Self.reader, events: log)
        }
        #expect(reports.count > 1)
        #expect(reports.dropLast().allSatisfy { $0.moreChunkedMessages == true })
        #expect(reports.last?.moreChunkedMessages == nil)
        #expect(
            ListChunkingTests.assembled(reports).count == Self.reader.reports(for: [AttributePathIB(endpoint: 0)]).count
        )
        #expect(EventReportTests.numbers(reports.flatMap { $0.eventReports ?? [] }) == [5])
        #expect(actions.contains(.subscriptionEstablished(subscriptionID: 0xABCD, eventsConsidered: 6)))
        guard case .send(.subscribeResponse, let payload, false)? = actions.last else {
            Issue.record("no SubscribeResponse: \(actions)")
            return
        }
        #expect(
            try SubscribeResponseMessage(payload: payload)
                == SubscribeResponseMessage(subscriptionID: 0xABCD, maxIntervalSeconds: 60))
        #expect(responder.isFinished)
    }

    @Test func refusalsOfASubscription() throws {
        // A floor above the ceiling is INVALID_ACTION (CHIP `ProcessSubscribeRequest`).
        var inverted = InteractionResponder()
        #expect(
            try Self.status(
                inverted.messageReceived(
                    opcode: 0x03, payload: Self.subscribe(floor: 9, ceiling: 5), now: .origin, reader: Self.reader))
                == .invalidAction)
        // The owner refuses it.
        var full = InteractionResponder()
        _ = full.messageReceived(opcode: 0x03, payload: Self.subscribe(), now: .origin, reader: Self.reader)
        #expect(try Self.status(full.subscriptionRefused(.resourceExhausted, reason: "full")) == .resourceExhausted)
        // The subscriber refuses a priming report: the subscription is abandoned.
        var refusing = InteractionResponder(maximumPayloadBytes: 300)
        _ = refusing.messageReceived(opcode: 0x03, payload: Self.subscribe(), now: .origin, reader: Self.reader)
        _ = refusing.subscriptionAccepted(subscriptionID: 7, maxIntervalSeconds: 60, reader: Self.reader)
        let ended = refusing.messageReceived(
            opcode: 0x01, payload: StatusResponseMessage(status: .invalidSubscription).encoded(), now: .origin,
            reader: Self.reader)
        #expect(ended.contains(.subscriptionAbandoned(subscriptionID: 7)))
        #expect(ended.contains(.close))
        #expect(refusing.isFinished)
    }

    /// SubscribeRequest's tags as CHIP's `SubscribeRequestMessage.h` has them: 0 KeepSubscriptions, 1 floor,
    /// 2 ceiling, 3 AttributeRequests, 4 EventRequests, 5 EventFilters, 7 IsFabricFiltered, 8 DataVersionFilters.
    @Test func subscribeRequestTags() throws {
        let request = SubscribeRequestMessage(
            keepSubscriptions: true, minIntervalFloorSeconds: 1, maxIntervalCeilingSeconds: 0x0258,
            attributeRequests: [AttributePathIB(endpoint: 1, cluster: 6, attribute: 0)],
            eventRequests: [EventPathIB(endpoint: 1, isUrgent: true)], eventFilters: [EventFilterIB(eventMin: 2)],
            fabricFiltered: false, dataVersionFilters: [DataVersionFilterIB(endpoint: 1, cluster: 6, dataVersion: 9)])
        let bytes = request.encoded()
        #expect(
            hexString(bytes) == "15" + "2900" + "240101" + "25025802" + "3603" + "17" + "240201" + "240306" + "240400"
                + "18" + "18" + "3604" + "17" + "240101" + "290418" + "18" + "3605" + "15" + "240102" + "18" + "18"
                + "2807" + "3608" + "15" + "3700" + "240101" + "240206" + "18" + "240109" + "18" + "18" + "24ff0c"
                + "18")
        #expect(try SubscribeRequestMessage(payload: bytes) == request)
    }
}
