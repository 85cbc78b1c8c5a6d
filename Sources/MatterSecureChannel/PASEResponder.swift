import MatterCrypto
import MatterMessage

/// The commissionee's side of PASE as a value: PBKDFParamRequest → PBKDFParamResponse, Pake1 → Pake2,
/// Pake3 → StatusReport success and the session keys.
///
/// Matter reference C (CHIP `src/protocols/secure_channel/PASESession.cpp`; matter.js `PaseServer.ts`).
/// The responder is the SPAKE2+ verifier. One handshake runs at a time:
/// * Any error in the running handshake (malformed payload, a message out of order, an invalid share, a
///   wrong confirmation) answers StatusReport FAILURE / INVALID_PARAMETER on its exchange and returns to
///   idle (C.1). A StatusReport from the initiator ends it without an answer.
/// * A PBKDFParamRequest on another exchange while one runs gets StatusReport BUSY / BUSY with the
///   milliseconds left until the running handshake times out as its minimum wait (C.4). CHIP's PASE
///   aborts instead and matter.js ignores it; the spec text was not at hand (see C.4).
/// * A handshake not finished `establishmentTimeoutMilliseconds` after its request is dropped (C.3), or
///   earlier if its owner bounds it (`handshakeDeadline`).
/// * `failedAttempts` counts the handshakes that ended without a session (a failure either side reported,
///   a message out of place, the timeout), as CHIP's `CommissioningWindowManager` counts
///   `OnSessionEstablishmentError`; a request refused before a handshake starts is not an attempt.
/// Time and randomness (the responder random, session ID and SPAKE2+ secret y) are inputs.
public struct PASEResponder: Sendable {
    struct Handshake: Sendable {
        var exchange: PASEExchange
        var deadline: MonotonicInstant
        var localSessionID: UInt16
        var peerSessionID: UInt16
        var peerSessionParameters: SessionParameters?
        var context: [UInt8]
    }

    enum State: Sendable {
        case idle
        case awaitingPake1(Handshake)
        case awaitingPake3(Handshake, Spake2pVerifierRound)
    }

    public let configuration: PASEResponderConfiguration
    /// Session IDs the owner already uses; a new session gets none of these, nor 0.
    public var sessionIDsInUse: Set<UInt16> = []
    /// Handshakes of this responder that started and ended without a session.
    public private(set) var failedAttempts = 0
    var state: State = .idle

    public init(configuration: PASEResponderConfiguration) {
        self.configuration = configuration
    }

    /// Whether a handshake is under way.
    public var isHandshakeInProgress: Bool {
        handshake != nil
    }

    /// When the running handshake times out.
    public var nextDeadline: MonotonicInstant? {
        handshake?.deadline
    }

    /// The session ID the running handshake will give its session.
    public var pendingSessionID: UInt16? {
        handshake?.localSessionID
    }

    /// The exchange of the running handshake.
    public var handshakeExchange: PASEExchange? {
        handshake?.exchange
    }

    var handshake: Handshake? {
        switch state {
        case .idle: nil
        case .awaitingPake1(let handshake), .awaitingPake3(let handshake, _): handshake
        }
    }

    // MARK: events

    /// A Secure Channel message arrived on the unsecured session (after MRP dropped duplicates).
    ///
    /// A handshake this message starts ends at `handshakeDeadline` if that comes before its own timeout: the
    /// owner's bound on how long one peer may hold the responder.
    public mutating func messageReceived(
        opcode: UInt8, payload: [UInt8], exchange: PASEExchange, now: MonotonicInstant,
        handshakeDeadline: MonotonicInstant? = nil, using generator: inout some RandomNumberGenerator
    ) -> [PASEResponderAction] {
        var actions = expire(now: now)
        let message = SecureChannelOpcode(rawValue: opcode)
        guard let handshake else {
            if message == .pbkdfParamRequest {
                let timeout = now.advanced(byMilliseconds: configuration.establishmentTimeoutMilliseconds)
                let deadline = handshakeDeadline.map { min($0, timeout) } ?? timeout
                return actions
                    + start(payload: payload, exchange: exchange, deadline: deadline, using: &generator)
            }
            if message == .statusReport { return actions }
            return actions + [
                reply(.failure, on: exchange), .failed(.unexpectedMessage(opcode: opcode), exchange: exchange),
            ]
        }
        guard exchange == handshake.exchange else {
            if message == .pbkdfParamRequest {
                let wait = UInt16(clamping: handshake.deadline.milliseconds(since: now))
                actions.append(
                    .send(
                        opcode: .statusReport, payload: StatusReport.busy(minimumWaitMilliseconds: wait).encoded(),
                        exchange: exchange))
            } else if message != .statusReport {
                actions.append(reply(.failure, on: exchange))
            }
            return actions
        }
        switch (state, message) {
        case (_, .statusReport):
            let failure: PASEFailure
            do {
                failure = .peerReportedFailure(try StatusReport.decode(payload))
            } catch {
                failure = .malformedMessage(opcode: opcode, .malformedStatusReport(error))
            }
            state = .idle
            failedAttempts += 1
            return actions + [.failed(failure, exchange: exchange)]
        case (.awaitingPake1(let handshake), .pake1):
            return actions + pake1Received(payload, handshake: handshake, using: &generator)
        case (.awaitingPake3(let handshake, let round), .pake3):
            return actions + pake3Received(payload, handshake: handshake, round: round)
        case (.idle, _), (.awaitingPake1, _), (.awaitingPake3, _):
            return actions + fail(.unexpectedMessage(opcode: opcode))
        }
    }

    /// `nextDeadline` came (early or late calls are fine).
    public mutating func timerFired(now: MonotonicInstant) -> [PASEResponderAction] {
        expire(now: now)
    }

    // MARK: helpers shared with the handshake steps

    /// Drops a handshake whose deadline has passed.
    mutating func expire(now: MonotonicInstant) -> [PASEResponderAction] {
        guard let handshake, handshake.deadline <= now else { return [] }
        state = .idle
        failedAttempts += 1
        return [.failed(.timedOut, exchange: handshake.exchange)]
    }

    /// Ends the running handshake with StatusReport FAILURE / INVALID_PARAMETER.
    mutating func fail(_ failure: PASEFailure) -> [PASEResponderAction] {
        guard let handshake else { return [] }
        state = .idle
        failedAttempts += 1
        return [
            reply(.failure, on: handshake.exchange), .failed(failure, exchange: handshake.exchange),
        ]
    }

    func reply(_ general: GeneralStatusCode, on exchange: PASEExchange) -> PASEResponderAction {
        let report = StatusReport(generalCode: general, secureChannelCode: .invalidParameter)
        return .send(opcode: .statusReport, payload: report.encoded(), exchange: exchange)
    }
}
