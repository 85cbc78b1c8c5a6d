import MatterInteraction
import MatterMessage
import MatterTestSupport
import Testing

@testable import MatterNode

/// The node as initiator: a request on an exchange it opens, retransmitted under MRP until acknowledged, its
/// answer handed out and acknowledged, or its failure after the last retransmission.
@Suite struct MatterNodeInitiatorTests {
    let peer = MatterNodeHarness.udp(40_201)
    static let fabric = MatterNodeCASETests.one

    /// A node with a CASE session to `controller`; returns the node's session ID.
    func connected(_ controller: inout MatterTestController) throws -> (MatterNodeHarness, UInt16) {
        var harness = try MatterNodeHarness(windowOpen: false, fabrics: [Self.fabric])
        _ = try harness.caseHandshake(
            &controller, as: MatterNodeCASETests.initiator(Self.fabric, seed: 31), peer: peer)
        return (harness, try #require(controller.caseSession?.peerSessionID))
    }

    @Test func aRequestIsRetransmittedUntilAnsweredAndTheAnswerAcknowledged() throws {
        var controller = MatterTestController(passcode: 0, seed: 30)
        var (harness, session) = try connected(&controller)
        let report = ReportDataMessage(subscriptionID: 7, attributeReports: []).encoded()
        let (exchangeID, actions) = try #require(
            harness.table.sendRequest(
                on: session, protocolID: .interactionModel, opcode: InteractionModelOpcode.reportData.rawValue,
                payload: report, now: harness.instant, using: &harness.random))
        let sent = harness.sent(actions, to: peer)
        #expect(sent.count == 1)
        let header = try MessageHeader.decode(sent[0]).header
        #expect(header.sessionID == controller.caseSession?.localSessionID)
        // Lost twice: the same bytes go again on MRP's timer.
        for _ in 0..<2 {
            let deadline = try #require(harness.table.nextDeadline)
            #expect(harness.advance(to: deadline.milliseconds, peer: peer) == sent)
        }
        let step = try controller.receive(sent[0])
        #expect(step.event == .hubRequest(opcode: 0x05, payload: report, exchangeID: exchangeID))
        // The answer carries the acknowledgement; the node hands it out and acknowledges it at once.
        let answer = StatusResponseMessage(status: .success).encoded()
        let back = harness.deliver(
            try controller.respond(
                toHubExchange: exchangeID, opcode: InteractionModelOpcode.statusResponse.rawValue, payload: answer),
            from: peer)
        #expect(harness.answers.map(\.exchangeID) == [exchangeID])
        #expect(harness.answers.first?.payload == answer)
        #expect(back.count == 1)
        #expect(try controller.receive(back[0]).event == nil)
        let ack = try SecureMessageCodec.open(
            back[0], key: try #require(controller.caseSession?.receiveKey), senderNodeID: Self.fabric.hub.nodeID)
        #expect(ack.protocolHeader.opcode == SecureChannelOpcode.standaloneAck.rawValue)
        #expect(ack.protocolHeader.isInitiator)
        #expect(harness.table.sessionLayer.exchanges.isEmpty)
        #expect(harness.table.nextDeadline.map { $0.milliseconds > harness.now + 60_000 } ?? true)
    }

    @Test func aRequestNeverAcknowledgedFailsAfterFourRetransmissions() throws {
        var controller = MatterTestController(passcode: 0, seed: 32)
        var (harness, session) = try connected(&controller)
        let (exchangeID, actions) = try #require(
            harness.table.sendRequest(
                on: session, protocolID: .interactionModel, opcode: 0x05, payload: [0x15, 0x18], now: harness.instant,
                using: &harness.random))
        let first = harness.sent(actions, to: peer)
        var retransmissions = 0
        while harness.failedRequests.isEmpty, let deadline = harness.table.nextDeadline {
            retransmissions += harness.advance(to: deadline.milliseconds, peer: peer).filter { $0 == first[0] }.count
        }
        #expect(retransmissions == 4)
        #expect(harness.failedRequests == [exchangeID])
        // The node's exchange IDs do not collide with the peer's: the next request gets another.
        let next = try #require(
            harness.table.sendRequest(
                on: session, protocolID: .interactionModel, opcode: 0x05, payload: [0x15, 0x18], now: harness.instant,
                using: &harness.random))
        #expect(next.exchangeID != exchangeID)
        #expect(
            harness.table.sendRequest(
                on: 0, protocolID: .interactionModel, opcode: 0x05, payload: [], now: harness.instant,
                using: &harness.random) == nil)
    }
}
