import FuzzSupport
import MatterCrypto
import MatterMessage
import MatterSecureChannel

/// The PASE responder fed a script of messages: raw ones from the input, and an honest initiator's, whole or
/// altered, on three exchanges with time passing. After every event the responder's state is consistent, it
/// answers only on the message's exchange, every StatusReport it sends decodes, and a session it establishes has
/// the keys the honest initiator derived. After the script, once its handshake times out, an honest handshake
/// succeeds.
///
/// The script is a sequence of steps: kind, exchange, time step (×300 ms), then for a raw message its opcode,
/// length and payload, for an altered one a position and an XOR mask.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPASEResponder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var script = fuzzBytes(data, size)[...]
    var responder = PASEResponder(configuration: Fixture.configuration)
    var random = InputSeededGenerator(seed: [UInt8]())
    var initiator = HonestInitiator()
    var now: UInt64 = 0
    let exchanges = (1...3).map { PASEExchange(peer: 0x1000 + UInt64($0), exchangeID: UInt16($0)) }

    while script.count >= 3 {
        let kind = script.removeFirst() % 6
        let exchange = exchanges[Int(script.removeFirst()) % exchanges.count]
        now += UInt64(script.removeFirst()) * 300
        let message: (opcode: UInt8, payload: [UInt8])?
        switch kind {
        case 0:
            let opcode = script.popFirst() ?? 0
            let length = Int(script.popFirst() ?? 0)
            message = (opcode, Array(script.prefix(length)))
            script = script.dropFirst(length)
        case 1, 2, 3: message = initiator.next(Int(kind) - 1).map { ($0.rawValue, $1) }
        case 4: message = nil
        default:
            let position = Int(script.popFirst() ?? 0)
            let mask = max(1, script.popFirst() ?? 1)
            message = initiator.next(position % 3).map { opcode, payload in
                var altered = payload
                altered[position % altered.count] ^= mask
                return (opcode.rawValue, altered)
            }
        }
        let at = MonotonicInstant(milliseconds: now)
        guard let message else {
            check(responder.timerFired(now: at), responder, on: nil, initiator)
            continue
        }
        let actions = responder.messageReceived(
            opcode: message.opcode, payload: message.payload, exchange: exchange, now: at, using: &random)
        initiator.observe(actions)
        check(actions, responder, on: exchange, initiator)
    }

    // Whatever the script left, the handshake times out and an honest one succeeds.
    now += 60_001
    _ = responder.timerFired(now: MonotonicInstant(milliseconds: now))
    fuzzCheck(!responder.isHandshakeInProgress, "a handshake outlived its timeout")
    var honest = HonestInitiator()
    let exchange = PASEExchange(peer: 0x2000, exchangeID: 9)
    var established = false
    for step in 0..<3 {
        guard let (opcode, payload) = honest.next(step) else {
            fatalError("property violated: the honest handshake after the script stopped before step \(step + 1)")
        }
        let actions = responder.messageReceived(
            opcode: opcode.rawValue, payload: payload, exchange: exchange, now: MonotonicInstant(milliseconds: now),
            using: &random)
        honest.observe(actions)
        check(actions, responder, on: exchange, honest)
        established = actions.contains { if case .established = $0 { true } else { false } }
    }
    fuzzCheck(established, "an honest handshake after the script did not establish a session")
    return 0
}

private enum Fixture {
    static let passcode: UInt32 = 20_202_021
    static let salt = Array("SPAKE2P Key Salt".utf8)
    static let keys = try! Spake2pPasscodeKeys(passcode: passcode, salt: salt, iterations: 1000)
    static let configuration = try! PASEResponderConfiguration(
        verifier: keys.verifier(), iterations: 1000, salt: salt,
        sessionParameters: SessionParameters(idleInterval: 500, activeInterval: 300))
}

/// The commissioner's side, answering whatever the responder last sent it.
private struct HonestInitiator {
    var random = InputSeededGenerator(seed: [0x01])
    var requestPayload: [UInt8] = []
    var responsePayload: [UInt8]?
    var prover: Spake2pProver?
    var pake2Payload: [UInt8]?
    var keys: PASESessionKeys?

    mutating func request() -> [UInt8] {
        let request = PBKDFParamRequest(
            initiatorRandom: (0..<32).map { _ in UInt8.random(in: 0...255, using: &random) },
            initiatorSessionID: UInt16.random(in: 1...UInt16.max, using: &random), hasPBKDFParameters: false)
        requestPayload = request.encoded()
        return requestPayload
    }

    mutating func pake1() -> [UInt8]? {
        guard responsePayload != nil else { return nil }
        guard let prover = try? Spake2pProver(keys: Fixture.keys, using: &random) else {
            fatalError("property violated: the honest prover cannot start")
        }
        self.prover = prover
        return Pake1(pA: prover.pA.uncompressed).encoded()
    }

    mutating func pake3() -> [UInt8]? {
        guard let responsePayload, let prover, let pake2Payload, let pake2 = try? Pake2(payload: pake2Payload) else {
            return nil
        }
        let context = PASESessionKeys.context(requestPayload: requestPayload, responsePayload: responsePayload)
        guard let schedule = try? prover.finish(context: context, pB: pake2.pB) else { return nil }
        keys = try? PASESessionKeys(sharedSecret: schedule.ke)
        return Pake3(cA: schedule.confirmationA).encoded()
    }

    /// Step 0, 1 or 2 of a handshake: PBKDFParamRequest, Pake1 or Pake3, if the responder's answers so far allow it.
    mutating func next(_ step: Int) -> (SecureChannelOpcode, [UInt8])? {
        switch step {
        case 0: (.pbkdfParamRequest, request())
        case 1: pake1().map { (.pake1, $0) }
        default: pake3().map { (.pake3, $0) }
        }
    }

    /// Takes the responder's answers as the next messages to answer.
    mutating func observe(_ actions: [PASEResponderAction]) {
        for case .send(let opcode, let payload, _) in actions {
            switch opcode {
            case .pbkdfParamResponse:
                responsePayload = payload
                pake2Payload = nil
            case .pake2: pake2Payload = payload
            default: break
            }
        }
    }
}

private func check(
    _ actions: [PASEResponderAction], _ responder: PASEResponder, on exchange: PASEExchange?,
    _ initiator: HonestInitiator
) {
    fuzzCheck(
        responder.isHandshakeInProgress == (responder.nextDeadline != nil),
        "a handshake in progress without a deadline, or the reverse")
    for action in actions {
        switch action {
        case .send(let opcode, let payload, let to):
            fuzzCheck(
                to == exchange, "the responder answered on \(to), not on the message's \(String(describing: exchange))")
            if opcode == .statusReport {
                fuzzCheck((try? StatusReport.decode(payload)) != nil, "a StatusReport sent does not decode")
            }
        case .established(let session):
            fuzzCheck(session.exchange == exchange, "a session was established on another exchange")
            fuzzCheck(session.keys == initiator.keys, "an established session's keys are not the initiator's")
            fuzzCheck(!responder.isHandshakeInProgress, "a handshake still runs after its session was established")
        case .failed:
            break
        }
    }
}
