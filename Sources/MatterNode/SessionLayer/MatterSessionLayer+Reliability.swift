import MatterMessage

/// MRP on the exchanges (CHIP `ReliableMessageMgr`, `ExchangeManager`): receiving and sending on an exchange, the
/// acknowledgements and retransmissions its `ReliableMessaging` asks for, and its close. What an exchange's failure
/// or a session's exhausted counter means beyond the exchange is the node's: these say so in what they return
/// (`deliveryFailed`, `SendOutcome.counterExhausted`).
extension MatterSessionLayer {
    /// What sending on an exchange came to.
    enum SendOutcome {
        /// The message for the exchange's peer; nothing when there is no such exchange or it could not be sealed.
        case sent([MatterNodeAction])
        /// The secure session's message counter ran out: nothing went, and the session must end.
        case counterExhausted(localSessionID: UInt16)
    }

    /// MRP's part in receiving `message` on exchange `key`: opens the exchange if the message starts one, lets its
    /// `ReliableMessaging` see it, and sends the acknowledgements that calls for. Returns whether the message is
    /// new and has an exchange to go to, and whether the exchange gave up (`apply`).
    ///
    /// A message that starts no exchange (a duplicate, a message from a non-initiator on an unknown exchange) is
    /// only acknowledged if it asks to be, as CHIP's `ExchangeManager::SendStandaloneAckIfNeeded` does. On an
    /// exchange that does not retransmit on a timer, a duplicate of the message our kept answer acknowledged gets
    /// that answer again instead of a bare acknowledgement: its sender missed the answer, and this is how it
    /// still arrives over a lossy network.
    mutating func receive(
        _ message: Message, on key: MatterExchange.Key, from peer: MatterPeer, isDuplicate: Bool,
        configuration: ReliableMessagingConfiguration, now: MonotonicInstant
    ) -> (isNew: Bool, actions: [MatterNodeAction], deliveryFailed: Bool) {
        let header = message.protocolHeader
        let counter = message.header.messageCounter
        let taken: [MatterNodeAction] = [.peerActive(peer)]
        if exchanges[key] == nil {
            let isAck =
                header.protocolID == .secureChannel && header.opcode == SecureChannelOpcode.standaloneAck.rawValue
            guard header.isInitiator, !isDuplicate, !isAck else {
                guard header.needsAcknowledgement else { return (false, taken, false) }
                return (false, taken + standaloneAck(on: key, to: peer, acknowledging: counter), false)
            }
            openExchange(key, peer: peer, configuration: configuration, now: now)
        }
        guard var exchange = exchanges[key] else { return (false, taken, false) }
        exchange.peer = peer
        exchange.lastActivity = now
        if let acknowledged = header.acknowledgedMessageCounter, exchange.sent?.counter == acknowledged {
            exchange.sent = nil
        }
        if isDuplicate, header.needsAcknowledgement, !MatterSessionLayer.retransmitsOnTimer(key, to: peer),
            let sent = exchange.sent, sent.acknowledging == counter
        {
            exchanges[key] = exchange
            return (false, taken + [.send(sent.bytes, to: peer)], false)
        }
        let steps = exchange.reliability.messageReceived(
            counter: counter, needsAcknowledgement: header.needsAcknowledgement,
            acknowledgedCounter: header.acknowledgedMessageCounter, isDuplicate: isDuplicate, now: now)
        exchanges[key] = exchange
        let applied = apply(steps, on: key)
        return (!isDuplicate, taken + applied.actions, applied.deliveryFailed)
    }

    /// Sends a message on exchange `key` (as its responder, or its initiator), with the pending acknowledgement
    /// piggybacked. Over UDP it asks for an acknowledgement (R flag) and is kept until acknowledged: retransmitted on
    /// MRP's timer on the secure session, sent again for a duplicate on the unsecured one (`receive`).
    mutating func send(
        on key: MatterExchange.Key, opcode: UInt8, protocolID: ProtocolID, payload: [UInt8], now: MonotonicInstant,
        using generator: inout some RandomNumberGenerator
    ) -> SendOutcome {
        guard var exchange = exchanges[key] else { return .sent([]) }
        guard let counter = nextCounter(for: key.session) else {
            guard case .secure(let localSessionID) = key.session else { return .sent([]) }
            return .counterExhausted(localSessionID: localSessionID)
        }
        let reliable = exchange.peer.usesReliableMessaging
        let acknowledged = exchange.reliability.messageSending(
            counter: counter, needsAcknowledgement: MatterSessionLayer.retransmitsOnTimer(key, to: exchange.peer),
            now: now,
            using: &generator)
        let header = ProtocolHeader(
            isInitiator: key.initiatedHere, needsAcknowledgement: reliable, opcode: opcode, exchangeID: key.exchangeID,
            protocolID: protocolID, acknowledgedMessageCounter: acknowledged)
        guard let bytes = encode(header, payload: payload, counter: counter, session: key.session) else {
            exchanges[key] = nil
            return .sent([])
        }
        exchange.lastActivity = now
        if reliable {
            exchange.sent = MatterExchange.SentMessage(counter: counter, bytes: bytes, acknowledging: acknowledged)
        }
        exchanges[key] = exchange
        return .sent([.send(bytes, to: exchange.peer)])
    }

    /// Carries out what an exchange's `ReliableMessaging` asked for. Its timer requests are not needed: the
    /// exchanges' deadlines are in `deadlines`. Returns whether the exchange gave up, its last message never
    /// acknowledged (then it is gone, and nothing after that step is done).
    mutating func apply(_ steps: [ReliableMessagingAction], on key: MatterExchange.Key)
        -> (actions: [MatterNodeAction], deliveryFailed: Bool)
    {
        var actions: [MatterNodeAction] = []
        for step in steps {
            guard let exchange = exchanges[key] else { break }
            switch step {
            case .sendStandaloneAck(let counter):
                actions += standaloneAck(on: key, to: exchange.peer, acknowledging: counter)
            case .retransmit(let counter, _):
                if let sent = exchange.sent, sent.counter == counter {
                    actions.append(.send(sent.bytes, to: exchange.peer))
                }
            case .delivered(let counter):
                if exchange.sent?.counter == counter { exchanges[key]?.sent = nil }
            case .deliveryFailed:
                exchanges[key] = nil
                actions.append(.log(.deliveryFailed(exchange.peer, exchangeID: key.exchangeID)))
                return (actions, true)
            }
        }
        return (actions, false)
    }

    /// Marks exchange `key` as over; if nothing of ours awaits an acknowledgement, the peer's pending
    /// acknowledgement goes out now instead of after the standalone-ack timeout, as CHIP does on close.
    mutating func finish(_ key: MatterExchange.Key) -> (actions: [MatterNodeAction], deliveryFailed: Bool) {
        guard var exchange = exchanges[key] else { return ([], false) }
        exchange.closing = true
        guard exchange.sent == nil else {
            exchanges[key] = exchange
            return ([], false)
        }
        let steps = exchange.reliability.exchangeClosing()
        exchanges[key] = exchange
        return apply(steps, on: key)
    }
}
