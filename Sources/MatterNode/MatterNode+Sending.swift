import MatterMessage

extension MatterNode {
    /// MRP's part in receiving `message` on exchange `key`: opens the exchange if the message starts one, lets its
    /// `ReliableMessaging` see it, and sends the acknowledgements that calls for. Returns whether the message is
    /// new and has an exchange to go to.
    ///
    /// A message that starts no exchange (a duplicate, a message from a non-initiator on an unknown exchange) is
    /// only acknowledged if it asks to be, as CHIP's `ExchangeManager::SendStandaloneAckIfNeeded` does. On an
    /// exchange that does not retransmit on a timer, a duplicate of the message our kept answer acknowledged gets
    /// that answer again instead of a bare acknowledgement: its sender missed the answer, and this is how it
    /// still arrives over a lossy network.
    mutating func receive(
        _ message: Message, on key: MatterExchange.Key, from peer: MatterPeer, isDuplicate: Bool,
        configuration: ReliableMessagingConfiguration, now: MonotonicInstant,
        using generator: inout some RandomNumberGenerator
    ) -> (isNew: Bool, actions: [MatterNodeAction]) {
        let header = message.protocolHeader
        let counter = message.header.messageCounter
        let taken: [MatterNodeAction] = [.peerActive(peer)]
        if sessionLayer.exchanges[key] == nil {
            let isAck =
                header.protocolID == .secureChannel && header.opcode == SecureChannelOpcode.standaloneAck.rawValue
            guard header.isInitiator, !isDuplicate, !isAck else {
                guard header.needsAcknowledgement else { return (false, taken) }
                return (false, taken + sessionLayer.standaloneAck(on: key, to: peer, acknowledging: counter))
            }
            sessionLayer.openExchange(key, peer: peer, configuration: configuration, now: now)
        }
        guard var exchange = sessionLayer.exchanges[key] else { return (false, taken) }
        exchange.peer = peer
        exchange.lastActivity = now
        if let acknowledged = header.acknowledgedMessageCounter, exchange.sent?.counter == acknowledged {
            exchange.sent = nil
        }
        if isDuplicate, header.needsAcknowledgement, !MatterSessionLayer.retransmitsOnTimer(key, to: peer),
            let sent = exchange.sent, sent.acknowledging == counter
        {
            sessionLayer.exchanges[key] = exchange
            return (false, taken + [.send(sent.bytes, to: peer)])
        }
        let steps = exchange.reliability.messageReceived(
            counter: counter, needsAcknowledgement: header.needsAcknowledgement,
            acknowledgedCounter: header.acknowledgedMessageCounter, isDuplicate: isDuplicate, now: now)
        sessionLayer.exchanges[key] = exchange
        return (!isDuplicate, taken + apply(steps, on: key, now: now, using: &generator))
    }

    /// Sends a message on exchange `key` (as its responder, or its initiator), with the pending acknowledgement
    /// piggybacked. Over UDP
    /// it asks for an acknowledgement (R flag) and is kept until acknowledged: retransmitted on MRP's timer on the
    /// secure session, sent again for a duplicate on the unsecured one (`receive`).
    mutating func respond(
        on key: MatterExchange.Key, opcode: UInt8, protocolID: ProtocolID, payload: [UInt8], now: MonotonicInstant,
        using generator: inout some RandomNumberGenerator
    ) -> [MatterNodeAction] {
        guard var exchange = sessionLayer.exchanges[key] else { return [] }
        guard let counter = sessionLayer.nextCounter(for: key.session) else {
            guard case .secure(let localSessionID) = key.session else { return [] }
            return endSession(localSessionID, reason: "its message counter is exhausted")
        }
        let reliable = exchange.peer.usesReliableMessaging
        let acknowledged = exchange.reliability.messageSending(
            counter: counter, needsAcknowledgement: MatterSessionLayer.retransmitsOnTimer(key, to: exchange.peer),
            now: now,
            using: &generator)
        let header = ProtocolHeader(
            isInitiator: key.initiatedHere, needsAcknowledgement: reliable, opcode: opcode, exchangeID: key.exchangeID,
            protocolID: protocolID, acknowledgedMessageCounter: acknowledged)
        guard let bytes = sessionLayer.encode(header, payload: payload, counter: counter, session: key.session) else {
            sessionLayer.exchanges[key] = nil
            return []
        }
        exchange.lastActivity = now
        if reliable {
            exchange.sent = MatterExchange.SentMessage(counter: counter, bytes: bytes, acknowledging: acknowledged)
        }
        sessionLayer.exchanges[key] = exchange
        return [.send(bytes, to: exchange.peer)]
    }

    /// Carries out what an exchange's `ReliableMessaging` asked for. Its timer requests are not needed:
    /// `nextDeadline` looks at every exchange.
    mutating func apply(
        _ steps: [ReliableMessagingAction], on key: MatterExchange.Key, now: MonotonicInstant,
        using generator: inout some RandomNumberGenerator
    ) -> [MatterNodeAction] {
        var actions: [MatterNodeAction] = []
        for step in steps {
            guard let exchange = sessionLayer.exchanges[key] else { break }
            switch step {
            case .sendStandaloneAck(let counter):
                actions += sessionLayer.standaloneAck(on: key, to: exchange.peer, acknowledging: counter)
            case .retransmit(let counter, _):
                if let sent = exchange.sent, sent.counter == counter {
                    actions.append(.send(sent.bytes, to: exchange.peer))
                }
            case .delivered(let counter):
                if exchange.sent?.counter == counter { sessionLayer.exchanges[key]?.sent = nil }
            case .deliveryFailed:
                sessionLayer.exchanges[key] = nil
                actions.append(.log(.deliveryFailed(exchange.peer, exchangeID: key.exchangeID)))
                if key.initiatedHere, case .secure(let localSessionID) = key.session {
                    actions.append(.requestFailed(localSessionID: localSessionID, exchangeID: key.exchangeID))
                    actions += endSubscriptions(
                        where: { $0.sessionID == localSessionID && $0.reportExchange == key.exchangeID },
                        reason: "its report was never acknowledged")
                }
            }
        }
        return actions
    }

    /// Marks exchange `key` as over; if nothing of ours awaits an acknowledgement, the peer's pending
    /// acknowledgement goes out now instead of after the standalone-ack timeout, as CHIP does on close.
    mutating func finish(
        _ key: MatterExchange.Key, now: MonotonicInstant, using generator: inout some RandomNumberGenerator
    )
        -> [MatterNodeAction]
    {
        guard var exchange = sessionLayer.exchanges[key] else { return [] }
        exchange.closing = true
        guard exchange.sent == nil else {
            sessionLayer.exchanges[key] = exchange
            return []
        }
        let steps = exchange.reliability.exchangeClosing()
        sessionLayer.exchanges[key] = exchange
        return apply(steps, on: key, now: now, using: &generator)
    }
}
