import MHubProtocol
import MatterDataModel
import MatterInteraction
import MatterMessage
import MatterTestSupport
import Testing

@testable import MatterNode

/// The Matter node as a value: PASE, the one-session rule, the window, MRP, and reads over the session.
@Suite struct MatterNodeSessionTests {
    let peer = MatterNodeHarness.udp(40_001)
    let other = MatterNodeHarness.udp(40_002)

    @Test func paseThenAReadOfBasicInformation() throws {
        var harness = try MatterNodeHarness()
        var controller = MatterTestController(passcode: MatterNodeHarness.passcode, seed: 1)
        #expect(try harness.pase(&controller, peer: peer) == [.established])
        #expect(harness.table.paseSession?.localSessionID == controller.session?.peerSessionID)
        #expect(harness.events.contains { if case .paseEstablished = $0 { true } else { false } })
        // The handshake's exchanges are gone once their last messages were acknowledged.
        #expect(harness.table.sessionLayer.exchanges.isEmpty)

        let read = try controller.readRequest([AttributePathIB(endpoint: 0, cluster: 0x28)])
        let events = try harness.converse(read, controller: &controller, peer: peer)
        var values: [AttributeID: AttributeValue] = [:]
        for case .report(let report) in events {
            for case .data(_, let path, let value) in report.attributeReports ?? [] {
                values[path.attribute] = value
            }
        }
        #expect(values[0x0001] == .string("mhub"))
        #expect(values[0x0002] == .unsigned(0xFFF1))
        #expect(values[0x0003] == .string("mhub hub"))
        #expect(values[0x0004] == .unsigned(0x8001))
        #expect(values[0x0005] == .string("Test hub"))
        #expect(values[0x000A] == .string(MHubVersion.string))
        #expect(values[0x000F] == .string("SN-TEST"))
        #expect(values[0xFFFD] == .unsigned(4))
        #expect(harness.table.sessionLayer.exchanges.isEmpty)
    }

    @Test func unsupportedPathsAndRequestsGetStatuses() throws {
        var harness = try MatterNodeHarness()
        var controller = MatterTestController(passcode: MatterNodeHarness.passcode, seed: 2)
        _ = try harness.pase(&controller, peer: peer)
        let read = try controller.readRequest([
            AttributePathIB(endpoint: 2, cluster: 0x28, attribute: 1),
            AttributePathIB(endpoint: 0, cluster: 6, attribute: 0),
            AttributePathIB(endpoint: 0, cluster: 0x28, attribute: 0x4FFF),
        ])
        let statuses = try harness.converse(read, controller: &controller, peer: peer).flatMap { event in
            guard case .report(let report) = event else { return [InteractionModelStatus]() }
            return (report.attributeReports ?? []).compactMap {
                if case .status(_, let status) = $0 { status.status } else { nil }
            }
        }
        #expect(statuses == [.unsupportedEndpoint, .unsupportedCluster, .unsupportedAttribute])
        let invoke = try controller.request(.interactionModel, opcode: 0x08, payload: [0x15, 0x18])
        #expect(
            try harness.converse(invoke, controller: &controller, peer: peer)
                == [.statusResponse(StatusResponseMessage(status: .invalidAction))])
    }

    @Test func aClosedWindowRefusesPASEWithInvalidParameter() throws {
        var harness = try MatterNodeHarness(windowOpen: false)
        var controller = MatterTestController(passcode: MatterNodeHarness.passcode, seed: 3)
        let events = try harness.pase(&controller, peer: peer)
        #expect(events == [.statusReport(StatusReport(generalCode: .failure, secureChannelCode: .invalidParameter))])
        #expect(harness.events.contains(.windowClosed(peer)))
        // Opening the window lets the same controller in.
        try harness.openWindow()
        #expect(try harness.pase(&controller, peer: peer) == [.established])
    }

    @Test func aSecondControllerIsBusyWhileAHandshakeRunsOrASessionIsOpen() throws {
        var harness = try MatterNodeHarness()
        var first = MatterTestController(passcode: MatterNodeHarness.passcode, seed: 4)
        var second = MatterTestController(passcode: MatterNodeHarness.passcode, seed: 5)
        // The first handshake is under way (PBKDFParamResponse sent, Pake1 not yet).
        let response = harness.deliver(first.pbkdfParamRequest(), from: peer)
        #expect(response.count == 1)
        harness.now += 10_000
        let busy = try harness.converse(second.pbkdfParamRequest(), controller: &second, peer: other)
        // General code BUSY (8), protocol code BUSY (4), minimum wait: the 50 s the handshake has left.
        #expect(busy == [.statusReport(.busy(minimumWaitMilliseconds: 50_000))])
        // The first handshake is undisturbed.
        let pake1 = try first.receive(response[0]).outgoing[0]
        var events: [MatterTestController.Event] = []
        for answer in harness.deliver(pake1, from: peer) {
            let step = try first.receive(answer)
            for message in step.outgoing {
                for reply in harness.deliver(message, from: peer) {
                    if let event = try first.receive(reply).event { events.append(event) }
                }
            }
        }
        #expect(events == [.established])
        // With the session open the second is still refused, with the session's idle time left as its wait.
        harness.now += 1_000
        #expect(
            try harness.converse(second.pbkdfParamRequest(), controller: &second, peer: other)
                == [.statusReport(.busy(minimumWaitMilliseconds: 59_000))])
        #expect(harness.events.contains(.busy(other, minimumWaitMilliseconds: 59_000, because: .sessionOpen)))
        #expect(harness.events.contains(.busy(other, minimumWaitMilliseconds: 50_000, because: .handshakeRunning)))
        // CloseSession from the first frees the slot.
        _ = try harness.converse(try first.closeSession(), controller: &first, peer: peer)
        #expect(harness.table.paseSession == nil)
        #expect(try harness.pase(&second, peer: other) == [.established])
    }

    @Test func aWrongPasscodeFailsCleanlyAndTheRightOneThenSucceeds() throws {
        var harness = try MatterNodeHarness()
        var wrong = MatterTestController(passcode: 12_345_679, seed: 6)
        #expect(
            try harness.pase(&wrong, peer: peer)
                == [.statusReport(StatusReport(generalCode: .failure, secureChannelCode: .invalidParameter))])
        #expect(harness.events.contains(.paseFailed(peer, .confirmationMismatch)))
        #expect(harness.table.paseSession == nil)
        var right = MatterTestController(passcode: MatterNodeHarness.passcode, seed: 7)
        #expect(try harness.pase(&right, peer: peer) == [.established])
    }

    @Test func aStalledHandshakeAndAnIdleSessionFreeTheSlot() throws {
        var harness = try MatterNodeHarness(paseTimeoutMilliseconds: 5_000)
        var stalled = MatterTestController(passcode: MatterNodeHarness.passcode, seed: 8)
        _ = harness.deliver(stalled.pbkdfParamRequest(), from: peer)
        #expect(harness.table.sessionLayer.paseResponder?.isHandshakeInProgress == true)
        // The responder's own timeout is the commissionee's (60 s); nothing happens at 5 s for the handshake.
        _ = harness.advance(to: harness.now + 60_000, peer: peer)
        #expect(harness.table.sessionLayer.paseResponder?.isHandshakeInProgress == false)
        #expect(harness.events.contains(.paseFailed(peer, .timedOut)))

        var controller = MatterTestController(passcode: MatterNodeHarness.passcode, seed: 9)
        #expect(try harness.pase(&controller, peer: peer) == [.established])
        let deadline = try #require(harness.table.nextDeadline)
        _ = harness.advance(to: deadline.milliseconds, peer: peer)
        #expect(harness.table.paseSession == nil)
        #expect(
            harness.events.contains { if case .sessionClosed(_, "no message for 5 s") = $0 { true } else { false } })
    }

    @Test func closingTheWindowEndsTheSession() throws {
        var harness = try MatterNodeHarness()
        var controller = MatterTestController(passcode: MatterNodeHarness.passcode, seed: 10)
        _ = try harness.pase(&controller, peer: peer)
        harness.record(harness.table.commissioneeChanged(to: nil))
        #expect(harness.table.paseSession == nil)
        #expect(harness.table.sessionLayer.paseResponder == nil)
        // A read on the old session is dropped: the session is unknown now.
        #expect(harness.deliver(try controller.readRequest([AttributePathIB()]), from: peer).isEmpty)
    }

    @Test func theSecureSessionRetransmitsUntilAcknowledged() throws {
        var harness = try MatterNodeHarness()
        var controller = MatterTestController(passcode: MatterNodeHarness.passcode, seed: 11)
        _ = try harness.pase(&controller, peer: peer)
        // The report goes out with the R flag; the reader never acknowledges it.
        let report = harness.deliver(
            try controller.readRequest([AttributePathIB(endpoint: 0, cluster: 0x28, attribute: 5)]), from: peer)
        #expect(report.count == 1)
        var retransmissions = 0
        while let deadline = harness.table.nextDeadline, deadline.milliseconds < harness.now + 30_000 {
            let sent = harness.advance(to: deadline.milliseconds, peer: peer)
            retransmissions += sent.filter { $0 == report[0] }.count
        }
        #expect(retransmissions == 4)
        #expect(harness.events.contains { if case .deliveryFailed = $0 { true } else { false } })
    }
}
