import MatterMessage
import MatterSecureChannel

extension MatterNode {
    /// A CASE message on the unsecured session: Sigma1 (refused with BUSY while the sessions are full and none may
    /// go for its fabric), Sigma3, or the initiator's StatusReport, for the `CASEResponder`.
    mutating func caseMessage(
        _ message: Message, on key: MatterExchange.Key, from initiator: MatterUnsecuredPeer, now: MonotonicInstant,
        using generator: inout some RandomNumberGenerator
    ) -> [MatterNodeAction] {
        guard let handle = sessionLayer.unsecuredPeers[initiator]?.handle else { return [] }
        sessionLayer.exchanges[key]?.carriesCASE = true
        let exchange = CASEExchange(peer: handle, exchangeID: key.exchangeID)
        let opcode = SecureChannelOpcode(rawValue: message.protocolHeader.opcode)
        // Which fabric a Sigma1 is for (an HMAC per fabric) matters only when the CASE sessions are full.
        if opcode == .sigma1, !sessionLayer.caseResponder.isHandshaking(on: exchange), sessionLayer.caseSessionsFull,
            let fabricIndex = sessionLayer.caseResponder.fabricIndex(
                forSigma1: message.payload, resumptions: sessionLayer.resumptions),
            let wait = sessionLayer.caseAdmissionWait(fabricIndex: fabricIndex, now: now)
        {
            sessionLayer.exchanges[key]?.closing = true
            return [.log(.caseBusy(initiator.peer, minimumWaitMilliseconds: wait))]
                + respond(
                    on: key, opcode: SecureChannelOpcode.statusReport.rawValue, protocolID: .secureChannel,
                    payload: StatusReport.busy(minimumWaitMilliseconds: wait).encoded(), now: now, using: &generator)
        }
        sessionLayer.shareSessionIDs()
        let steps = sessionLayer.caseResponder.messageReceived(
            opcode: message.protocolHeader.opcode, payload: message.payload, exchange: exchange, now: now,
            resumptions: sessionLayer.resumptions, using: &generator)
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
                sessionLayer.exchanges[sent.key]?.carriesCASE = true
                if let wait = sent.busyWait {
                    actions.append(.log(.caseBusy(sent.initiator.peer, minimumWaitMilliseconds: wait)))
                }
                actions += sent.actions
            case .established(let established):
                guard let initiator = sessionLayer.peersByHandle[established.exchange.peer] else { continue }
                actions += makeRoomForCASE(fabricIndex: established.fabricIndex)
                let session = MatterSecureSession(case: established, peer: initiator.peer, now: now, using: &generator)
                sessionLayer.sessions[established.localSessionID] = session
                actions.append(
                    .log(
                        .caseEstablished(
                            initiator.peer, localSessionID: established.localSessionID,
                            fabricIndex: established.fabricIndex, peerNodeID: established.peerNodeID,
                            resumed: established.isResumption)))
                actions.append(.sessionOpened(session.summary))
            case .saveResumption(let record):
                sessionLayer.resumptions.save(record)
            case .failed(let failure, let exchange):
                actions.append(.log(.caseFailed(sessionLayer.handshakeEnded(on: exchange), failure)))
            }
        }
        return actions
    }

    /// Before a CASE session of `fabricIndex` is added to a full table: the least recently active session of the
    /// fabric furthest above its guaranteed share, counting the new one (so a fabric at its share replaces its
    /// own oldest); failing that (a table smaller than its guarantees), this fabric's or any. CHIP's
    /// `SecureSessionTable::EvictAndAllocate` evicts by the same preference.
    mutating func makeRoomForCASE(fabricIndex: UInt8) -> [MatterNodeAction] {
        var actions: [MatterNodeAction] = []
        while sessionLayer.caseSessions.count >= limits.maximumCASESessions {
            let current = sessionLayer.caseSessions
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
