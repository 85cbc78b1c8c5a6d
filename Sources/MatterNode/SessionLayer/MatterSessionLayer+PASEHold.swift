import MatterMessage

/// How long one host may hold the one PASE slot, so that repeating PBKDFParamRequest cannot keep it forever.
///
/// A hold starts with a handshake from a host that does not hold the slot, and lasts one handshake timeout.
/// Every handshake the same host starts while it lasts ends with it: a repeated request (on the same exchange,
/// a new one, or from a new ephemeral node ID or port) never pushes the deadline back. If another host was
/// refused with BUSY during the hold, the holder then leaves the slot to the others for one more timeout (BUSY,
/// `yielding`); if nobody waited, it may start again at once, so a controller that retries after a wrong passcode
/// or a lost message is not held up. A session established ends the hold. (CHIP initiators retry with a new
/// PBKDFParamRequest after a failure; their MRP retransmissions repeat the same counter and are duplicates.)
struct PASEHold: Hashable, Sendable {
    var host: String
    var deadline: MonotonicInstant
    /// Whether another host got BUSY while this hold lasted.
    var othersRefused = false
}

extension MatterSessionLayer {
    /// The deadline for a handshake `host` starts now: its hold's, while that lasts; nil for the responder's own.
    func holdDeadline(for host: String, now: MonotonicInstant) -> MonotonicInstant? {
        guard let paseHold, paseHold.host == host, now < paseHold.deadline else { return nil }
        return paseHold.deadline
    }

    /// How long `host` must still leave the slot to others (milliseconds), or nil if it may start a handshake.
    func yieldingWait(for host: String, now: MonotonicInstant) -> UInt16? {
        guard let paseHold, paseHold.host == host, paseHold.othersRefused, now >= paseHold.deadline,
            let timeout = paseResponder?.configuration.establishmentTimeoutMilliseconds
        else { return nil }
        let end = paseHold.deadline.advanced(byMilliseconds: timeout)
        guard now < end else { return nil }
        return UInt16(clamping: end.milliseconds(since: now))
    }

    /// A handshake from `host` started, ending at `deadline`: a new hold unless `host` holds the slot already.
    mutating func handshakeStarted(by host: String, deadline: MonotonicInstant, now: MonotonicInstant) {
        guard holdDeadline(for: host, now: now) == nil else { return }
        paseHold = PASEHold(host: host, deadline: deadline)
    }

    /// `host` got BUSY because a handshake runs: if that is another host's hold, the holder will have to yield.
    mutating func othersRefused(host: String) {
        guard let hold = paseHold, hold.host != host else { return }
        paseHold?.othersRefused = true
    }

    /// After a PASE event: once the window's responder counts `maximumFailedAttempts`, PASE is refused as for a
    /// closed window and the hub is told, once, so that it closes the window.
    mutating func checkAttempts() -> [MatterNodeAction] {
        guard let responder = paseResponder, responder.failedAttempts >= Self.maximumFailedAttempts else { return [] }
        paseResponder = nil
        paseHold = nil
        return [.log(.attemptsExhausted(failedAttempts: responder.failedAttempts)), .commissioningAttemptsExhausted]
    }
}
