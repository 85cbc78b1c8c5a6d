import MHubTestSupport
import MatterCrypto
import MatterMessage
import MatterTestSupport
import Testing

@testable import MatterSecureChannel

/// Whole CASE handshakes against `CASEResponder` with the test initiator: full, resumed, on either of two
/// fabrics, with a manual clock and seeded generators.
@Suite struct CASEResponderTests {
    typealias World = CASETestWorld

    @Test func wholeHandshake() throws {
        var responder = World.makeResponder()
        var random = SeededGenerator(seed: 1)
        var initiator = World.initiator(seed: 2)
        let exchange = CASEExchange(peer: 0xE1, exchangeID: 7)

        // Sigma1 → Sigma2 and the 30 s handshake timer.
        let first = responder.messageReceived(
            opcode: 0x30, payload: try initiator.sigma1(), exchange: exchange, now: World.at(1000),
            resumptions: CASEResumptionStore(), using: &random)
        #expect(first.count == 1)
        let sigma2Payload = try World.sent(.sigma2, in: first)
        #expect(responder.nextDeadline == World.at(31_000))
        let sigma2 = try Sigma2(payload: sigma2Payload)
        #expect(sigma2.responderSessionID != 0)
        #expect(sigma2.responderSessionParameters == SessionParameters(idleInterval: 500, activeInterval: 300))
        #expect(responder.handshakesInProgress == 1)

        // The initiator checks the hub's chain, node ID and signature, and answers with Sigma3.
        let sigma3 = try initiator.sigma3(after: sigma2Payload)
        let third = responder.messageReceived(
            opcode: 0x32, payload: sigma3, exchange: exchange, now: World.at(1200), resumptions: CASEResumptionStore(),
            using: &random)
        let established = try initiator.statusReportReceived(World.successReport)
        let session = CASESession(
            exchange: exchange, localSessionID: sigma2.responderSessionID, peerSessionID: initiator.sessionID,
            keys: established.keys, fabricIndex: 1, localNodeID: 0x1001, peerNodeID: 112_233, peerCATs: [],
            peerSessionParameters: SessionParameters(idleInterval: 500, activeInterval: 300), isResumption: false)
        let record = try #require(World.record(in: third))
        #expect(
            third == [
                .send(opcode: .statusReport, payload: World.successReport, exchange: exchange), .established(session),
                .saveResumption(record),
            ])
        #expect(record == established.resumption.with(peerNodeID: 112_233))
        #expect(responder.handshakesInProgress == 0)
        #expect(responder.nextDeadline == nil)

        // The keys work both ways, with the operational node IDs in the nonces.
        let request = Message(
            header: MessageHeader(sessionID: sigma2.responderSessionID, messageCounter: 1),
            protocolHeader: ProtocolHeader(
                isInitiator: true, needsAcknowledgement: true, opcode: 0x02, exchangeID: 1,
                protocolID: .interactionModel),
            payload: [0x15, 0x18])
        let sealed = try SecureMessageCodec.seal(
            request, key: established.keys.initiatorToResponder, senderNodeID: 112_233)
        #expect(
            try SecureMessageCodec.open(
                sealed, key: session.keys.initiatorToResponder, senderNodeID: session.peerNodeID)
                == request)
        #expect(throws: MessageDecodingError.self) {
            try SecureMessageCodec.open(
                sealed, key: session.keys.responderToInitiator, senderNodeID: session.peerNodeID)
        }
    }

    @Test func secondFabricIsPickedByTheDestinationID() throws {
        var responder = World.makeResponder()
        var random = SeededGenerator(seed: 3)
        var initiator = World.initiator(on: World.second, seed: 4)
        let actions = try World.handshake(
            &responder, &initiator, exchange: CASEExchange(peer: 2, exchangeID: 1), now: World.at(0), random: &random)
        let session = try #require(World.session(in: actions))
        #expect(session.fabricIndex == 2)
        #expect(session.localNodeID == 0x2002)
        #expect(session.peerNodeID == 0x2222)
        #expect(session.peerCATs == [0x0001_0001, 0x0002_0003])
        #expect(World.record(in: actions)?.peerCATs == [0x0001_0001, 0x0002_0003])
        #expect(session.keys == (try initiator.statusReportReceived(World.successReport)).keys)
    }

    @Test func unknownFabricGetsNoSharedTrustRoots() throws {
        var responder = World.makeResponder()
        var random = SeededGenerator(seed: 5)
        let exchange = CASEExchange(peer: 3, exchangeID: 1)
        // A fabric the hub is not on, and the hub's fabric asked for another node ID.
        var initiators = [
            World.initiator(on: World.stranger, seed: 6),
            CASEInitiator(fabric: World.first.controller, peerNodeID: 0x1002, seed: 7),
        ]
        for index in initiators.indices {
            let actions = responder.messageReceived(
                opcode: 0x30, payload: try initiators[index].sigma1(), exchange: exchange, now: World.at(0),
                resumptions: CASEResumptionStore(), using: &random)
            #expect(
                actions == [
                    .send(opcode: .statusReport, payload: World.noSharedTrustRootsReport, exchange: exchange),
                    .failed(.noSharedTrustRoots, exchange: exchange),
                ])
            #expect(responder.handshakesInProgress == 0)
        }
        #expect(hexString(World.noSharedTrustRootsReport) == "0100000000000100")
    }

    @Test func resumption() throws {
        var responder = World.makeResponder()
        var random = SeededGenerator(seed: 8)
        var initiator = World.initiator(seed: 9)
        var (store, first) = try World.resumableSession(&responder, &initiator, peer: 4, random: &random)

        // Sigma1 with the resumption ID and its MIC → Sigma2_Resume; the initiator's SUCCESS → the session.
        let exchange = CASEExchange(peer: 5, exchangeID: 2)
        let sigma1 = try initiator.sigma1(resuming: first.resumption)
        let answer = responder.messageReceived(
            opcode: 0x30, payload: sigma1, exchange: exchange, now: World.at(5000), resumptions: store, using: &random)
        #expect(answer.count == 1)
        #expect(responder.nextDeadline == World.at(35_000))
        let (report, resumed) = try initiator.resumptionAccepted(World.sent(.sigma2Resume, in: answer))
        #expect(report == World.successReport)
        #expect(resumed.keys != first.keys)
        let done = responder.messageReceived(
            opcode: 0x40, payload: report, exchange: exchange, now: World.at(5100), resumptions: store, using: &random)
        let session = try #require(World.session(in: done))
        #expect(session.isResumption)
        #expect(session.keys == resumed.keys)
        #expect(session.localSessionID == resumed.peerSessionID)
        #expect(session.peerSessionID == resumed.localSessionID)
        #expect(session.peerNodeID == 112_233)
        #expect(session.fabricIndex == 1)
        let renewed = try #require(World.record(in: done))
        #expect(done == [.established(session), .saveResumption(renewed)])
        #expect(responder.nextDeadline == nil)
        #expect(renewed.resumptionID == resumed.resumption.resumptionID)
        #expect(renewed.resumptionID != first.resumption.resumptionID)
        #expect(renewed.sharedSecret == first.resumption.sharedSecret)

        // The renewed record replaces the old one: the old ID no longer resumes, the new one does.
        store.save(renewed)
        #expect(store.records.count == 1)
        #expect(store.record(forResumptionID: first.resumption.resumptionID) == nil)
        let again = responder.messageReceived(
            opcode: 0x30, payload: try initiator.sigma1(resuming: resumed.resumption),
            exchange: CASEExchange(peer: 6, exchangeID: 3), now: World.at(6000), resumptions: store, using: &random)
        #expect(throws: Never.self) { try World.sent(.sigma2Resume, in: again) }
    }

    @Test func resumptionThatCannotBeHonouredFallsBackToAFullHandshake() throws {
        var responder = World.makeResponder()
        var random = SeededGenerator(seed: 10)
        var initiator = World.initiator(seed: 11)
        let (store, established) = try World.resumableSession(&responder, &initiator, peer: 7, random: &random)
        let record = try #require(store.records.first)
        let held = established.resumption

        var wrongSecret = held
        wrongSecret.sharedSecret[0] ^= 1
        var unknownID = held
        unknownID.resumptionID[0] ^= 1
        var storeOfAGoneFabric = CASEResumptionStore()
        var gone = record
        gone.fabricIndex = 9
        storeOfAGoneFabric.save(gone)
        let cases: [(CASEResumptionRecord, CASEResumptionStore)] = [
            (wrongSecret, store), (unknownID, store), (held, CASEResumptionStore()), (held, storeOfAGoneFabric),
        ]
        for (index, (attempt, resumptions)) in cases.enumerated() {
            let exchange = CASEExchange(peer: 8, exchangeID: UInt16(index))
            let actions = responder.messageReceived(
                opcode: 0x30, payload: try initiator.sigma1(resuming: attempt), exchange: exchange,
                now: World.at(1000), resumptions: resumptions, using: &random)
            // A full Sigma2 the initiator can go on with.
            let sigma3 = try initiator.sigma3(after: World.sent(.sigma2, in: actions))
            let end = responder.messageReceived(
                opcode: 0x32, payload: sigma3, exchange: exchange, now: World.at(1001), resumptions: resumptions,
                using: &random)
            #expect(World.session(in: end)?.isResumption == false, "case \(index)")
        }
    }

    @Test func handshakesRunConcurrently() throws {
        var responder = World.makeResponder()
        var random = SeededGenerator(seed: 12)
        var initiators = (0..<4).map {
            World.initiator(on: $0 % 2 == 0 ? World.first : World.second, seed: 20 + UInt64($0))
        }
        let exchanges = (0..<4).map { CASEExchange(peer: 0x100 + UInt64($0), exchangeID: 1) }
        var sigma3s: [[UInt8]] = []
        for index in 0..<4 {
            sigma3s.append(
                try World.startHandshake(
                    &responder, &initiators[index], exchange: exchanges[index], now: World.at(UInt64(index) * 10),
                    random: &random))
        }
        #expect(responder.handshakesInProgress == 4)
        // They finish in another order than they began; each gets its own session.
        var sessionIDs: Set<UInt16> = []
        for index in [2, 0, 3, 1] {
            let actions = responder.messageReceived(
                opcode: 0x32, payload: sigma3s[index], exchange: exchanges[index], now: World.at(100),
                resumptions: CASEResumptionStore(), using: &random)
            let session = try #require(World.session(in: actions))
            #expect(session.exchange == exchanges[index])
            #expect(session.keys == (try initiators[index].statusReportReceived(World.successReport)).keys)
            sessionIDs.insert(session.localSessionID)
        }
        #expect(sessionIDs.count == 4)
        #expect(responder.handshakesInProgress == 0)
    }

    @Test func initiatorChecksTheResponder() throws {
        var random = SeededGenerator(seed: 13)
        // A hub whose NOC names node 0x1001 but which answers for node 0x1005.
        let fabric = World.first.hub
        let impostor = CASEFabric(
            fabricIndex: 1, rcac: fabric.rcac, icac: fabric.icac, noc: fabric.noc, ipk: fabric.ipk,
            operationalKey: fabric.operationalKey, rootPublicKey: fabric.rootPublicKey, fabricID: fabric.fabricID,
            nodeID: 0x1005)
        var responder = CASEResponder(fabrics: [impostor])
        var initiator = CASEInitiator(fabric: World.first.controller, peerNodeID: 0x1005, seed: 14)
        let answer = responder.messageReceived(
            opcode: 0x30, payload: try initiator.sigma1(), exchange: CASEExchange(peer: 1, exchangeID: 1),
            now: World.at(0), resumptions: CASEResumptionStore(), using: &random)
        #expect(throws: CASEInitiator.Failure("the responder's NOC names node 4097, not 4101")) {
            try initiator.sigma3(after: World.sent(.sigma2, in: answer))
        }

        // A hub that presents the second fabric's certificates under the first fabric's IPK and root key.
        let other = World.second.hub
        let crossed = CASEFabric(
            fabricIndex: 1, rcac: fabric.rcac, icac: other.icac, noc: other.noc, ipk: fabric.ipk,
            operationalKey: other.operationalKey, rootPublicKey: fabric.rootPublicKey, fabricID: fabric.fabricID,
            nodeID: fabric.nodeID)
        responder = CASEResponder(fabrics: [crossed])
        var second = World.initiator(seed: 15)
        let crossedAnswer = responder.messageReceived(
            opcode: 0x30, payload: try second.sigma1(), exchange: CASEExchange(peer: 1, exchangeID: 2),
            now: World.at(0), resumptions: CASEResumptionStore(), using: &random)
        #expect(throws: CASEFailure.self) { try second.sigma3(after: World.sent(.sigma2, in: crossedAnswer)) }
    }
}

extension CASEResumptionRecord {
    /// The record with another peer node ID (the initiator's record names the responder).
    func with(peerNodeID: UInt64) -> CASEResumptionRecord {
        var record = self
        record.peerNodeID = peerNodeID
        return record
    }
}
