import MatterDataModel
import MatterInteraction
import MatterMessage
import MatterSecureChannel
import MatterTestSupport
import Testing

@testable import MatterNode

/// CASE sessions on the node: the handshake and reads over the session with operational node IDs in the nonces,
/// unknown fabrics, resumption, the limits (per fabric and in all, BUSY, eviction), IDs, idle and CloseSession.
@Suite struct MatterNodeCASETests {
    static let one = try! CASETestFabric(index: 1, fabricID: 0x1111, hubNodeID: 0x0101, seed: 500)
    static let two = try! CASETestFabric(index: 2, fabricID: 0x2222, hubNodeID: 0x0202, seed: 600)
    let peer = MatterNodeHarness.udp(40_101)

    static func initiator(_ fabric: CASETestFabric, seed: UInt64) -> CASEInitiator {
        CASEInitiator(fabric: fabric.controller, peerNodeID: fabric.hub.nodeID, seed: seed)
    }

    @Test func aControllerEstablishesCASEAndReadsWithOperationalNonces() throws {
        var harness = try MatterNodeHarness(windowOpen: false, fabrics: [Self.one])
        var controller = MatterTestController(passcode: 0, seed: 1)
        #expect(
            try harness.caseHandshake(&controller, as: Self.initiator(Self.one, seed: 2), peer: peer) == [
                .caseEstablished
            ])
        let session = try #require(controller.caseSession)
        let hub = try #require(harness.table.sessions[session.peerSessionID])
        #expect(hub.kind == .case)
        #expect(hub.fabricIndex == 1)
        #expect(hub.peerNodeID == 112_233)
        #expect(hub.localNodeID == 0x0101)
        #expect(harness.opened.map(\.kind) == [.case])

        // A read over the session: the hub's answer opens only with its node ID in the nonce.
        let read = try controller.readRequest([AttributePathIB(endpoint: 0, cluster: 0x28, attribute: 5)])
        let answers = harness.deliver(read, from: peer)
        #expect(answers.count == 1)
        #expect(
            (try? SecureMessageCodec.open(answers[0], key: session.receiveKey, senderNodeID: 0)) == nil)
        let step = try controller.receive(answers[0])
        guard case .report(let report) = step.event else {
            Issue.record("expected a report, got \(String(describing: step.event))")
            return
        }
        guard case .data(_, let path, let value)? = report.attributeReports?.first else {
            Issue.record("expected data, got \(String(describing: report.attributeReports))")
            return
        }
        #expect(path == AttributePath(endpoint: 0, cluster: 0x28, attribute: 5))
        #expect(value == .string("Test hub"))
        // A message sealed with node ID 0 in its nonce does not open on the hub.
        let forged = Message(
            header: MessageHeader(sessionID: session.peerSessionID, messageCounter: 0x0FFF_0000),
            protocolHeader: ProtocolHeader(
                isInitiator: true, needsAcknowledgement: true, opcode: InteractionModelOpcode.readRequest.rawValue,
                exchangeID: 77, protocolID: .interactionModel),
            payload: ReadRequestMessage(attributeRequests: [AttributePathIB()]).encoded())
        #expect(
            harness.deliver(try SecureMessageCodec.seal(forged, key: session.sendKey, senderNodeID: 0), from: peer)
                .isEmpty)
        #expect(
            harness.events.contains {
                if case .dropped(_, let reason) = $0 { reason.contains("session") } else { false }
            })
    }

    @Test func anUnknownFabricGetsNoSharedTrustRoots() throws {
        var harness = try MatterNodeHarness(windowOpen: false, fabrics: [Self.one])
        var controller = MatterTestController(passcode: 0, seed: 3)
        let events = try harness.caseHandshake(&controller, as: Self.initiator(Self.two, seed: 4), peer: peer)
        #expect(events == [.statusReport(StatusReport(generalCode: .failure, secureChannelCode: .noSharedTrustRoots))])
        #expect(harness.table.sessions.isEmpty)
        #expect(harness.events.contains(.caseFailed(peer, .noSharedTrustRoots)))
    }

    @Test func aKnownResumptionGetsSigma2Resume() throws {
        var harness = try MatterNodeHarness(windowOpen: false, fabrics: [Self.one])
        var controller = MatterTestController(passcode: 0, seed: 5)
        _ = try harness.caseHandshake(&controller, as: Self.initiator(Self.one, seed: 6), peer: peer)
        let record = try #require(controller.caseInitiator?.established?.resumption)
        var again = MatterTestController(passcode: 0, seed: 7)
        let events = try harness.caseHandshake(
            &again, as: Self.initiator(Self.one, seed: 8), peer: peer, resuming: record)
        #expect(events == [.caseEstablished])
        #expect(again.caseInitiator?.established?.isResumption == true)
        #expect(harness.table.sessions.count == 2)
        #expect(
            harness.events.contains { if case .caseEstablished(_, _, 1, 112_233, true) = $0 { true } else { false } })
    }

    @Test func sessionIDsAreSharedAcrossPASEAndCASE() throws {
        var harness = try MatterNodeHarness(fabrics: [Self.one])
        var pase = MatterTestController(passcode: MatterNodeHarness.passcode, seed: 9)
        #expect(try harness.pase(&pase, peer: peer) == [.established])
        var controller = MatterTestController(passcode: 0, seed: 10)
        _ = harness.deliver(try controller.sigma1(Self.initiator(Self.one, seed: 11)), from: peer)
        let paseID = try #require(harness.table.paseSession?.localSessionID)
        #expect(harness.table.sessionLayer.caseResponder.sessionIDsInUse.contains(paseID))
        #expect(!harness.table.sessionLayer.caseResponder.pendingSessionIDs.contains(paseID))
    }

    @Test func eachFabricKeepsItsShareAndTheFullTableEvictsOrRefuses() throws {
        let limits = MatterSessionLimits(maximumCASESessions: 3, minimumCASESessionsPerFabric: 1)
        var harness = try MatterNodeHarness(windowOpen: false, fabrics: [Self.one, Self.two], limits: limits)
        var seed: UInt64 = 100
        func connect(_ fabric: CASETestFabric, _ harness: inout MatterNodeHarness) throws -> [MatterTestController
            .Event]
        {
            seed += 2
            var controller = MatterTestController(passcode: 0, seed: seed)
            return try harness.caseHandshake(
                &controller, as: Self.initiator(fabric, seed: seed + 1), peer: MatterNodeHarness.udp(Int(seed)))
        }
        // Fabric 1 takes all three places; fabric 2's first session is still admitted, and one of fabric 1's goes.
        for _ in 0..<3 {
            #expect(try connect(Self.one, &harness) == [.caseEstablished])
            harness.now += 10
        }
        let oldest = try #require(harness.table.sessions.values.min { $0.lastActivity < $1.lastActivity })
        #expect(try connect(Self.two, &harness) == [.caseEstablished])
        #expect(harness.table.sessions.count == 3)
        #expect(harness.table.sessions[oldest.localSessionID] == nil)
        #expect(harness.ended.map(\.localSessionID) == [oldest.localSessionID])
        // Fabric 1 (two sessions) may replace its own; fabric 2 (one) replaces one of fabric 1's above its share.
        #expect(try connect(Self.one, &harness) == [.caseEstablished])
        #expect(harness.table.sessions.values.filter { $0.fabricIndex == 1 }.count == 2)
        #expect(try connect(Self.two, &harness) == [.caseEstablished])
        #expect(harness.table.sessions.values.filter { $0.fabricIndex == 2 }.count == 2)

        // A table smaller than its guarantees (one place, two fabrics): fabric 1 at its share may replace its own
        // session, but fabric 2 would take fabric 1's share: BUSY, until fabric 1's session goes idle.
        let tight = MatterSessionLimits(maximumCASESessions: 1, minimumCASESessionsPerFabric: 1)
        var full = try MatterNodeHarness(windowOpen: false, fabrics: [Self.one, Self.two], limits: tight)
        #expect(try connect(Self.one, &full) == [.caseEstablished])
        full.now += 1_000
        #expect(try connect(Self.one, &full) == [.caseEstablished])
        let held = try #require(full.table.sessions.values.first)
        let wait = UInt16(clamping: full.table.sessionLayer.idleDeadline(of: held).milliseconds(since: full.instant))
        #expect(try connect(Self.two, &full) == [.statusReport(.busy(minimumWaitMilliseconds: wait))])
        #expect(full.table.sessions.count == 1)
        #expect(full.events.contains(.caseBusy(MatterNodeHarness.udp(Int(seed)), minimumWaitMilliseconds: wait)))
    }

    @Test func closeSessionAndIdlenessEndOneSession() throws {
        let limits = MatterSessionLimits(caseIdleMilliseconds: 10_000)
        var harness = try MatterNodeHarness(windowOpen: false, fabrics: [Self.one], limits: limits)
        var first = MatterTestController(passcode: 0, seed: 20)
        var second = MatterTestController(passcode: 0, seed: 21)
        _ = try harness.caseHandshake(&first, as: Self.initiator(Self.one, seed: 22), peer: peer)
        harness.now += 5_000
        _ = try harness.caseHandshake(&second, as: Self.initiator(Self.one, seed: 23), peer: peer)
        #expect(harness.table.sessions.count == 2)
        _ = try harness.converse(try second.closeSession(), controller: &second, peer: peer)
        #expect(harness.table.sessions.count == 1)
        let remaining = try #require(first.caseSession?.peerSessionID)
        #expect(harness.table.sessions[remaining] != nil)
        _ = harness.advance(to: harness.now + 5_000, peer: peer)
        #expect(harness.table.sessions.isEmpty)
        #expect(harness.events.contains(.sessionClosed(localSessionID: remaining, reason: "no message for 10 s")))
    }
}
