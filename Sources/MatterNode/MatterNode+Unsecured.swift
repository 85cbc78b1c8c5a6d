import MatterMessage
import MatterSecureChannel

extension MatterNode {
    /// A message on the unsecured session (session 0): PASE or CASE, under MRP.
    ///
    /// Over UDP its sender is not verified (docs/matter.md, "What an unverified peer gets"): everything it gets
    /// back goes at once, in answer to this datagram, never on a timer (no retransmission, no deferred
    /// acknowledgement), and `answeringOnce` holds that to one datagram no larger than this one.
    mutating func unsecuredMessageReceived(
        _ bytes: [UInt8], from peer: MatterPeer, now: MonotonicInstant,
        using generator: inout some RandomNumberGenerator
    ) -> [MatterNodeAction] {
        var actions = unsecuredMessageHandled(bytes, from: peer, now: now, using: &generator)
        guard case .udp = peer else { return actions }
        for key in sessionLayer.exchanges.keys where !key.session.isSecure {
            guard var exchange = sessionLayer.exchanges[key], exchange.reliability.pendingAcknowledgement != nil else {
                continue
            }
            let steps = exchange.reliability.exchangeClosing()
            sessionLayer.exchanges[key] = exchange
            actions += apply(steps, on: key, now: now, using: &generator)
        }
        return Self.answeringOnce(actions, receivedBytes: bytes.count)
    }

    /// The rule for what an unverified peer gets back for one datagram: at most one datagram (the last one the
    /// node meant to send, which carries the acknowledgement), and only if it is no larger than the datagram it
    /// answers, unless it carries a handshake on: PBKDFParamResponse and Pake2, PASE's own messages (about twice
    /// the size of the requests they answer), which only an open window sends; Sigma2 and Sigma2_Resume, which only
    /// a Sigma1 naming one of the node's fabrics (its destination ID made with the fabric's IPK) gets. What is held
    /// back is logged (rate-limited).
    static func answeringOnce(_ actions: [MatterNodeAction], receivedBytes: Int) -> [MatterNodeAction] {
        let last = actions.lastIndex { if case .send = $0 { true } else { false } }
        var result: [MatterNodeAction] = []
        for (index, action) in actions.enumerated() {
            guard case .send(let bytes, let peer) = action else {
                result.append(action)
                continue
            }
            guard index == last else { continue }
            if bytes.count <= receivedBytes || continuesHandshake(bytes) {
                result.append(action)
            } else {
                result.append(.log(.answerWithheld(peer, answerBytes: bytes.count, receivedBytes: receivedBytes)))
            }
        }
        return result
    }

    /// Whether our unsecured message `bytes` is a PBKDFParamResponse, a Pake2, a Sigma2 or a Sigma2_Resume.
    static func continuesHandshake(_ bytes: [UInt8]) -> Bool {
        guard let message = try? Message.decodeUnsecured(bytes), message.protocolHeader.protocolID == .secureChannel
        else { return false }
        let opcode = SecureChannelOpcode(rawValue: message.protocolHeader.opcode)
        return [.pbkdfParamResponse, .pake2, .sigma2, .sigma2Resume].contains(opcode)
    }

    private mutating func unsecuredMessageHandled(
        _ bytes: [UInt8], from peer: MatterPeer, now: MonotonicInstant,
        using generator: inout some RandomNumberGenerator
    ) -> [MatterNodeAction] {
        let message: Message
        do {
            message = try Message.decodeUnsecured(bytes, maximumLength: MatterSessionLayer.maximumLength(for: peer))
        } catch {
            return [.log(.dropped(peer, reason: "\(error)"))]
        }
        if message.header.destination != nil {
            return [.log(.dropped(peer, reason: "an unsecured message to a node ID; this node only responds"))]
        }
        let initiator = MatterUnsecuredPeer(peer: peer, ephemeralNodeID: message.header.sourceNodeID)
        var state = sessionLayer.unsecuredPeerState(initiator, now: now)
        let isDuplicate = state.counters.receive(message.header.messageCounter) == .duplicate
        state.lastActivity = now
        sessionLayer.unsecuredPeers[initiator] = state
        let key = MatterExchange.Key(session: .unsecured(initiator), exchangeID: message.protocolHeader.exchangeID)
        let (isNew, actions) = receive(
            message, on: key, from: peer, isDuplicate: isDuplicate, configuration: .default, now: now,
            using: &generator)
        guard isNew else { return actions }
        let opcode = message.protocolHeader.opcode
        guard message.protocolHeader.protocolID == .secureChannel else {
            // CHIP refuses an exchange whose protocol needs encryption on an unsecured session (ExchangeMgr.cpp).
            let reason = "protocol \(message.protocolHeader.protocolID) needs a secure session"
            return actions + finish(key, now: now, using: &generator) + [.log(.dropped(peer, reason: reason))]
        }
        let handle = sessionLayer.unsecuredPeers[initiator]?.handle ?? 0
        let isCASEReport = sessionLayer.caseResponder.isHandshaking(
            on: CASEExchange(peer: handle, exchangeID: key.exchangeID))
        switch SecureChannelOpcode(rawValue: opcode) {
        case .sigma1, .sigma3:
            return actions + caseMessage(message, on: key, from: initiator, now: now, using: &generator)
        case .statusReport where isCASEReport:
            return actions + caseMessage(message, on: key, from: initiator, now: now, using: &generator)
        case .pbkdfParamRequest, .pake1, .pake3, .statusReport:
            return actions + pase(message, on: key, from: initiator, now: now, using: &generator)
        case .standaloneAck:
            return actions
        default:
            let reason = "Secure Channel opcode 0x\(String(opcode, radix: 16)) is not served"
            return actions + finish(key, now: now, using: &generator) + [.log(.dropped(peer, reason: reason))]
        }
    }

    /// A PASE message: refused while the window is closed (or out of attempts) or a session is open, or while
    /// its host must leave the slot to others (`MatterSessionLayer+PASEHold`); else the responder's.
    private mutating func pase(
        _ message: Message, on key: MatterExchange.Key, from initiator: MatterUnsecuredPeer, now: MonotonicInstant,
        using generator: inout some RandomNumberGenerator
    ) -> [MatterNodeAction] {
        let opcode = SecureChannelOpcode(rawValue: message.protocolHeader.opcode)
        sessionLayer.shareSessionIDs()
        guard var responder = sessionLayer.paseResponder else {
            guard opcode != .statusReport else { return finish(key, now: now, using: &generator) }
            sessionLayer.exchanges[key]?.closing = true
            let failure = StatusReport(generalCode: .failure, secureChannelCode: .invalidParameter)
            return [.log(.windowClosed(initiator.peer))]
                + respond(
                    on: key, opcode: SecureChannelOpcode.statusReport.rawValue, protocolID: .secureChannel,
                    payload: failure.encoded(), now: now, using: &generator)
        }
        let host = initiator.peer.host
        if opcode == .pbkdfParamRequest, let session = paseSession {
            let wait = UInt16(clamping: sessionLayer.idleDeadline(of: session).milliseconds(since: now))
            return refuseBusy(on: key, initiator.peer, wait: wait, because: .sessionOpen, now: now, using: &generator)
        }
        if opcode == .pbkdfParamRequest, let wait = sessionLayer.yieldingWait(for: host, now: now) {
            return refuseBusy(on: key, initiator.peer, wait: wait, because: .yielding, now: now, using: &generator)
        }
        guard let handle = sessionLayer.unsecuredPeers[initiator]?.handle else { return [] }
        let exchange = PASEExchange(peer: handle, exchangeID: key.exchangeID)
        let running = responder.handshakeExchange
        let steps = responder.messageReceived(
            opcode: message.protocolHeader.opcode, payload: message.payload, exchange: exchange, now: now,
            handshakeDeadline: sessionLayer.holdDeadline(for: host, now: now), using: &generator)
        sessionLayer.paseResponder = responder
        var actions: [MatterNodeAction] = []
        if running != exchange, responder.handshakeExchange == exchange, let deadline = responder.nextDeadline {
            actions.append(.log(.paseStarted(initiator.peer)))
            sessionLayer.handshakeStarted(by: host, deadline: deadline, now: now)
        }
        actions += runPASE(steps, now: now, using: &generator)
        if opcode == .statusReport { actions += finish(key, now: now, using: &generator) }
        return actions + sessionLayer.checkAttempts()
    }

    /// StatusReport BUSY with `wait` (CHIP `StatusReport::MakeBusyStatusReportMessage`), which ends the exchange.
    private mutating func refuseBusy(
        on key: MatterExchange.Key, _ peer: MatterPeer, wait: UInt16, because reason: MatterNodeEvent.BusyReason,
        now: MonotonicInstant, using generator: inout some RandomNumberGenerator
    ) -> [MatterNodeAction] {
        sessionLayer.exchanges[key]?.closing = true
        return [.log(.busy(peer, minimumWaitMilliseconds: wait, because: reason))]
            + respond(
                on: key, opcode: SecureChannelOpcode.statusReport.rawValue, protocolID: .secureChannel,
                payload: StatusReport.busy(minimumWaitMilliseconds: wait).encoded(), now: now, using: &generator)
    }

    /// Sends a handshake's message (PASE's or CASE's) on its unsecured exchange, opened if new; a StatusReport is the
    /// exchange's last. Returns who it went to, the minimum wait if it was BUSY, and the sending; nil if the
    /// initiator is no longer known.
    mutating func sendHandshake(
        _ opcode: SecureChannelOpcode, _ payload: [UInt8], on exchange: PASEExchange, now: MonotonicInstant,
        using generator: inout some RandomNumberGenerator
    ) -> (initiator: MatterUnsecuredPeer, key: MatterExchange.Key, busyWait: UInt16?, actions: [MatterNodeAction])? {
        guard let initiator = sessionLayer.peersByHandle[exchange.peer] else { return nil }
        let key = MatterExchange.Key(session: .unsecured(initiator), exchangeID: exchange.exchangeID)
        sessionLayer.openExchange(key, peer: initiator.peer, configuration: .default, now: now)
        var busyWait: UInt16?
        if opcode == .statusReport {
            sessionLayer.exchanges[key]?.closing = true
            if let report = try? StatusReport.decode(payload), report.generalCode == .busy {
                busyWait = report.minimumWaitMilliseconds ?? 0
            }
        }
        let actions = respond(
            on: key, opcode: opcode.rawValue, protocolID: .secureChannel, payload: payload, now: now, using: &generator)
        return (initiator, key, busyWait, actions)
    }

    /// Carries out what the PASE responder asked for.
    mutating func runPASE(
        _ steps: [PASEResponderAction], now: MonotonicInstant, using generator: inout some RandomNumberGenerator
    ) -> [MatterNodeAction] {
        var actions: [MatterNodeAction] = []
        for step in steps {
            switch step {
            case .send(let opcode, let payload, let exchange):
                guard let sent = sendHandshake(opcode, payload, on: exchange, now: now, using: &generator) else {
                    continue
                }
                if let wait = sent.busyWait {
                    actions.append(
                        .log(.busy(sent.initiator.peer, minimumWaitMilliseconds: wait, because: .handshakeRunning)))
                    sessionLayer.othersRefused(host: sent.initiator.peer.host)
                }
                actions += sent.actions
            case .established(let pase):
                guard let initiator = sessionLayer.peersByHandle[pase.exchange.peer] else { continue }
                let session = MatterSecureSession(pase: pase, peer: initiator.peer, now: now, using: &generator)
                sessionLayer.sessions[pase.localSessionID] = session
                sessionLayer.paseHold = nil
                actions.append(
                    .log(
                        .paseEstablished(
                            initiator.peer, localSessionID: pase.localSessionID, peerSessionID: pase.peerSessionID)))
                actions.append(.sessionOpened(session.summary))
            case .failed(let failure, let exchange):
                actions.append(.log(.paseFailed(sessionLayer.handshakeEnded(on: exchange), failure)))
            }
        }
        return actions
    }
}
