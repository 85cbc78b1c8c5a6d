import MatterMessage

/// The CASE sessions' limits (`MatterSessionLimits`): how many in all, and each fabric's guaranteed share.
extension MatterSessionLayer {
    var caseSessions: [MatterSecureSession] {
        sessions.values.filter { $0.kind == .case }
    }

    /// Whether the CASE sessions and handshakes in progress leave no place for one more (whatever its fabric): only
    /// then may `caseAdmissionWait` make a Sigma1 wait.
    var caseSessionsFull: Bool {
        caseSessions.count + caseResponder.handshakeFabrics.count >= limits.maximumCASESessions
    }

    /// CASE sessions and handshakes in progress per fabric, with one more for `fabricIndex` (the newcomer).
    func caseCounts(with fabricIndex: UInt8) -> [UInt8: Int] {
        var counts: [UInt8: Int] = [fabricIndex: 1]
        for index in caseSessions.map(\.fabricIndex) + caseResponder.handshakeFabrics {
            counts[index, default: 0] += 1
        }
        return counts
    }

    /// How long a Sigma1 for `fabricIndex` must wait (milliseconds), or nil if it may start: it may while the CASE
    /// sessions and handshakes leave a place, or once counting it some fabric is above its guaranteed share (one of
    /// that fabric's sessions will go). The wait is until the first CASE session goes idle.
    func caseAdmissionWait(fabricIndex: UInt8, now: MonotonicInstant) -> UInt16? {
        let counts = caseCounts(with: fabricIndex)
        guard counts.values.reduce(0, +) > limits.maximumCASESessions else { return nil }
        if counts.values.contains(where: { $0 > limits.minimumCASESessionsPerFabric }) { return nil }
        let earliest = caseSessions.map { idleDeadline(of: $0) }.min() ?? now
        return UInt16(clamping: earliest.milliseconds(since: now))
    }
}
