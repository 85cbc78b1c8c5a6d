import MatterInteraction
import MatterMessage

extension MatterNode {
    /// A message on a secure session, opened with the session's I2R key and the peer's node ID in the nonce.
    ///
    /// The counter is checked before decrypting and committed after, so a forged message cannot move the window
    /// (`MessageCounterWindow`); the session follows its peer's latest address, as CHIP's `SessionManager` does.
    mutating func secureMessageReceived(
        _ bytes: [UInt8], from peer: MatterPeer, now: MonotonicInstant,
        using generator: inout some RandomNumberGenerator
    ) -> [MatterNodeAction] {
        let limit = MatterSessionLayer.maximumLength(for: peer)
        let header: MessageHeader
        do {
            header = try SecureMessageCodec.decodeHeader(bytes, maximumLength: limit).header
        } catch {
            return [.log(.dropped(peer, reason: "\(error)"))]
        }
        guard header.sessionType == .unicast, var session = sessionLayer.sessions[header.sessionID] else {
            return [.log(.dropped(peer, reason: "no secure session \(header.sessionID)"))]
        }
        let verdict = session.receivedCounters.verdict(for: header.messageCounter)
        let message: Message
        do {
            message = try SecureMessageCodec.open(
                bytes, key: session.initiatorToResponderKey, senderNodeID: session.peerNodeID, maximumLength: limit)
        } catch {
            return [.log(.dropped(peer, reason: "session \(header.sessionID): \(error)"))]
        }
        if verdict == .new { session.receivedCounters.commit(header.messageCounter) }
        session.peer = peer
        session.lastActivity = now
        sessionLayer.sessions[session.localSessionID] = session
        let key = MatterExchange.Key(
            session: .secure(localSessionID: session.localSessionID), exchangeID: message.protocolHeader.exchangeID,
            initiatedHere: !message.protocolHeader.isInitiator)
        let (isNew, actions) = receive(
            message, on: key, from: peer, isDuplicate: verdict == .duplicate,
            configuration: session.reliableMessagingConfiguration, now: now, using: &generator)
        guard isNew else { return actions }
        // A standalone acknowledgement is MRP's alone: the exchange goes on (a chunked write's next chunk follows).
        if message.protocolHeader.protocolID == .secureChannel,
            message.protocolHeader.opcode == SecureChannelOpcode.standaloneAck.rawValue
        {
            return actions
        }
        if key.initiatedHere {
            return actions + initiatedExchangeAnswered(message, on: key, now: now, using: &generator)
        }
        switch message.protocolHeader.protocolID {
        case .interactionModel:
            return actions + interaction(message, on: key, from: peer, now: now, using: &generator)
        case .secureChannel:
            return actions + secureChannel(message, on: key, now: now, using: &generator)
        default:
            let reason = "protocol \(message.protocolHeader.protocolID) is not served"
            return actions + finish(key, now: now, using: &generator) + [.log(.dropped(peer, reason: reason))]
        }
    }

    /// An Interaction Model message, for the exchange's `InteractionResponder` over endpoint 0 as the session sees
    /// it when the exchange starts.
    private mutating func interaction(
        _ message: Message, on key: MatterExchange.Key, from peer: MatterPeer, now: MonotonicInstant,
        using generator: inout some RandomNumberGenerator
    ) -> [MatterNodeAction] {
        guard case .secure(let id) = key.session, let session = sessionLayer.sessions[id] else { return [] }
        var responder = sessionLayer.exchanges[key]?.interaction ?? InteractionResponder()
        let steps = responder.messageReceived(
            opcode: message.protocolHeader.opcode, payload: message.payload, now: now,
            reader: reader(for: session, now: now),
            events: events)
        sessionLayer.exchanges[key]?.interaction = responder
        return runInteraction(steps, on: key, now: now, using: &generator)
    }

    /// Carries out what an exchange's `InteractionResponder` asked for; an invoke's commands run here, and their
    /// answers go back to the responder (at once, or after the save of a durable change).
    mutating func runInteraction(
        _ steps: [InteractionResponderAction], on key: MatterExchange.Key, now: MonotonicInstant,
        using generator: inout some RandomNumberGenerator
    ) -> [MatterNodeAction] {
        var actions: [MatterNodeAction] = []
        for step in steps {
            guard let peer = sessionLayer.exchanges[key]?.peer else { break }
            switch step {
            case .send(let opcode, let payload, let expectsResponse):
                if !expectsResponse { sessionLayer.exchanges[key]?.closing = true }
                actions += respond(
                    on: key, opcode: opcode.rawValue, protocolID: .interactionModel, payload: payload, now: now,
                    using: &generator)
            case .close:
                actions += finish(key, now: now, using: &generator)
            case .log(let event):
                actions.append(.log(.interaction(peer, event)))
            case .invoke(let commands, let timed):
                let (answers, effects, afterAnswer) = invoke(
                    commands, timed: timed, on: key, from: peer, now: now, using: &generator)
                actions += effects
                if let answers { actions += answerInvoke(on: key, with: answers, now: now, using: &generator) }
                actions += run(afterAnswer)
            case .write(let writes, let timed, let moreChunks):
                actions += write(writes, timed: timed, moreChunks: moreChunks, on: key, now: now, using: &generator)
            case .subscribe(let request):
                actions += subscribe(request, on: key, now: now, using: &generator)
            case .subscriptionEstablished(let id, let eventsConsidered):
                actions += subscriptionEstablished(id, eventsConsidered: eventsConsidered, now: now)
            case .subscriptionAbandoned(let id):
                actions += endSubscriptions(
                    where: { $0.primingExchange == key }, reason: "the subscriber refused a priming report \(id)")
            }
        }
        return actions
    }

    /// Secure Channel on the session: a StatusReport with CloseSession ends it (matter.js
    /// `StatusReportOnlySecureChannelProtocol.handleInitialStatusReport`); anything else is acknowledged and let be.
    private mutating func secureChannel(
        _ message: Message, on key: MatterExchange.Key, now: MonotonicInstant,
        using generator: inout some RandomNumberGenerator
    ) -> [MatterNodeAction] {
        let actions = finish(key, now: now, using: &generator)
        guard message.protocolHeader.opcode == SecureChannelOpcode.statusReport.rawValue,
            let report = try? StatusReport.decode(message.payload), report.secureChannelCode == .closeSession
        else { return actions }
        guard case .secure(let localSessionID) = key.session else { return actions }
        return actions + endSession(localSessionID, reason: "the peer closed it (CloseSession)")
    }
}
