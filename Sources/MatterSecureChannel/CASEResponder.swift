import MatterCrypto
import MatterMessage

/// The node's side of CASE as a value: Sigma1 → Sigma2, Sigma3 → StatusReport SUCCESS and the session keys; or
/// Sigma1 with a known resumption → Sigma2_Resume, the initiator's StatusReport SUCCESS → the resumed session.
///
/// Matter reference §5 (CHIP `src/protocols/secure_channel/CASESession.cpp`, `CASEServer.cpp`):
/// * Sigma1's destination ID is matched against every fabric; none ⇒ StatusReport FAILURE / NO_SHARED_TRUST_ROOTS.
/// * Any other error (malformed payload or encrypted part, a message out of order, an invalid key, chain or
///   signature) answers StatusReport FAILURE / INVALID_PARAMETER on its exchange and forgets the handshake.
///   A StatusReport from the initiator ends its handshake without an answer.
/// * Up to `maximumConcurrentHandshakes` run at once, one per exchange; a Sigma1 on a new exchange beyond them
///   gets StatusReport BUSY with the milliseconds until the first of them times out as its minimum wait
///   (CHIP `CASEServer` sends BUSY the same way, with one handshake at a time).
/// * A handshake not finished `handshakeTimeoutMilliseconds` after its Sigma1 is dropped.
/// Time, randomness (randoms, session IDs, ephemeral keys, resumption IDs) and the resumption records are inputs.
public struct CASEResponder: Sendable {
    struct Handshake: Sendable {
        var exchange: CASEExchange
        var deadline: MonotonicInstant
        var localSessionID: UInt16
        var peerSessionID: UInt16
        var peerSessionParameters: SessionParameters?
        var fabricIndex: UInt8
        var stage: Stage

        init(
            _ sigma1: Sigma1, exchange: CASEExchange, localSessionID: UInt16, fabricIndex: UInt8, stage: Stage,
            deadline: MonotonicInstant
        ) {
            self.exchange = exchange
            self.deadline = deadline
            self.localSessionID = localSessionID
            peerSessionID = sigma1.initiatorSessionID
            peerSessionParameters = sigma1.initiatorSessionParameters
            self.fabricIndex = fabricIndex
            self.stage = stage
        }
    }

    enum Stage: Sendable {
        /// Sigma2 sent.
        case awaitingSigma3(FullHandshake)
        /// Sigma2_Resume sent; the initiator confirms with StatusReport SUCCESS.
        case awaitingResumeConfirmation(ResumedHandshake)
    }

    struct FullHandshake: Sendable {
        var sharedSecret: [UInt8]
        var initiatorEphemeralKey: [UInt8]
        var responderEphemeralKey: [UInt8]
        var sigma1: [UInt8]
        var sigma2: [UInt8]
        var resumptionID: [UInt8]
    }

    struct ResumedHandshake: Sendable {
        var record: CASEResumptionRecord
        var keys: CASESessionKeys
    }

    public let configuration: CASEResponderConfiguration
    /// The node's fabrics; Sigma1 is matched against all of them. A fabric removed during a handshake ends it.
    public var fabrics: [CASEFabric]
    /// Session IDs the owner already uses; a new session gets none of these, nor 0, nor one of a handshake in
    /// progress.
    public var sessionIDsInUse: Set<UInt16> = []
    /// The time (seconds since the Matter epoch) at which initiators' certificates must be valid; nil checks no
    /// validity periods. CHIP's CASE checks against its last known good time and its default policy accepts
    /// certificates that expired before it (`CertificateValidityPolicy::ApplyDefaultPolicy`), so nil is closest.
    public var certificateValidationTime: UInt32?
    var handshakes: [Handshake] = []

    public init(configuration: CASEResponderConfiguration = CASEResponderConfiguration(), fabrics: [CASEFabric]) {
        self.configuration = configuration
        self.fabrics = fabrics
    }

    /// How many handshakes are under way.
    public var handshakesInProgress: Int {
        handshakes.count
    }

    /// The fabric index of each handshake in progress.
    public var handshakeFabrics: [UInt8] {
        handshakes.map(\.fabricIndex)
    }

    /// The session IDs the handshakes in progress will give their sessions.
    public var pendingSessionIDs: Set<UInt16> {
        Set(handshakes.map(\.localSessionID))
    }

    /// Whether a handshake runs on `exchange`.
    public func isHandshaking(on exchange: CASEExchange) -> Bool {
        handshakes.contains { $0.exchange == exchange }
    }

    /// When the first handshake in progress times out.
    public var nextDeadline: MonotonicInstant? {
        handshakes.map(\.deadline).min()
    }

    // MARK: events

    /// A Secure Channel message arrived on the unsecured session (after MRP dropped duplicates).
    ///
    /// `resumptions` are the records the owner keeps; a Sigma1 that names one of them (with a valid MIC) resumes.
    public mutating func messageReceived(
        opcode: UInt8, payload: [UInt8], exchange: CASEExchange, now: MonotonicInstant,
        resumptions: CASEResumptionStore, using generator: inout some RandomNumberGenerator
    ) -> [CASEResponderAction] {
        var actions = expire(now: now)
        let message = SecureChannelOpcode(rawValue: opcode)
        if let index = handshakes.firstIndex(where: { $0.exchange == exchange }) {
            actions += continueHandshake(at: index, message: message, payload: payload)
        } else if message == .sigma1 {
            if handshakes.count >= configuration.maximumConcurrentHandshakes {
                actions.append(busy(on: exchange, now: now))
            } else {
                actions += sigma1Received(
                    payload, exchange: exchange, now: now, resumptions: resumptions, using: &generator)
            }
        } else if message != .statusReport {
            actions += refuse(exchange, .unexpectedMessage(opcode: opcode))
        }
        return actions
    }

    /// `nextDeadline` came (early or late calls are fine).
    public mutating func timerFired(now: MonotonicInstant) -> [CASEResponderAction] {
        expire(now: now)
    }

    // MARK: helpers shared with the handshake steps

    /// The next message of a handshake in progress.
    mutating func continueHandshake(
        at index: Int, message: SecureChannelOpcode, payload: [UInt8]
    ) -> [CASEResponderAction] {
        let handshake = handshakes[index]
        if message == .statusReport {
            return statusReportReceived(payload, handshakeAt: index)
        }
        switch handshake.stage {
        case .awaitingSigma3(let full) where message == .sigma3:
            return sigma3Received(payload, handshakeAt: index, full: full)
        case .awaitingSigma3, .awaitingResumeConfirmation:
            return fail(handshakeAt: index, .unexpectedMessage(opcode: message.rawValue))
        }
    }

    /// A StatusReport from the initiator: the confirmation of a resumption, or the end of the handshake.
    mutating func statusReportReceived(_ payload: [UInt8], handshakeAt index: Int) -> [CASEResponderAction] {
        let handshake = handshakes.remove(at: index)
        let report: StatusReport
        do {
            report = try StatusReport.decode(payload)
        } catch {
            let failure = CASEFailure.malformedMessage(
                opcode: SecureChannelOpcode.statusReport.rawValue, .malformedStatusReport(error))
            return [.failed(failure, exchange: handshake.exchange)]
        }
        switch handshake.stage {
        case .awaitingResumeConfirmation(let resumed) where report == .sessionEstablishmentSuccess:
            return resumptionConfirmed(handshake, resumed)
        case .awaitingResumeConfirmation, .awaitingSigma3:
            return [.failed(.peerReportedFailure(report), exchange: handshake.exchange)]
        }
    }

    /// Drops the handshakes whose deadline has passed.
    mutating func expire(now: MonotonicInstant) -> [CASEResponderAction] {
        let expired = handshakes.filter { $0.deadline <= now }
        handshakes.removeAll { $0.deadline <= now }
        return expired.map { .failed(.timedOut, exchange: $0.exchange) }
    }

    /// Ends the handshake at `index` with StatusReport FAILURE / INVALID_PARAMETER.
    mutating func fail(handshakeAt index: Int, _ failure: CASEFailure) -> [CASEResponderAction] {
        refuse(handshakes.remove(at: index).exchange, failure)
    }

    /// StatusReport FAILURE / INVALID_PARAMETER for a message that belongs to no handshake.
    func refuse(_ exchange: CASEExchange, _ failure: CASEFailure) -> [CASEResponderAction] {
        [reply(.invalidParameter, on: exchange), .failed(failure, exchange: exchange)]
    }

    /// StatusReport FAILURE with a Secure Channel protocol code.
    func reply(_ code: SecureChannelStatusCode, on exchange: CASEExchange) -> CASEResponderAction {
        let report = StatusReport(generalCode: .failure, secureChannelCode: code)
        return .send(opcode: .statusReport, payload: report.encoded(), exchange: exchange)
    }

    /// StatusReport BUSY: try again once the first handshake in progress has timed out at the latest.
    func busy(on exchange: CASEExchange, now: MonotonicInstant) -> CASEResponderAction {
        let wait = nextDeadline.map { UInt16(clamping: $0.milliseconds(since: now)) } ?? 0
        let report = StatusReport.busy(minimumWaitMilliseconds: wait)
        return .send(opcode: .statusReport, payload: report.encoded(), exchange: exchange)
    }

    func fabric(_ index: UInt8) -> CASEFabric? {
        fabrics.first { $0.fabricIndex == index }
    }

    /// A random non-zero session ID that neither the owner nor a handshake in progress uses, or nil if all are
    /// taken.
    func freeSessionID(using generator: inout some RandomNumberGenerator) -> UInt16? {
        let pending = Set(handshakes.map(\.localSessionID))
        func isFree(_ candidate: UInt16) -> Bool {
            candidate != 0 && !sessionIDsInUse.contains(candidate) && !pending.contains(candidate)
        }
        for _ in 0..<32 {
            let candidate = UInt16(truncatingIfNeeded: generator.next())
            if isFree(candidate) { return candidate }
        }
        return (1...UInt16.max).first(where: isFree)
    }
}
