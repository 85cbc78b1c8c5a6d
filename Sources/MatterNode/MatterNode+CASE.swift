import MatterMessage
import MatterSecureChannel

extension MatterNode {
    /// A CASE message on the unsecured session: Sigma1 (refused with BUSY while the sessions are full and none may
    /// go for its fabric), Sigma3, or the initiator's StatusReport, for the `CASEResponder`.
    mutating func caseMessage(
        _ message: Message, on key: MatterExchange.Key, from initiator: MatterUnsecuredPeer, now: MonotonicInstant,
        using generator: inout some RandomNumberGenerator
    ) -> [MatterNodeAction] {
        guard let handle = unsecuredPeers[initiator]?.handle else { return [] }
        exchanges[key]?.carriesCASE = true
        let exchange = CASEExchange(peer: handle, exchangeID: key.exchangeID)
        let opcode = SecureChannelOpcode(rawValue: message.protocolHeader.opcode)
        // Which fabric a Sigma1 is for (an HMAC per fabric) matters only when the CASE sessions are full.
        if opcode == .sigma1, !caseResponder.isHandshaking(on: exchange), caseSessionsFull,
            let fabricIndex = caseResponder.fabricIndex(forSigma1: message.payload, resumptions: resumptions),
            let wait = caseAdmissionWait(fabricIndex: fabricIndex, now: now)
        {
            exchanges[key]?.closing = true
            return [.log(.caseBusy(initiator.peer, minimumWaitMilliseconds: wait))]
                + respond(
                    on: key, opcode: SecureChannelOpcode.statusReport.rawValue, protocolID: .secureChannel,
                    payload: StatusReport.busy(minimumWaitMilliseconds: wait).encoded(), now: now, using: &generator)
        }
        shareSessionIDs()
        let steps = caseResponder.messageReceived(
            opcode: message.protocolHeader.opcode, payload: message.payload, exchange: exchange, now: now,
            resumptions: resumptions, using: &generator)
        var actions = runCASE(steps, now: now, using: &generator)
        if opcode == .statusReport { actions += finish(key, now: now, using: &generator) }
        return actions
    }

    /// Carries out what the CASE responder asked for.
    mutating func runCASE(
        _ steps: [CASEResponderAction], now: MonotonicInstant, using generator: inout some RandomNumberGenerator
    ) -> [MatterNodeAction] {
        var actions: [MatterNodeAction] = []
        for step in steps {
            switch step {
            case .send(let opcode, let payload, let exchange):
                guard let sent = sendHandshake(opcode, payload, on: exchange, now: now, using: &generator) else {
                    continue
                }
                exchanges[sent.key]?.carriesCASE = true
                if let wait = sent.busyWait {
                    actions.append(.log(.caseBusy(sent.initiator.peer, minimumWaitMilliseconds: wait)))
                }
                actions += sent.actions
            case .established(let established):
                guard let initiator = peersByHandle[established.exchange.peer] else { continue }
                actions += makeRoomForCASE(fabricIndex: established.fabricIndex)
                let session = MatterSecureSession(case: established, peer: initiator.peer, now: now, using: &generator)
                sessions[established.localSessionID] = session
                actions.append(
                    .log(
                        .caseEstablished(
                            initiator.peer, localSessionID: established.localSessionID,
                            fabricIndex: established.fabricIndex, peerNodeID: established.peerNodeID,
                            resumed: established.isResumption)))
                actions.append(.sessionOpened(session.summary))
            case .saveResumption(let record):
                resumptions.save(record)
            case .failed(let failure, let exchange):
                actions.append(.log(.caseFailed(handshakeEnded(on: exchange), failure)))
            }
        }
        return actions
    }

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

    /// Before a CASE session of `fabricIndex` is added to a full table: the least recently active session of the
    /// fabric furthest above its guaranteed share, counting the new one (so a fabric at its share replaces its
    /// own oldest); failing that (a table smaller than its guarantees), this fabric's or any. CHIP's
    /// `SecureSessionTable::EvictAndAllocate` evicts by the same preference.
    mutating func makeRoomForCASE(fabricIndex: UInt8) -> [MatterNodeAction] {
        var actions: [MatterNodeAction] = []
        while caseSessions.count >= limits.maximumCASESessions {
            let current = caseSessions
            var counts: [UInt8: Int] = [fabricIndex: 1]
            for session in current { counts[session.fabricIndex, default: 0] += 1 }
            let furthest = counts.values.max() ?? 0
            let overShare = current.filter {
                furthest > limits.minimumCASESessionsPerFabric && counts[$0.fabricIndex] == furthest
            }
            let sameFabric = current.filter { $0.fabricIndex == fabricIndex }
            let candidates = overShare.isEmpty ? (sameFabric.isEmpty ? current : sameFabric) : overShare
            guard let victim = candidates.min(by: { $0.lastActivity < $1.lastActivity }) else { break }
            actions += endSession(victim.localSessionID, reason: "a new CASE session needed its place")
        }
        return actions
    }
}
