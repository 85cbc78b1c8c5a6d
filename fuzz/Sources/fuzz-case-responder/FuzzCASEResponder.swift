import FuzzSupport
import MatterCrypto
import MatterMessage
import MatterSecureChannel

/// The CASE responder fed a script of messages: raw ones from the input, and honest initiators' (full and resuming
/// Sigma1, Sigma3, StatusReports), whole or altered, on eight exchanges over three fabrics (two the responder holds,
/// one it does not), with time passing and a fabric removed and restored. After every event: it answers only on the
/// message's exchange (a timer answers nothing), every StatusReport it sends decodes, no handshake outlives its
/// timeout, no more run than its limit, a message on an exchange with a handshake ends that handshake, every Sigma2
/// or Sigma2_Resume answering an honest Sigma1 passes the initiator's checks, and a session it establishes has the
/// keys, IDs, fabric and peer the honest initiator expects, under a session ID nobody uses. After the script, once
/// its handshakes time out, an honest full handshake and then a resumption of it succeed.
///
/// The script is a sequence of steps: kind, exchange, time step (×200 ms), then for a raw message its opcode,
/// length and payload, for an altered one a position and an XOR mask.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCASEResponder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = fuzzBytes(data, size)
    var script = input[...]
    var owner = Owner(random: InputSeededGenerator(seed: input))
    var initiators = (0..<8).map { CASEFuzzInitiator(fabric: CASEFuzzFixture.fabrics[$0 % 3], seed: UInt8($0)) }
    let exchanges = (0..<8).map { CASEExchange(peer: 0x1000 + UInt64($0), exchangeID: UInt16($0 + 1)) }
    var now: UInt64 = 0

    while script.count >= 3 {
        let kind = script.removeFirst() % 8
        let slot = Int(script.removeFirst()) % exchanges.count
        now += UInt64(script.removeFirst()) * 200
        let at = MonotonicInstant(milliseconds: now)
        var message: (opcode: UInt8, payload: [UInt8])?
        var honest = true
        switch kind {
        case 0:
            let opcode = script.popFirst() ?? 0
            let length = Int(script.popFirst() ?? 0) * 4
            message = (opcode, Array(script.prefix(length)))
            script = script.dropFirst(length)
            honest = false
        case 1: message = (SecureChannelOpcode.sigma1.rawValue, initiators[slot].makeSigma1(resuming: nil))
        case 2: message = initiators[slot].takeSigma3().map { (SecureChannelOpcode.sigma3.rawValue, $0) }
        case 3:
            let record = owner.initiatorRecords[initiators[slot].fabric.controller.fabricIndex]
            message = (SecureChannelOpcode.sigma1.rawValue, initiators[slot].makeSigma1(resuming: record))
        case 4:
            // The initiator's StatusReport: SUCCESS confirming a resumption, else giving up.
            let report =
                initiators[slot].isResuming
                ? StatusReport.sessionEstablishmentSuccess
                : StatusReport(generalCode: .failure, secureChannelCode: .invalidParameter)
            message = (SecureChannelOpcode.statusReport.rawValue, report.encoded())
        case 5: message = nil
        case 6:
            let position = Int(script.popFirst() ?? 0)
            let mask = max(1, script.popFirst() ?? 1)
            let original: [UInt8]? =
                switch position % 3 {
                case 0: initiators[slot].makeSigma1(resuming: nil)
                case 1: initiators[slot].takeSigma3()
                default:
                    initiators[slot].makeSigma1(
                        resuming: owner.initiatorRecords[initiators[slot].fabric.controller.fabricIndex])
                }
            message = original.map { bytes in
                var altered = bytes
                altered[(position / 3) % altered.count] ^= mask
                return ((position % 3 == 1 ? SecureChannelOpcode.sigma3 : .sigma1).rawValue, altered)
            }
            honest = false
        default:
            owner.toggleSecondFabric()
            message = nil
        }
        guard let message else {
            owner.timerFired(at)
            continue
        }
        if honest && message.opcode == SecureChannelOpcode.sigma1.rawValue {
            initiators[slot].clean = true
        } else if !honest {
            initiators[slot].clean = false
        }
        owner.deliver(message, on: exchanges[slot], at: at, initiator: &initiators[slot])
    }

    // Whatever the script left times out; then an honest handshake, and its resumption, succeed.
    now += 30_001
    owner.timerFired(MonotonicInstant(milliseconds: now))
    fuzzCheck(owner.responder.handshakesInProgress == 0, "a handshake outlived its timeout")
    owner.restoreSecondFabric()
    var final = CASEFuzzInitiator(fabric: CASEFuzzFixture.fabrics[1], seed: 0xF0)
    for resuming in [false, true] {
        let exchange = CASEExchange(peer: 0x2000, exchangeID: resuming ? 0x200 : 0x100)
        final.clean = true
        let record = resuming ? owner.initiatorRecords[final.fabric.controller.fabricIndex] : nil
        fuzzCheck(!resuming || record != nil, "the honest session after the script left no resumption record")
        let at = MonotonicInstant(milliseconds: now)
        owner.deliver(
            (SecureChannelOpcode.sigma1.rawValue, final.makeSigma1(resuming: record)), on: exchange, at: at,
            initiator: &final)
        let last: [UInt8]? =
            resuming
            ? (final.isResuming ? StatusReport.sessionEstablishmentSuccess.encoded() : nil) : final.takeSigma3()
        guard let last else {
            fatalError("property violated: the honest handshake after the script got no Sigma2 (resuming: \(resuming))")
        }
        let opcode = resuming ? SecureChannelOpcode.statusReport : .sigma3
        let established = owner.deliver((opcode.rawValue, last), on: exchange, at: at, initiator: &final)
        fuzzCheck(established?.isResumption == resuming, "the honest handshake after the script did not succeed")
    }
    return 0
}

/// The responder's owner, as the node keeps it: the resumption records, the session IDs in use, and which
/// fabrics are there; it checks every action the responder returns.
struct Owner {
    var responder = CASEResponder(
        configuration: CASEResponderConfiguration(
            sessionParameters: SessionParameters(idleInterval: 500, activeInterval: 300)),
        fabrics: CASEFuzzFixture.heldFabrics)
    var random: InputSeededGenerator
    var resumptions = CASEResumptionStore()
    /// What each fabric's initiators keep to resume their last session.
    var initiatorRecords: [UInt8: CASEResumptionRecord] = [:]
    var now = MonotonicInstant(milliseconds: 0)

    init(random: InputSeededGenerator) {
        self.random = random
    }

    mutating func timerFired(_ at: MonotonicInstant) {
        now = at
        let actions = responder.timerFired(now: at)
        for action in actions {
            switch action {
            case .failed(_, let exchange):
                fuzzCheck(!responder.isHandshaking(on: exchange), "a handshake went on after it failed on a timer")
            case .send, .established, .saveResumption:
                fatalError("property violated: a timer made the responder do \(action)")
            }
        }
        checkState()
    }

    /// Hands `message` to the responder and its answers to `initiator`; returns the session it established.
    @discardableResult
    mutating func deliver(
        _ message: (opcode: UInt8, payload: [UInt8]), on exchange: CASEExchange, at: MonotonicInstant,
        initiator: inout CASEFuzzInitiator
    ) -> CASESession? {
        now = at
        // Whether a handshake that has not timed out by now runs on the exchange (one that has is dropped first).
        var expired = responder
        _ = expired.timerFired(now: at)
        let wasHandshaking = expired.isHandshaking(on: exchange)
        let actions = responder.messageReceived(
            opcode: message.opcode, payload: message.payload, exchange: exchange, now: at, resumptions: resumptions,
            using: &random)
        var established: CASESession?
        for action in actions {
            switch action {
            case .send(let opcode, let payload, let to):
                fuzzCheck(to == exchange, "the responder answered on \(to), not on the message's \(exchange)")
                if opcode == .statusReport {
                    fuzzCheck((try? StatusReport.decode(payload)) != nil, "a StatusReport sent does not decode")
                }
                initiator.received(opcode, payload)
            case .established(let session):
                check(session, on: exchange, initiator)
                established = session
                initiatorRecords[session.fabricIndex] = initiator.record
                initiator.stage = .idle
            case .saveResumption(let record):
                fuzzCheck(established?.fabricIndex == record.fabricIndex, "a resumption record without its session")
                resumptions.save(record)
            case .failed:
                break
            }
        }
        if wasHandshaking {
            fuzzCheck(
                !responder.isHandshaking(on: exchange),
                "a message on an exchange with a handshake in progress left a handshake there")
        }
        checkState()
        return established
    }

    /// A session the honest initiator can use: its keys and IDs, its fabric and node, a session ID nobody uses.
    mutating func check(_ session: CASESession, on exchange: CASEExchange, _ initiator: CASEFuzzInitiator) {
        fuzzCheck(session.exchange == exchange, "a session was established on another exchange")
        guard let keys = initiator.expectedKeys else {
            fatalError("property violated: a session was established that the honest initiator cannot have")
        }
        fuzzCheck(session.keys == keys, "an established session's keys are not the initiator's")
        // An altered resuming Sigma1 may still resume (its session ID is not authenticated, as in CHIP).
        fuzzCheck(
            session.peerSessionID == initiator.sessionID || !initiator.clean,
            "the session's peer session ID is not the initiator's")
        fuzzCheck(session.isResumption == initiator.isResuming, "a resumption and a full handshake were confused")
        let fabric = initiator.fabric
        fuzzCheck(session.fabricIndex == fabric.controller.fabricIndex, "the session is on another fabric")
        fuzzCheck(session.localNodeID == fabric.responderNodeID, "the session names another local node")
        fuzzCheck(session.peerNodeID == CASEFuzzFixture.controllerNodeID, "the session names another peer")
        fuzzCheck(session.localSessionID != 0, "session ID 0 was given out")
        fuzzCheck(!responder.sessionIDsInUse.contains(session.localSessionID), "a session ID in use was given out")
        responder.sessionIDsInUse.insert(session.localSessionID)
    }

    /// The responder's state after any event: within its limits, no handshake past its deadline, pending IDs free.
    func checkState() {
        fuzzCheck(
            responder.handshakesInProgress <= responder.configuration.maximumConcurrentHandshakes,
            "more handshakes run than the limit")
        fuzzCheck(
            (responder.handshakesInProgress == 0) == (responder.nextDeadline == nil),
            "a handshake in progress without a deadline, or the reverse")
        if let deadline = responder.nextDeadline {
            fuzzCheck(now < deadline, "a handshake outlived its timeout")
        }
        let pending = responder.pendingSessionIDs
        fuzzCheck(pending.count == responder.handshakesInProgress, "two handshakes share a session ID")
        fuzzCheck(!pending.contains(0) && pending.isDisjoint(with: responder.sessionIDsInUse), "a pending ID is taken")
    }

    /// Removes fabric 2 (its handshakes must then fail, its records go) or puts it back.
    mutating func toggleSecondFabric() {
        if responder.fabrics.contains(where: { $0.fabricIndex == 2 }) {
            responder.fabrics.removeAll { $0.fabricIndex == 2 }
            resumptions.removeFabric(2)
        } else {
            restoreSecondFabric()
        }
    }

    mutating func restoreSecondFabric() {
        responder.fabrics = CASEFuzzFixture.heldFabrics
    }
}
