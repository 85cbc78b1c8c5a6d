import MatterMessage
import MatterSecureChannel
import MatterTestSupport
import Testing

@testable import MatterNode

/// What an unverified peer gets on the unsecured session over UDP: one datagram per datagram at most, no larger
/// than what it answers unless PASE's handshake goes on, and nothing on a timer.
@Suite struct MatterNodeUnsecuredTests {
    let peer = MatterNodeHarness.udp(40_001)
    static let refusal = StatusReport(generalCode: .failure, secureChannelCode: .invalidParameter)

    /// The smallest unsecured message: no node IDs, an empty PBKDFParamRequest, 14 bytes.
    static func spoofedRequest(counter: UInt32 = 7) -> [UInt8] {
        Message(
            header: MessageHeader(messageCounter: counter),
            protocolHeader: ProtocolHeader(
                isInitiator: true, needsAcknowledgement: true, opcode: SecureChannelOpcode.pbkdfParamRequest.rawValue,
                exchangeID: 0x1234, protocolID: .secureChannel),
            payload: []
        ).encodedUnsecured()
    }

    /// Runs the table's timer up to `milliseconds` later and returns everything it sent to anyone.
    static func sentOnTimers(_ harness: inout MatterNodeHarness, for milliseconds: UInt64) -> [[UInt8]] {
        let end = harness.now + milliseconds
        var sent: [[UInt8]] = []
        while let deadline = harness.table.nextDeadline, deadline.milliseconds <= end {
            harness.now = max(harness.now, deadline.milliseconds)
            for case .send(let bytes, _) in harness.table.timerFired(now: harness.instant, using: &harness.random) {
                sent.append(bytes)
            }
        }
        harness.now = end
        return sent
    }

    @Test func aClosedWindowAnswersASpoofedTinyRequestWithNothing() throws {
        var harness = try MatterNodeHarness(windowOpen: false)
        let request = Self.spoofedRequest()
        #expect(request.count == 14)
        #expect(harness.deliver(request, from: peer).isEmpty)
        #expect(harness.deliver(request, from: peer).isEmpty)  // and its duplicate
        #expect(harness.events.contains(.windowClosed(peer)))
        #expect(harness.events.contains(.answerWithheld(peer, answerBytes: 26, receivedBytes: 14)))
        #expect(Self.sentOnTimers(&harness, for: 120_000).isEmpty)
    }

    @Test func aClosedWindowRefusesARealRequestOnceWithLessThanItSent() throws {
        var harness = try MatterNodeHarness(windowOpen: false)
        var controller = MatterTestController(passcode: MatterNodeHarness.passcode, seed: 31)
        let request = controller.pbkdfParamRequest()
        let answers = harness.deliver(request, from: peer)
        #expect(answers.count == 1)
        #expect(answers[0].count < request.count)
        #expect(try controller.receive(answers[0]).event == .statusReport(Self.refusal))
        // Nothing more on a timer: no retransmission, no late acknowledgement.
        #expect(Self.sentOnTimers(&harness, for: 30_000).isEmpty)
        // A duplicate (its sender missed the refusal) gets the refusal again, byte for byte, once.
        #expect(harness.deliver(request, from: peer) == answers)
        // Once the refusal is acknowledged the exchange is gone; a duplicate then gets a bare acknowledgement.
        let ack = try controller.receive(answers[0]).outgoing
        for message in ack { _ = harness.deliver(message, from: peer) }
        #expect(harness.table.sessionLayer.exchanges.isEmpty)
    }

    @Test func aLostHandshakeMessageArrivesWhenItsRequestIsRepeated() throws {
        var harness = try MatterNodeHarness()
        var controller = MatterTestController(passcode: MatterNodeHarness.passcode, seed: 32)
        let request = controller.pbkdfParamRequest()
        let response = harness.deliver(request, from: peer)
        #expect(response.count == 1)
        // Larger than the request, as PASE's own messages are; sent only because the window is open.
        #expect(response[0].count > request.count)
        #expect(Self.sentOnTimers(&harness, for: 10_000).isEmpty)
        // The response was lost: the initiator's MRP repeats the request, which gets the same response again.
        #expect(harness.deliver(request, from: peer) == response)
        // Lose Pake2 too, then finish: each repeat gets its answer, and the handshake completes.
        let pake1 = try controller.receive(response[0]).outgoing
        let pake2 = harness.deliver(pake1[0], from: peer)
        #expect(harness.deliver(pake1[0], from: peer) == pake2)
        var events: [MatterTestController.Event] = []
        for message in try controller.receive(pake2[0]).outgoing {
            for answer in harness.deliver(message, from: peer) {
                if let event = try controller.receive(answer).event { events.append(event) }
            }
        }
        #expect(events == [.established])
    }

    @Test func answeringOnceKeepsTheLastAnswerThatIsSmallEnough() throws {
        let ack = [UInt8](repeating: 1, count: 18)
        let report = [UInt8](repeating: 2, count: 30)
        let log = MatterNodeAction.log(.windowClosed(peer))
        #expect(
            MatterNode.answeringOnce([.send(ack, to: peer), log, .send(report, to: peer)], receivedBytes: 40)
                == [log, .send(report, to: peer)])
        #expect(
            MatterNode.answeringOnce([.send(report, to: peer)], receivedBytes: 29)
                == [.log(.answerWithheld(peer, answerBytes: 30, receivedBytes: 29))])
        #expect(MatterNode.answeringOnce([log], receivedBytes: 0) == [log])
    }

    @Test func onlyMessagesTheNodeTookKeepAPeerActive() throws {
        var harness = try MatterNodeHarness()
        let tcp = MatterPeer.tcp(connection: 1, name: "[::1]:40000")
        let garbage = harness.table.messageReceived(
            [0, 0, 0, 0], from: tcp, now: harness.instant, using: &harness.random)
        #expect(!garbage.contains(.peerActive(tcp)))
        var controller = MatterTestController(passcode: MatterNodeHarness.passcode, seed: 33)
        let request = harness.table.messageReceived(
            controller.pbkdfParamRequest(), from: tcp, now: harness.instant, using: &harness.random)
        #expect(request.contains(.peerActive(tcp)))
        // Over TCP the answer is not limited in size (the peer's address is verified by TCP's handshake).
        #expect(request.contains { if case .send(_, tcp) = $0 { true } else { false } })
    }
}
