import MatterMessage
import MatterSecureChannel

extension MatterSessionTable {
    /// A message on the unsecured session (session 0): PASE, under MRP.
    mutating func unsecuredMessageReceived(
        _ bytes: [UInt8], from peer: MatterPeer, now: MonotonicInstant,
        using generator: inout some RandomNumberGenerator
    ) -> [MatterPortAction] {
        let message: Message
        do {
            message = try Message.decodeUnsecured(bytes, maximumLength: Self.maximumLength(for: peer))
        } catch {
            return [.log(.dropped(peer, reason: "\(error)"))]
        }
        if message.header.destination != nil {
            return [.log(.dropped(peer, reason: "an unsecured message to a node ID; this node only responds"))]
        }
        let initiator = MatterUnsecuredPeer(peer: peer, ephemeralNodeID: message.header.sourceNodeID)
        var state = unsecuredPeerState(initiator, now: now)
        let isDuplicate = state.counters.receive(message.header.messageCounter) == .duplicate
        state.lastActivity = now
        unsecuredPeers[initiator] = state
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
        switch SecureChannelOpcode(rawValue: opcode) {
        case .pbkdfParamRequest, .pake1, .pake3, .statusReport:
            return actions + pase(message, on: key, from: initiator, now: now, using: &generator)
        case .standaloneAck:
            return actions
        default:
            let reason = "Secure Channel opcode 0x\(String(opcode, radix: 16)) is not served"
            return actions + finish(key, now: now, using: &generator) + [.log(.dropped(peer, reason: reason))]
        }
    }

    /// A PASE message: refused while the window is closed or a session is open, else the responder's.
    private mutating func pase(
        _ message: Message, on key: MatterExchange.Key, from initiator: MatterUnsecuredPeer, now: MonotonicInstant,
        using generator: inout some RandomNumberGenerator
    ) -> [MatterPortAction] {
        let opcode = SecureChannelOpcode(rawValue: message.protocolHeader.opcode)
        guard var responder else {
            guard opcode != .statusReport else { return finish(key, now: now, using: &generator) }
            exchanges[key]?.closing = true
            let failure = StatusReport(generalCode: .failure, secureChannelCode: .invalidParameter)
            return [.log(.windowClosed(initiator.peer))]
                + respond(
                    on: key, opcode: SecureChannelOpcode.statusReport.rawValue, protocolID: .secureChannel,
                    payload: failure.encoded(), now: now, using: &generator)
        }
        if opcode == .pbkdfParamRequest, let deadline = sessionDeadline {
            let wait = UInt16(clamping: deadline.milliseconds(since: now))
            exchanges[key]?.closing = true
            return [.log(.busy(initiator.peer, minimumWaitMilliseconds: wait, sessionOpen: true))]
                + respond(
                    on: key, opcode: SecureChannelOpcode.statusReport.rawValue, protocolID: .secureChannel,
                    payload: StatusReport.busy(minimumWaitMilliseconds: wait).encoded(), now: now, using: &generator)
        }
        guard let handle = unsecuredPeers[initiator]?.handle else { return [] }
        let wasRunning = responder.isHandshakeInProgress
        let steps = responder.messageReceived(
            opcode: message.protocolHeader.opcode, payload: message.payload,
            exchange: PASEExchange(peer: handle, exchangeID: key.exchangeID), now: now, using: &generator)
        self.responder = responder
        var actions: [MatterPortAction] = []
        if opcode == .pbkdfParamRequest, !wasRunning, responder.isHandshakeInProgress {
            actions.append(.log(.paseStarted(initiator.peer)))
        }
        actions += runPASE(steps, now: now, using: &generator)
        if opcode == .statusReport { actions += finish(key, now: now, using: &generator) }
        return actions
    }

    /// Carries out what the PASE responder asked for.
    mutating func runPASE(
        _ steps: [PASEResponderAction], now: MonotonicInstant, using generator: inout some RandomNumberGenerator
    ) -> [MatterPortAction] {
        var actions: [MatterPortAction] = []
        for step in steps {
            switch step {
            case .send(let opcode, let payload, let exchange):
                guard let initiator = peersByHandle[exchange.peer] else { continue }
                let key = MatterExchange.Key(session: .unsecured(initiator), exchangeID: exchange.exchangeID)
                openExchange(key, peer: initiator.peer, configuration: .default, now: now)
                if opcode == .statusReport {
                    exchanges[key]?.closing = true
                    if let report = try? StatusReport.decode(payload), report.generalCode == .busy {
                        let wait = report.minimumWaitMilliseconds ?? 0
                        actions.append(.log(.busy(initiator.peer, minimumWaitMilliseconds: wait, sessionOpen: false)))
                    }
                }
                actions += respond(
                    on: key, opcode: opcode.rawValue, protocolID: .secureChannel, payload: payload, now: now,
                    using: &generator)
            case .established(let pase):
                guard let initiator = peersByHandle[pase.exchange.peer] else { continue }
                session = MatterSecureSession(pase: pase, peer: initiator.peer, now: now, using: &generator)
                responder?.sessionIDsInUse = [pase.localSessionID]
                actions.append(
                    .log(
                        .paseEstablished(
                            initiator.peer, localSessionID: pase.localSessionID, peerSessionID: pase.peerSessionID)))
            case .failed(let failure, let exchange):
                let initiator = peersByHandle[exchange.peer]
                if let initiator {
                    exchanges[MatterExchange.Key(session: .unsecured(initiator), exchangeID: exchange.exchangeID)]?
                        .closing = true
                }
                actions.append(.log(.paseFailed(initiator?.peer, failure)))
            case .setTimer:
                break
            }
        }
        return actions
    }
}
