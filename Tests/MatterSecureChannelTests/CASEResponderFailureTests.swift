import MHubTestSupport
import MatterCredentials
import MatterCrypto
import MatterMessage
import MatterTLV
import MatterTestSupport
import Testing

@testable import MatterSecureChannel

/// Everything that must make `CASEResponder` refuse: malformed and out-of-order messages, bad credentials,
/// timeouts, a full table, session IDs in use. Each ends with the right StatusReport and no state left behind.
@Suite struct CASEResponderFailureTests {
    typealias World = CASETestWorld

    /// `[report on exchange, .failed(failure)]`.
    static func refusal(
        _ failure: CASEFailure, on exchange: CASEExchange, report: [UInt8] = World.failureReport
    ) -> [CASEResponderAction] {
        [.send(opcode: .statusReport, payload: report, exchange: exchange), .failed(failure, exchange: exchange)]
    }

    /// Runs Sigma1 → Sigma2 → Sigma3 with `prepare` changing the initiator first, and checks that the responder
    /// refuses Sigma3 with `failure` and is then idle; `responder` is changed by `adjust` before Sigma3.
    static func expectSigma3Refused(
        _ failure: CASEFailure, seed: UInt64, sourceLocation: SourceLocation = #_sourceLocation,
        adjust: (inout CASEResponder) -> Void = { _ in }, prepare: (inout CASEInitiator) throws -> Void
    ) throws {
        var responder = World.makeResponder()
        var random = SeededGenerator(seed: seed)
        var initiator = World.initiator(seed: seed + 1)
        try prepare(&initiator)
        let exchange = CASEExchange(peer: seed, exchangeID: 1)
        let sigma3 = try World.startHandshake(
            &responder, &initiator, exchange: exchange, now: World.at(0), random: &random)
        adjust(&responder)
        let actions = responder.messageReceived(
            opcode: 0x32, payload: sigma3, exchange: exchange, now: World.at(10), resumptions: CASEResumptionStore(),
            using: &random)
        #expect(actions == refusal(failure, on: exchange), sourceLocation: sourceLocation)
        #expect(responder.handshakesInProgress == 0, sourceLocation: sourceLocation)
        #expect(responder.nextDeadline == nil, sourceLocation: sourceLocation)
    }

    // MARK: Sigma3 credentials

    @Test func badSignature() throws {
        try Self.expectSigma3Refused(.invalidSignature, seed: 100) { initiator in
            initiator.alterTBEData3 = { $0.signature[5] ^= 0x01 }
        }
        // Signed with a key that is not the NOC's.
        try Self.expectSigma3Refused(.invalidSignature, seed: 110) { initiator in
            var random = SeededGenerator(seed: 111)
            initiator.credentials.operationalKey = P256KeyPair.random(using: &random)
        }
    }

    @Test func nocFromAnotherRoot() throws {
        // Issued by the second fabric's root for the first fabric's ID.
        let credentials = try World.first.credentials(
            nodeID: 112_233, issuer: World.second.root, seed: 121)
        try Self.expectSigma3Refused(.invalidCredentials(.issuerMismatch("NOC")), seed: 120) {
            $0.credentials = credentials
        }
        // The hub's own NOC presented with the ICAC of another chain.
        let foreignICAC = try #require(World.second.hub.icac)
        try Self.expectSigma3Refused(.invalidCredentials(.issuerMismatch("NOC")), seed: 125) {
            $0.credentials.icac = foreignICAC
        }
    }

    @Test func wrongFabricID() throws {
        let credentials = try World.first.credentials(nodeID: 112_233, fabricID: 0xDEAD, seed: 131)
        try Self.expectSigma3Refused(.wrongFabric(fabricID: 0xDEAD, expected: 0xFAB1), seed: 130) {
            $0.credentials = credentials
        }
    }

    @Test func wrongNodeID() throws {
        // A NOC under the right root whose node ID is not an operational one (a group / temporary range ID).
        for (index, nodeID) in [UInt64(0), 0xFFFF_FFFF_0000_0001, 0xFFFF_FFFE_0000_0001].enumerated() {
            let credentials = try World.first.credentials(nodeID: nodeID, seed: 140 + UInt64(index))
            // Its TLV form is refused already (node ID rules are the same for TLV and X.509 certificates).
            let malformed = CertificateFormatError.invalidValue(
                field: "subject", reason: "\(nodeID) is not an operational node ID")
            try Self.expectSigma3Refused(
                .invalidCredentials(.malformed("NOC", malformed)), seed: 150 + UInt64(index) * 2
            ) {
                $0.credentials = credentials
            }
        }
    }

    @Test func expiredNOCWhenTheTimeIsKnown() throws {
        let credentials = try World.first.credentials(
            nodeID: 112_233, notAfter: TestCertificateAuthority.notBefore + 100, seed: 161)
        try Self.expectSigma3Refused(
            .invalidCredentials(.expired("NOC")), seed: 160,
            adjust: { $0.certificateValidationTime = TestCertificateAuthority.notBefore + 101 },
            prepare: { $0.credentials = credentials })
        // Without a time the same certificate is accepted, as CHIP's default validity policy does.
        var responder = World.makeResponder()
        var random = SeededGenerator(seed: 162)
        var initiator = World.initiator(seed: 163)
        initiator.credentials = credentials
        let actions = try World.handshake(
            &responder, &initiator, exchange: CASEExchange(peer: 1, exchangeID: 1), now: World.at(0), random: &random)
        #expect(World.session(in: actions) != nil)
    }

    @Test func fabricRemovedDuringTheHandshake() throws {
        try Self.expectSigma3Refused(
            .fabricRemoved(fabricIndex: 1), seed: 170, adjust: { $0.fabrics.removeAll { $0.fabricIndex == 1 } },
            prepare: { _ in })
    }

    // MARK: malformed Sigma3

    @Test func malformedSigma3() throws {
        let opcode = SecureChannelOpcode.sigma3.rawValue
        // The encrypted part decodes but lacks its signature / has a short one.
        try Self.expectSigma3Refused(
            .malformedMessage(opcode: opcode, .wrongLength(field: "signature", expected: "64", actual: 63)), seed: 200
        ) { initiator in
            initiator.alterTBEData3 = { $0.signature.removeLast() }
        }
        try Self.expectSigma3Refused(
            .malformedMessage(
                opcode: opcode, .wrongLength(field: "initiatorNOC", expected: "1 to 400", actual: 0)), seed: 202
        ) { initiator in
            initiator.alterTBEData3 = { $0.initiatorNOC = [] }
        }
        // Certificate bytes that are not a certificate.
        try Self.expectSigma3Refused(
            .invalidCredentials(.malformed("NOC", .notTLV(.truncated(offset: 0)))), seed: 204
        ) { initiator in
            initiator.alterTBEData3 = { $0.initiatorNOC = [0x15] }
        }

        // Sigma3 payloads that are not TLV, a wrong tag, and an encrypted3 under another key.
        let variants: [(@Sendable ([UInt8]) -> [UInt8], CASEFailure)] = [
            ({ Array($0.dropLast()) }, .malformedMessage(opcode: opcode, .notTLV(.truncated(offset: 0)))),
            (
                { _ in TLVEncoder.encode(TLVElement(.structure([TLVElement(tag: .context(2), .bytes([1]))]))) },
                .malformedMessage(opcode: opcode, .missingField("encrypted3"))
            ),
            (
                { payload in
                    var sigma3 = try! Sigma3(payload: payload)
                    sigma3.encrypted3[3] ^= 0x80
                    return sigma3.encoded()
                }, .decryptionFailed
            ),
        ]
        for (index, (change, failure)) in variants.enumerated() {
            var responder = World.makeResponder()
            var random = SeededGenerator(seed: 210 + UInt64(index))
            var initiator = World.initiator(seed: 220 + UInt64(index))
            let exchange = CASEExchange(peer: 9, exchangeID: UInt16(index))
            let sigma3 = try World.startHandshake(
                &responder, &initiator, exchange: exchange, now: World.at(0), random: &random)
            let actions = responder.messageReceived(
                opcode: 0x32, payload: change(sigma3), exchange: exchange, now: World.at(1),
                resumptions: CASEResumptionStore(), using: &random)
            #expect(actions == Self.refusal(failure, on: exchange), "variant \(index)")
            #expect(responder.handshakesInProgress == 0)
        }
    }

    @Test func sigma3UnderAnotherIPKDoesNotDecrypt() throws {
        // An initiator with the right root and IDs but another IPK cannot even be matched; one whose Sigma2 key
        // schedule used another IPK (a hub configured with a wrong one) produces an encrypted3 that fails.
        let fabric = World.first.hub
        let wrongIPK = CASEFabric(
            fabricIndex: 1, rcac: fabric.rcac, icac: fabric.icac, noc: fabric.noc,
            ipk: [UInt8](repeating: 7, count: 16),
            operationalKey: fabric.operationalKey, rootPublicKey: fabric.rootPublicKey, fabricID: fabric.fabricID,
            nodeID: fabric.nodeID)
        var responder = CASEResponder(fabrics: [fabric])
        var random = SeededGenerator(seed: 230)
        var initiator = World.initiator(seed: 231)
        let exchange = CASEExchange(peer: 10, exchangeID: 1)
        let sigma3 = try World.startHandshake(
            &responder, &initiator, exchange: exchange, now: World.at(0), random: &random)
        responder.fabrics = [wrongIPK]
        let actions = responder.messageReceived(
            opcode: 0x32, payload: sigma3, exchange: exchange, now: World.at(1), resumptions: CASEResumptionStore(),
            using: &random)
        #expect(actions == Self.refusal(.decryptionFailed, on: exchange))
    }

    // MARK: malformed Sigma1

    @Test func malformedSigma1() throws {
        var responder = World.makeResponder()
        var random = SeededGenerator(seed: 300)
        var initiator = World.initiator(seed: 301)
        let good = try Sigma1(payload: initiator.sigma1())
        let opcode = SecureChannelOpcode.sigma1.rawValue
        var notAPoint = good
        notAPoint.initiatorEphemeralPublicKey[64] ^= 0x01
        var resumptionWithoutMIC = TLVDecoderHelper.members(good.encoded())
        resumptionWithoutMIC.append(TLVElement(tag: .context(6), .bytes([UInt8](repeating: 1, count: 16))))
        let cases: [([UInt8], CASEFailure)] = [
            ([], .malformedMessage(opcode: opcode, .notTLV(.truncated(offset: 0)))),
            (Array(good.encoded().dropLast()), .malformedMessage(opcode: opcode, .notTLV(.truncated(offset: 0)))),
            (
                TLVEncoder.encode(TLVElement(.structure(resumptionWithoutMIC))),
                .malformedMessage(opcode: opcode, .unpairedResumptionFields)
            ),
            (notAPoint.encoded(), .invalidEphemeralKey(.invalidPoint)),
        ]
        for (index, (payload, failure)) in cases.enumerated() {
            let exchange = CASEExchange(peer: 11, exchangeID: UInt16(index))
            let actions = responder.messageReceived(
                opcode: 0x30, payload: payload, exchange: exchange, now: World.at(0),
                resumptions: CASEResumptionStore(),
                using: &random)
            #expect(actions == Self.refusal(failure, on: exchange), "case \(index)")
            #expect(responder.handshakesInProgress == 0)
        }
    }

    // MARK: order

    @Test func messagesOutOfOrder() throws {
        var responder = World.makeResponder()
        var random = SeededGenerator(seed: 400)
        let stranger = CASEExchange(peer: 1, exchangeID: 1)
        func send(_ opcode: UInt8, _ payload: [UInt8] = [], on exchange: CASEExchange) -> [CASEResponderAction] {
            responder.messageReceived(
                opcode: opcode, payload: payload, exchange: exchange, now: World.at(0),
                resumptions: CASEResumptionStore(), using: &random)
        }
        // Idle: Sigma2, Sigma3, Sigma2_Resume or an unknown opcode are refused; a StatusReport is ignored.
        for opcode: UInt8 in [0x31, 0x32, 0x33, 0x20, 0x99] {
            #expect(
                send(opcode, on: stranger)
                    == Self.refusal(.unexpectedMessage(opcode: opcode), on: stranger))
        }
        #expect(send(0x40, World.successReport, on: stranger) == [])

        // Awaiting Sigma3: a Sigma1 or Sigma2 on the same exchange ends the handshake; other exchanges do not
        // disturb it.
        for opcode: UInt8 in [0x30, 0x31, 0x33] {
            var initiator = World.initiator(seed: 401 + UInt64(opcode))
            let exchange = CASEExchange(peer: 2, exchangeID: UInt16(opcode))
            _ = try World.startHandshake(&responder, &initiator, exchange: exchange, now: World.at(0), random: &random)
            #expect(
                send(0x32, on: stranger)
                    == Self.refusal(.unexpectedMessage(opcode: 0x32), on: stranger))
            #expect(responder.handshakesInProgress == 1)
            #expect(
                send(opcode, try initiator.sigma1(), on: exchange)
                    == Self.refusal(.unexpectedMessage(opcode: opcode), on: exchange))
            #expect(responder.handshakesInProgress == 0)
        }
    }

    @Test func initiatorStatusReportEndsTheHandshake() throws {
        var responder = World.makeResponder()
        var random = SeededGenerator(seed: 410)
        var initiator = World.initiator(seed: 411)
        let exchange = CASEExchange(peer: 3, exchangeID: 1)
        _ = try World.startHandshake(&responder, &initiator, exchange: exchange, now: World.at(0), random: &random)
        let actions = responder.messageReceived(
            opcode: 0x40, payload: World.failureReport, exchange: exchange, now: World.at(1),
            resumptions: CASEResumptionStore(), using: &random)
        let report = try StatusReport.decode(World.failureReport)
        #expect(actions == [.failed(.peerReportedFailure(report), exchange: exchange)])

        // A SUCCESS where Sigma3 belongs, and a StatusReport that does not decode, end it too.
        _ = try World.startHandshake(&responder, &initiator, exchange: exchange, now: World.at(2), random: &random)
        #expect(
            responder.messageReceived(
                opcode: 0x40, payload: World.successReport, exchange: exchange, now: World.at(3),
                resumptions: CASEResumptionStore(), using: &random)
                == [.failed(.peerReportedFailure(.sessionEstablishmentSuccess), exchange: exchange)])
        _ = try World.startHandshake(&responder, &initiator, exchange: exchange, now: World.at(4), random: &random)
        #expect(
            responder.messageReceived(
                opcode: 0x40, payload: [1, 0], exchange: exchange, now: World.at(5), resumptions: CASEResumptionStore(),
                using: &random)
                == [
                    .failed(
                        .malformedMessage(opcode: 0x40, .malformedStatusReport(.statusReportTooShort(2))),
                        exchange: exchange)
                ])
        #expect(responder.handshakesInProgress == 0)
    }

    @Test func resumptionAwaitingConfirmationRefusesOtherMessages() throws {
        var responder = World.makeResponder()
        var random = SeededGenerator(seed: 420)
        var initiator = World.initiator(seed: 421)
        let (store, established) = try World.resumableSession(&responder, &initiator, peer: 4, random: &random)
        let held = established.resumption
        let exchange = CASEExchange(peer: 4, exchangeID: 2)
        let answer = responder.messageReceived(
            opcode: 0x30, payload: try initiator.sigma1(resuming: held), exchange: exchange, now: World.at(10),
            resumptions: store, using: &random)
        _ = try World.sent(.sigma2Resume, in: answer)
        #expect(
            responder.messageReceived(
                opcode: 0x32, payload: [], exchange: exchange, now: World.at(11), resumptions: store, using: &random)
                == Self.refusal(.unexpectedMessage(opcode: 0x32), on: exchange))
        // A failure report from the initiator (its MIC check failed) ends it without an answer.
        _ = responder.messageReceived(
            opcode: 0x30, payload: try initiator.sigma1(resuming: held), exchange: exchange, now: World.at(12),
            resumptions: store, using: &random)
        #expect(
            responder.messageReceived(
                opcode: 0x40, payload: World.failureReport, exchange: exchange, now: World.at(13), resumptions: store,
                using: &random)
                == [
                    .failed(.peerReportedFailure(try StatusReport.decode(World.failureReport)), exchange: exchange)
                ])
    }

    // MARK: time, capacity, session IDs

    @Test func stalledHandshakeTimesOut() throws {
        var responder = World.makeResponder()
        var random = SeededGenerator(seed: 500)
        var initiator = World.initiator(seed: 501)
        let exchange = CASEExchange(peer: 5, exchangeID: 1)
        let sigma3 = try World.startHandshake(
            &responder, &initiator, exchange: exchange, now: World.at(500), random: &random)
        #expect(responder.nextDeadline == World.at(30_500))
        #expect(responder.timerFired(now: World.at(30_499)) == [])
        #expect(
            responder.timerFired(now: World.at(30_500)) == [.failed(.timedOut, exchange: exchange)])
        #expect(responder.timerFired(now: World.at(30_501)) == [])
        // The late Sigma3 belongs to no handshake.
        let late = responder.messageReceived(
            opcode: 0x32, payload: sigma3, exchange: exchange, now: World.at(31_000),
            resumptions: CASEResumptionStore(),
            using: &random)
        #expect(late == Self.refusal(.unexpectedMessage(opcode: 0x32), on: exchange))
    }

    @Test func timerFollowsTheEarliestDeadline() throws {
        var responder = World.makeResponder()
        var random = SeededGenerator(seed: 510)
        var first = World.initiator(seed: 511)
        var second = World.initiator(seed: 512)
        let one = CASEExchange(peer: 6, exchangeID: 1)
        let two = CASEExchange(peer: 6, exchangeID: 2)
        let sigma3 = try World.startHandshake(&responder, &first, exchange: one, now: World.at(0), random: &random)
        // A second handshake does not move the timer; the first one ending moves it to the second's deadline.
        let start = responder.messageReceived(
            opcode: 0x30, payload: try second.sigma1(), exchange: two, now: World.at(1000),
            resumptions: CASEResumptionStore(), using: &random)
        #expect(start.count == 1)
        let end = responder.messageReceived(
            opcode: 0x32, payload: sigma3, exchange: one, now: World.at(2000), resumptions: CASEResumptionStore(),
            using: &random)
        #expect(end.contains { if case .established = $0 { true } else { false } })
        #expect(responder.nextDeadline == World.at(31_000))
        // Expiry is noticed on the next message even without the timer.
        var third = World.initiator(seed: 513)
        let later = responder.messageReceived(
            opcode: 0x30, payload: try third.sigma1(), exchange: one, now: World.at(31_000),
            resumptions: CASEResumptionStore(), using: &random)
        #expect(later.first == .failed(.timedOut, exchange: two))
        #expect(responder.nextDeadline == World.at(61_000))
        #expect(responder.handshakesInProgress == 1)
    }

    @Test func busyWhenEveryHandshakeSlotIsTaken() throws {
        var responder = World.makeResponder(maximumConcurrentHandshakes: 4)
        var random = SeededGenerator(seed: 520)
        var initiators = (0..<5).map { World.initiator(seed: 530 + UInt64($0)) }
        let exchanges = (0..<5).map { CASEExchange(peer: 0x500 + UInt64($0), exchangeID: 1) }
        var sigma3s: [[UInt8]] = []
        for index in 0..<4 {
            sigma3s.append(
                try World.startHandshake(
                    &responder, &initiators[index], exchange: exchanges[index], now: World.at(UInt64(index) * 100),
                    random: &random))
        }
        // The fifth waits until the first one times out at 30 s: 29 s from now.
        let fifthSigma1 = try initiators[4].sigma1()
        let busy = responder.messageReceived(
            opcode: 0x30, payload: fifthSigma1, exchange: exchanges[4], now: World.at(1000),
            resumptions: CASEResumptionStore(), using: &random)
        let report = StatusReport.busy(minimumWaitMilliseconds: 29_000)
        #expect(busy == [.send(opcode: .statusReport, payload: report.encoded(), exchange: exchanges[4])])
        #expect(hexString(report.encoded()) == "0800000000000400" + "4871")
        #expect(responder.handshakesInProgress == 4)
        // One finishing frees a slot.
        let done = responder.messageReceived(
            opcode: 0x32, payload: sigma3s[2], exchange: exchanges[2], now: World.at(1100),
            resumptions: CASEResumptionStore(), using: &random)
        #expect(World.session(in: done) != nil)
        let retry = responder.messageReceived(
            opcode: 0x30, payload: try initiators[4].sigma1(), exchange: exchanges[4], now: World.at(1200),
            resumptions: CASEResumptionStore(), using: &random)
        #expect(throws: Never.self) { try World.sent(.sigma2, in: retry) }
    }

    @Test func sessionIDsInUseAreNeverGiven() throws {
        var responder = World.makeResponder()
        var random = SeededGenerator(seed: 540)
        responder.sessionIDsInUse = Set(1...UInt16.max).subtracting([0x1234, 0x5678])
        var given: Set<UInt16> = []
        for index in 0..<2 {
            var initiator = World.initiator(seed: 541 + UInt64(index))
            let answer = responder.messageReceived(
                opcode: 0x30, payload: try initiator.sigma1(),
                exchange: CASEExchange(peer: 7, exchangeID: UInt16(index)),
                now: World.at(0), resumptions: CASEResumptionStore(), using: &random)
            given.insert(try Sigma2(payload: World.sent(.sigma2, in: answer)).responderSessionID)
        }
        // The two handshakes in progress hold the two free IDs; a third finds none.
        #expect(given == [0x1234, 0x5678])
        var third = World.initiator(seed: 543)
        let exchange = CASEExchange(peer: 7, exchangeID: 9)
        let refused = responder.messageReceived(
            opcode: 0x30, payload: try third.sigma1(), exchange: exchange, now: World.at(0),
            resumptions: CASEResumptionStore(), using: &random)
        #expect(refused == Self.refusal(.noSessionIDAvailable, on: exchange))
    }
}

/// The members of an encoded anonymous structure.
enum TLVDecoderHelper {
    static func members(_ payload: [UInt8]) -> [TLVElement] {
        (try? TLVDecoder().decodeElement(payload))?.value.members ?? []
    }
}
