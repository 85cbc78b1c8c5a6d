import MHubTestSupport
import MatterCrypto
import MatterMessage
import Testing

@testable import MatterSecureChannel

/// Whole PASE handshakes against `PASEResponder`, as chains of expectations, with a manual clock.
@Suite struct PASEResponderTests {
    static let passcode: UInt32 = 20_202_021
    static let salt = Array("SPAKE2P Key Salt".utf8)

    static func at(_ milliseconds: UInt64) -> MonotonicInstant {
        MonotonicInstant(milliseconds: milliseconds)
    }

    static func makeResponder() throws -> PASEResponder {
        let verifier = try Spake2pPasscodeKeys(passcode: passcode, salt: salt, iterations: 1000).verifier()
        let configuration = try PASEResponderConfiguration(
            verifier: verifier, iterations: 1000, salt: salt,
            sessionParameters: SessionParameters(idleInterval: 500, activeInterval: 300))
        return PASEResponder(configuration: configuration)
    }

    static let failureReport = StatusReport(generalCode: .failure, secureChannelCode: .invalidParameter).encoded()

    /// The initiator's PBKDFParamRequest at `milliseconds`, bounded by the owner's `deadline` if given.
    static func request(
        _ responder: inout PASEResponder, from initiator: inout TestInitiator, at milliseconds: UInt64,
        deadline: MonotonicInstant? = nil, random: inout SeededGenerator
    ) -> [PASEResponderAction] {
        responder.messageReceived(
            opcode: 0x20, payload: initiator.pbkdfParamRequest(), exchange: initiator.exchange, now: at(milliseconds),
            handshakeDeadline: deadline, using: &random)
    }

    /// Runs a handshake to its end and returns the responder's last actions.
    static func handshake(
        _ responder: inout PASEResponder, _ initiator: inout TestInitiator, now: MonotonicInstant,
        random: inout SeededGenerator
    ) throws -> [PASEResponderAction] {
        let exchange = initiator.exchange
        let first = responder.messageReceived(
            opcode: 0x20, payload: initiator.pbkdfParamRequest(), exchange: exchange, now: now, using: &random)
        guard case .send(.pbkdfParamResponse, let response, exchange) = first.first else {
            throw TestInitiator.Failure(description: "no PBKDFParamResponse: \(first)")
        }
        let second = responder.messageReceived(
            opcode: 0x22, payload: try initiator.pake1(after: response), exchange: exchange, now: now, using: &random)
        guard second.count == 1, case .send(.pake2, let pake2, exchange) = second[0] else {
            throw TestInitiator.Failure(description: "no Pake2: \(second)")
        }
        switch try initiator.pake3(after: pake2) {
        case .pake3(let pake3):
            return responder.messageReceived(opcode: 0x24, payload: pake3, exchange: exchange, now: now, using: &random)
        case .abort(let report):
            return responder.messageReceived(
                opcode: 0x40, payload: report, exchange: exchange, now: now, using: &random)
        }
    }

    @Test func wholeHandshake() throws {
        var responder = try Self.makeResponder()
        var random = SeededGenerator(seed: 10)
        var initiator = TestInitiator(passcode: Self.passcode)
        let exchange = initiator.exchange

        // PBKDFParamRequest → PBKDFParamResponse with the parameters, and the 60 s establishment timer.
        let request = initiator.pbkdfParamRequest()
        let first = responder.messageReceived(
            opcode: 0x20, payload: request, exchange: exchange, now: Self.at(1000), using: &random)
        guard case .send(.pbkdfParamResponse, let responsePayload, exchange) = first[0] else {
            Issue.record("expected PBKDFParamResponse, got \(first)")
            return
        }
        #expect(first.count == 1)
        #expect(responder.nextDeadline == Self.at(61_000))
        let response = try PBKDFParamResponse(payload: responsePayload)
        #expect(response.pbkdfParameters == PBKDFParamResponse.PBKDFParameters(iterations: 1000, salt: Self.salt))
        #expect(response.responderSessionID != 0)
        #expect(response.responderSessionParameters == SessionParameters(idleInterval: 500, activeInterval: 300))
        #expect(responder.isHandshakeInProgress)

        // Pake1 → Pake2.
        let second = responder.messageReceived(
            opcode: 0x22, payload: try initiator.pake1(after: responsePayload), exchange: exchange, now: Self.at(1100),
            using: &random)
        guard second.count == 1, case .send(.pake2, let pake2, exchange) = second[0] else {
            Issue.record("expected Pake2, got \(second)")
            return
        }

        // The initiator checks cB; Pake3 → StatusReport success and the session.
        let step = try initiator.pake3(after: pake2)
        guard case .pake3(let pake3) = step else {
            Issue.record("the initiator refused cB")
            return
        }
        let third = responder.messageReceived(
            opcode: 0x24, payload: pake3, exchange: exchange, now: Self.at(1200), using: &random)
        let keys = try initiator.sessionKeys()
        let session = PASESession(
            exchange: exchange, localSessionID: response.responderSessionID, peerSessionID: initiator.sessionID,
            keys: keys, peerSessionParameters: SessionParameters(idleInterval: 5000, activeInterval: 300))
        #expect(
            third == [
                .send(
                    opcode: .statusReport, payload: StatusReport.sessionEstablishmentSuccess.encoded(),
                    exchange: exchange),
                .established(session),
            ])
        #expect(!responder.isHandshakeInProgress)
        #expect(responder.nextDeadline == nil)

        // The keys work: the initiator's first secure message (I2R key, node ID 0) opens on the responder.
        let message = Message(
            header: MessageHeader(sessionID: response.responderSessionID, messageCounter: 1),
            protocolHeader: ProtocolHeader(
                isInitiator: true, needsAcknowledgement: true, opcode: 0x02, exchangeID: 1,
                protocolID: .interactionModel),
            payload: [0x15, 0x18])
        let sealed = try SecureMessageCodec.seal(message, key: keys.initiatorToResponder, senderNodeID: 0)
        #expect(try SecureMessageCodec.open(sealed, key: session.keys.initiatorToResponder, senderNodeID: 0) == message)
    }

    @Test func wrongPasscodeFailsCleanlyAndTheNextAttemptSucceeds() throws {
        var responder = try Self.makeResponder()
        var random = SeededGenerator(seed: 11)
        var wrong = TestInitiator(passcode: Self.passcode + 1, exchangeID: 1, seed: 2)
        // The initiator sees cB fail and reports it; the responder ends the handshake without answering.
        let end = try Self.handshake(&responder, &wrong, now: Self.at(0), random: &random)
        #expect(
            end == [
                .failed(.peerReportedFailure(try StatusReport.decode(Self.failureReport)), exchange: wrong.exchange)
            ])
        #expect(!responder.isHandshakeInProgress)

        var right = TestInitiator(passcode: Self.passcode, exchangeID: 2, seed: 3)
        let success = try Self.handshake(&responder, &right, now: Self.at(10), random: &random)
        guard case .established(let session) = success.dropFirst().first else {
            Issue.record("expected a session, got \(success)")
            return
        }
        #expect(session.keys == (try right.sessionKeys()))
    }

    @Test func forgedConfirmationIsRefused() throws {
        var responder = try Self.makeResponder()
        var random = SeededGenerator(seed: 12)
        var wrong = TestInitiator(passcode: 12_345_678, exchangeID: 1, seed: 4)
        let exchange = wrong.exchange
        let first = responder.messageReceived(
            opcode: 0x20, payload: wrong.pbkdfParamRequest(), exchange: exchange, now: Self.at(0), using: &random)
        guard case .send(_, let response, _) = first[0] else {
            Issue.record("the handshake did not go on as expected")
            return
        }
        _ = responder.messageReceived(
            opcode: 0x22, payload: try wrong.pake1(after: response), exchange: exchange, now: Self.at(0), using: &random
        )
        // The initiator ignores its failed cB check and sends a guessed cA.
        let forged = Pake3(cA: [UInt8](repeating: 0x5A, count: 32)).encoded()
        let end = responder.messageReceived(
            opcode: 0x24, payload: forged, exchange: exchange, now: Self.at(0), using: &random)
        #expect(
            end == [
                .send(opcode: .statusReport, payload: Self.failureReport, exchange: exchange),
                .failed(.confirmationMismatch, exchange: exchange),
            ])
        #expect(!responder.isHandshakeInProgress)
    }

    @Test func secondRequestGetsBusy() throws {
        var responder = try Self.makeResponder()
        var random = SeededGenerator(seed: 13)
        var first = TestInitiator(passcode: Self.passcode, exchangeID: 1, seed: 5)
        var second = TestInitiator(passcode: Self.passcode, exchangeID: 2, seed: 6)
        let start = responder.messageReceived(
            opcode: 0x20, payload: first.pbkdfParamRequest(), exchange: first.exchange, now: Self.at(0), using: &random)
        guard case .send(_, let response, _) = start[0] else {
            Issue.record("the handshake did not go on as expected")
            return
        }

        // 1.5 s later another commissioner asks: Busy, wait the 58.5 s the first one has left.
        let busy = responder.messageReceived(
            opcode: 0x20, payload: second.pbkdfParamRequest(), exchange: second.exchange, now: Self.at(1500),
            using: &random)
        #expect(
            busy == [
                .send(
                    opcode: .statusReport, payload: StatusReport.busy(minimumWaitMilliseconds: 58_500).encoded(),
                    exchange: second.exchange)
            ])
        #expect(hexString(StatusReport.busy(minimumWaitMilliseconds: 58_500).encoded()) == "0800000000000400" + "84e4")

        // The first handshake is untouched and completes; then the second one can start.
        let pake2 = responder.messageReceived(
            opcode: 0x22, payload: try first.pake1(after: response), exchange: first.exchange, now: Self.at(1600),
            using: &random)
        guard case .send(.pake2, let pake2Payload, _) = pake2.first,
            case .pake3(let pake3) = try first.pake3(after: pake2Payload)
        else {
            Issue.record("the first handshake did not go on: \(pake2)")
            return
        }
        let done = responder.messageReceived(
            opcode: 0x24, payload: pake3, exchange: first.exchange, now: Self.at(1700), using: &random)
        #expect(done.contains { if case .established = $0 { true } else { false } })
        let retry = try Self.handshake(&responder, &second, now: Self.at(60_000), random: &random)
        #expect(retry.contains { if case .established = $0 { true } else { false } })
    }

    @Test func stalledHandshakeTimesOut() throws {
        var responder = try Self.makeResponder()
        var random = SeededGenerator(seed: 14)
        var stalled = TestInitiator(passcode: Self.passcode, exchangeID: 1, seed: 7)
        let start = Self.request(&responder, from: &stalled, at: 500, random: &random)
        guard case .send(_, let response, _) = start[0] else {
            Issue.record("the handshake did not go on as expected")
            return
        }
        #expect(responder.timerFired(now: Self.at(60_499)) == [])
        #expect(
            responder.timerFired(now: Self.at(60_500)) == [.failed(.timedOut, exchange: stalled.exchange)])
        #expect(responder.nextDeadline == nil)
        #expect(responder.timerFired(now: Self.at(60_501)) == [])
        // The late Pake1 belongs to no handshake.
        let late = responder.messageReceived(
            opcode: 0x22, payload: try stalled.pake1(after: response), exchange: stalled.exchange, now: Self.at(61_000),
            using: &random)
        #expect(
            late == [
                .send(opcode: .statusReport, payload: Self.failureReport, exchange: stalled.exchange),
                .failed(.unexpectedMessage(opcode: 0x22), exchange: stalled.exchange),
            ])
    }

    @Test func expiryIsNoticedWithoutTheTimer() throws {
        var responder = try Self.makeResponder()
        var random = SeededGenerator(seed: 15)
        var stalled = TestInitiator(passcode: Self.passcode, exchangeID: 1, seed: 8)
        var next = TestInitiator(passcode: Self.passcode, exchangeID: 2, seed: 9)
        _ = responder.messageReceived(
            opcode: 0x20, payload: stalled.pbkdfParamRequest(), exchange: stalled.exchange, now: Self.at(0),
            using: &random)
        let actions = responder.messageReceived(
            opcode: 0x20, payload: next.pbkdfParamRequest(), exchange: next.exchange, now: Self.at(60_000),
            using: &random)
        #expect(actions.prefix(1) == [.failed(.timedOut, exchange: stalled.exchange)])
        #expect(actions.count == 2)
        #expect(responder.isHandshakeInProgress)
    }

    @Test func failedAttemptsCountHandshakesThatEndWithoutASession() throws {
        var responder = try Self.makeResponder()
        var random = SeededGenerator(seed: 17)
        // A wrong passcode (the initiator reports it), a stall to the timeout, a forged Pake3: three attempts.
        var wrong = TestInitiator(passcode: Self.passcode + 1, exchangeID: 1, seed: 20)
        _ = try Self.handshake(&responder, &wrong, now: Self.at(0), random: &random)
        #expect(responder.failedAttempts == 1)
        var stalled = TestInitiator(passcode: Self.passcode, exchangeID: 2, seed: 21)
        _ = Self.request(&responder, from: &stalled, at: 10, random: &random)
        _ = responder.timerFired(now: Self.at(60_010))
        #expect(responder.failedAttempts == 2)
        var forger = TestInitiator(passcode: Self.passcode, exchangeID: 3, seed: 22)
        _ = Self.request(&responder, from: &forger, at: 60_020, random: &random)
        _ = responder.messageReceived(
            opcode: 0x24, payload: Pake3(cA: [UInt8](repeating: 1, count: 32)).encoded(), exchange: forger.exchange,
            now: Self.at(60_030), using: &random)
        #expect(responder.failedAttempts == 3)
        // Refusals before any handshake starts are not attempts: a malformed request, a stray Pake1, BUSY.
        let stray = TestInitiator(passcode: Self.passcode, exchangeID: 4, seed: 23)
        _ = responder.messageReceived(
            opcode: 0x20, payload: [0x15, 0x18], exchange: stray.exchange, now: Self.at(60_040), using: &random)
        _ = responder.messageReceived(
            opcode: 0x22, payload: [0x15, 0x18], exchange: stray.exchange, now: Self.at(60_050), using: &random)
        #expect(responder.failedAttempts == 3)
        // A success does not reset the count.
        var right = TestInitiator(passcode: Self.passcode, exchangeID: 5, seed: 24)
        #expect(
            try Self.handshake(&responder, &right, now: Self.at(60_060), random: &random).contains {
                if case .established = $0 { true } else { false }
            })
        #expect(responder.failedAttempts == 3)
    }

    @Test func theOwnersDeadlineBoundsAHandshakeItStarts() throws {
        var responder = try Self.makeResponder()
        var random = SeededGenerator(seed: 18)
        var initiator = TestInitiator(passcode: Self.passcode, exchangeID: 1, seed: 25)
        let start = Self.request(&responder, from: &initiator, at: 1_000, deadline: Self.at(5_000), random: &random)
        #expect(start.contains { if case .send(.pbkdfParamResponse, _, _) = $0 { true } else { false } })
        #expect(responder.nextDeadline == Self.at(5_000))
        #expect(responder.timerFired(now: Self.at(5_000)).first == .failed(.timedOut, exchange: initiator.exchange))
        // A deadline after the responder's own timeout does not extend it.
        var late = TestInitiator(passcode: Self.passcode, exchangeID: 2, seed: 26)
        _ = Self.request(&responder, from: &late, at: 6_000, deadline: Self.at(600_000), random: &random)
        #expect(responder.nextDeadline == Self.at(66_000))
    }

    @Test func truncatedAndMutatedMessagesFailCleanly() throws {
        var random = SeededGenerator(seed: 16)
        for step in 0..<3 {
            for cut in [0, 1, 5, 20, 40] {
                var responder = try Self.makeResponder()
                var initiator = TestInitiator(passcode: Self.passcode, exchangeID: 9, seed: UInt64(cut + 100))
                let exchange = initiator.exchange
                var payload = initiator.pbkdfParamRequest()
                var opcode: UInt8 = 0x20
                if step >= 1 {
                    let start = responder.messageReceived(
                        opcode: 0x20, payload: payload, exchange: exchange, now: Self.at(0), using: &random)
                    guard case .send(_, let response, _) = start[0] else {
                        Issue.record("the handshake did not go on as expected")
                        return
                    }
                    payload = try initiator.pake1(after: response)
                    opcode = 0x22
                }
                if step == 2 {
                    let pake2 = responder.messageReceived(
                        opcode: 0x22, payload: payload, exchange: exchange, now: Self.at(0), using: &random)
                    guard case .send(_, let pake2Payload, _) = pake2[0],
                        case .pake3(let pake3) = try initiator.pake3(after: pake2Payload)
                    else {
                        Issue.record("the handshake did not go on as expected")
                        return
                    }
                    payload = pake3
                    opcode = 0x24
                }
                let truncated = Array(payload.prefix(max(0, payload.count - 1 - cut)))
                let actions = responder.messageReceived(
                    opcode: opcode, payload: truncated, exchange: exchange, now: Self.at(1), using: &random)
                #expect(actions.first == .send(opcode: .statusReport, payload: Self.failureReport, exchange: exchange))
                let failed = actions.contains {
                    if case .failed(.malformedMessage(let failedOpcode, _), exchange) = $0 {
                        failedOpcode == opcode
                    } else {
                        false
                    }
                }
                #expect(failed, "step \(step) cut \(cut): \(actions)")
                #expect(!responder.isHandshakeInProgress)
                var again = TestInitiator(passcode: Self.passcode, exchangeID: 10, seed: UInt64(cut + 200))
                let retry = try Self.handshake(&responder, &again, now: Self.at(2), random: &random)
                #expect(retry.contains { if case .established = $0 { true } else { false } })
            }
        }
    }

    @Test func invalidPointIsRefused() throws {
        var responder = try Self.makeResponder()
        var random = SeededGenerator(seed: 17)
        var initiator = TestInitiator(passcode: Self.passcode, exchangeID: 1, seed: 10)
        let start = responder.messageReceived(
            opcode: 0x20, payload: initiator.pbkdfParamRequest(), exchange: initiator.exchange, now: Self.at(0),
            using: &random)
        guard case .send(_, let response, _) = start[0] else {
            Issue.record("the handshake did not go on as expected")
            return
        }
        var pake1 = try Pake1(payload: initiator.pake1(after: response))
        pake1.pA[64] ^= 0x01
        let actions = responder.messageReceived(
            opcode: 0x22, payload: pake1.encoded(), exchange: initiator.exchange, now: Self.at(0), using: &random)
        #expect(
            actions == [
                .send(opcode: .statusReport, payload: Self.failureReport, exchange: initiator.exchange),
                .failed(.invalidShare(.invalidPoint), exchange: initiator.exchange),
            ])
    }

    @Test func messagesOutOfOrder() throws {
        var responder = try Self.makeResponder()
        var random = SeededGenerator(seed: 18)
        let stranger = PASEExchange(peer: 1, exchangeID: 1)
        // Idle: a Pake3 is refused, a StatusReport ignored.
        #expect(
            responder.messageReceived(opcode: 0x24, payload: [], exchange: stranger, now: Self.at(0), using: &random)
                == [
                    .send(opcode: .statusReport, payload: Self.failureReport, exchange: stranger),
                    .failed(.unexpectedMessage(opcode: 0x24), exchange: stranger),
                ])
        #expect(
            responder.messageReceived(opcode: 0x40, payload: [], exchange: stranger, now: Self.at(0), using: &random)
                == [])
        // Awaiting Pake1: a Pake3 on the same exchange ends the handshake; other exchanges do not disturb it.
        var initiator = TestInitiator(passcode: Self.passcode, exchangeID: 2, seed: 11)
        _ = responder.messageReceived(
            opcode: 0x20, payload: initiator.pbkdfParamRequest(), exchange: initiator.exchange, now: Self.at(0),
            using: &random)
        #expect(
            responder.messageReceived(opcode: 0x22, payload: [], exchange: stranger, now: Self.at(0), using: &random)
                == [
                    .send(opcode: .statusReport, payload: Self.failureReport, exchange: stranger)
                ])
        #expect(
            responder.messageReceived(opcode: 0x40, payload: [], exchange: stranger, now: Self.at(0), using: &random)
                == [])
        #expect(responder.isHandshakeInProgress)
        let wrong = responder.messageReceived(
            opcode: 0x24, payload: Pake3(cA: [UInt8](repeating: 0, count: 32)).encoded(), exchange: initiator.exchange,
            now: Self.at(0), using: &random)
        #expect(
            wrong == [
                .send(opcode: .statusReport, payload: Self.failureReport, exchange: initiator.exchange),
                .failed(.unexpectedMessage(opcode: 0x24), exchange: initiator.exchange),
            ])
    }

    @Test func malformedStatusReportFromTheInitiatorEndsTheHandshake() throws {
        var responder = try Self.makeResponder()
        var random = SeededGenerator(seed: 21)
        var initiator = TestInitiator(passcode: Self.passcode, exchangeID: 1, seed: 15)
        _ = responder.messageReceived(
            opcode: 0x20, payload: initiator.pbkdfParamRequest(), exchange: initiator.exchange, now: Self.at(0),
            using: &random)
        let actions = responder.messageReceived(
            opcode: 0x40, payload: [1, 0, 0], exchange: initiator.exchange, now: Self.at(0), using: &random)
        let failure = PASEFailure.malformedMessage(opcode: 0x40, .malformedStatusReport(.statusReportTooShort(3)))
        #expect(actions == [.failed(failure, exchange: initiator.exchange)])
        #expect(
            failure.description == "PASE message 0x40 is malformed: the StatusReport is malformed: "
                + "a StatusReport needs at least 8 bytes, not 3")
    }

    @Test func initiatorWithKnownParametersGetsNone() throws {
        var responder = try Self.makeResponder()
        var random = SeededGenerator(seed: 19)
        var initiator = TestInitiator(passcode: Self.passcode, exchangeID: 1, seed: 12)
        initiator.knownParameters = PBKDFParamResponse.PBKDFParameters(iterations: 1000, salt: Self.salt)
        let end = try Self.handshake(&responder, &initiator, now: Self.at(0), random: &random)
        #expect(initiator.response?.pbkdfParameters == nil)
        #expect(end.contains { if case .established = $0 { true } else { false } })
    }

    @Test func sessionIDsInUseAreAvoided() throws {
        var responder = try Self.makeResponder()
        var random = SeededGenerator(seed: 20)
        responder.sessionIDsInUse = Set(1...UInt16.max).subtracting([0x1234])
        var initiator = TestInitiator(passcode: Self.passcode, exchangeID: 1, seed: 13)
        let end = try Self.handshake(&responder, &initiator, now: Self.at(0), random: &random)
        #expect(initiator.response?.responderSessionID == 0x1234)
        #expect(end.contains { if case .established = $0 { true } else { false } })
        responder.sessionIDsInUse.insert(0x1234)
        var refused = TestInitiator(passcode: Self.passcode, exchangeID: 2, seed: 14)
        let actions = responder.messageReceived(
            opcode: 0x20, payload: refused.pbkdfParamRequest(), exchange: refused.exchange, now: Self.at(0),
            using: &random)
        #expect(actions.last == .failed(.noSessionIDAvailable, exchange: refused.exchange))
    }

    @Test func configurationChecksMatterLimits() throws {
        let verifier = try Spake2pPasscodeKeys(passcode: Self.passcode, salt: Self.salt, iterations: 1000).verifier()
        #expect(throws: CryptoError.self) {
            try PASEResponderConfiguration(verifier: verifier, iterations: 1000, salt: Array(Self.salt.prefix(15)))
        }
        #expect(throws: CryptoError.self) {
            try PASEResponderConfiguration(verifier: verifier, iterations: 999, salt: Self.salt)
        }
    }
}
