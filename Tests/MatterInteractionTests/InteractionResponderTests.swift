import MatterDataModel
import MatterMessage
import MatterTLV
import Testing

@testable import MatterInteraction

/// One exchange's reads: a single report, chunks acknowledged one by one, and refusals.
@Suite struct InteractionResponderTests {
    static let reader = AttributeReaderTests.reader

    static func readRequest(_ paths: [AttributePathIB]) -> [UInt8] {
        ReadRequestMessage(attributeRequests: paths).encoded()
    }

    /// The one ReportData the actions send, with whether it expects a response.
    static func report(_ actions: [InteractionResponderAction]) throws -> (ReportDataMessage, Bool) {
        for action in actions {
            if case .send(.reportData, let payload, let expectsResponse) = action {
                return (try ReportDataMessage(payload: payload), expectsResponse)
            }
        }
        throw InteractionModelError.missingField("ReportData in \(actions)")
    }

    @Test func aSmallReadIsOneFinalReport() throws {
        var responder = InteractionResponder()
        let actions = responder.messageReceived(
            opcode: 0x02, payload: Self.readRequest([AttributePathIB(endpoint: 0, cluster: 0x28, attribute: 1)]),
            now: .origin, reader: Self.reader)
        let (report, expectsResponse) = try Self.report(actions)
        #expect(!expectsResponse)
        #expect(report.suppressResponse == true)
        #expect(report.moreChunkedMessages == nil)
        #expect(report.interactionModelRevision == InteractionModel.revision)
        #expect(
            report.attributeReports == [
                .data(
                    dataVersion: 42, path: AttributePath(endpoint: 0, cluster: 0x28, attribute: 1),
                    value: .string("mhub"))
            ])
        #expect(actions.contains(.log(.readAnswered(paths: 1, data: 1, statuses: 0, chunks: 1))))
        #expect(responder.isFinished)
        // Anything after the end is ignored.
        #expect(
            responder.messageReceived(
                opcode: 0x01, payload: StatusResponseMessage(status: .success).encoded(), now: .origin,
                reader: Self.reader
            ).isEmpty)
    }

    @Test func aLargeReadGoesOutInChunksEachAcknowledged() throws {
        var responder = InteractionResponder(maximumPayloadBytes: 200)
        var actions = responder.messageReceived(
            opcode: 0x02, payload: Self.readRequest([AttributePathIB(endpoint: 0, cluster: 0x28)]), now: .origin,
            reader: Self.reader)
        var received: [AttributeReportIB] = []
        var chunks = 0
        while true {
            let (report, expectsResponse) = try Self.report(actions)
            chunks += 1
            received += report.attributeReports ?? []
            let payload = report.encoded()
            #expect(payload.count <= 200)
            if !expectsResponse {
                #expect(report.suppressResponse == true && report.moreChunkedMessages == nil)
                break
            }
            #expect(report.moreChunkedMessages == true && report.suppressResponse == nil)
            #expect(!responder.isFinished)
            actions = responder.messageReceived(
                opcode: 0x01, payload: StatusResponseMessage(status: .success).encoded(), now: .origin,
                reader: Self.reader)
        }
        #expect(chunks > 2)
        #expect(received == Self.reader.reports(for: [AttributePathIB(endpoint: 0, cluster: 0x28)]))
        #expect(responder.isFinished)
    }

    @Test func aFailureStatusBetweenChunksEndsTheRead() {
        var responder = InteractionResponder(maximumPayloadBytes: 200)
        _ = responder.messageReceived(
            opcode: 0x02, payload: Self.readRequest([AttributePathIB(endpoint: 0, cluster: 0x28)]), now: .origin,
            reader: Self.reader)
        let actions = responder.messageReceived(
            opcode: 0x01, payload: StatusResponseMessage(status: .resourceExhausted).encoded(), now: .origin,
            reader: Self.reader)
        #expect(actions == [.log(.readAborted(StatusIB(.resourceExhausted))), .close])
        #expect(responder.isFinished)
    }

    @Test(arguments: [
        (UInt8(0x06), [UInt8]()),  // WriteRequest
        (UInt8(0x08), [0x15, 0x18]),  // InvokeCommandRequest
        (UInt8(0x03), [0x15, 0x18]),  // SubscribeRequest
        (UInt8(0x01), [0x15, 0x24, 0x00, 0x00, 0x18]),  // an unsolicited StatusResponse
        (UInt8(0x02), [0x15, 0x24, 0x00, 0x01, 0x18]),  // a ReadRequest without paths
        (UInt8(0x77), [0x15, 0x18]),  // an opcode nobody defined
    ])
    func everythingElseGetsInvalidAction(opcode: UInt8, payload: [UInt8]) throws {
        var responder = InteractionResponder()
        let actions = responder.messageReceived(opcode: opcode, payload: payload, now: .origin, reader: Self.reader)
        let sent = actions.compactMap { action -> [UInt8]? in
            if case .send(.statusResponse, let payload, false) = action { payload } else { nil }
        }
        #expect(try sent.map { try StatusResponseMessage(payload: $0).status } == [.invalidAction])
        #expect(responder.isFinished)
    }
}
