import MatterMessage

/// MRP's outcomes beyond the exchange: the session layer sends and receives (`MatterSessionLayer+Reliability`); an
/// exchange of the node's own that gives up fails its request and the subscription whose report it carried, and a
/// session whose counter ran out ends.
extension MatterNode {
    /// MRP's part in receiving `message` on exchange `key` (`MatterSessionLayer.receive`). Returns whether the message
    /// is new and has an exchange to go to.
    mutating func receive(
        _ message: Message, on key: MatterExchange.Key, from peer: MatterPeer, isDuplicate: Bool,
        configuration: ReliableMessagingConfiguration, now: MonotonicInstant,
        using generator: inout some RandomNumberGenerator
    ) -> (isNew: Bool, actions: [MatterNodeAction]) {
        let received = sessionLayer.receive(
            message, on: key, from: peer, isDuplicate: isDuplicate, configuration: configuration, now: now)
        return (received.isNew, received.actions + (received.deliveryFailed ? deliveryFailed(on: key) : []))
    }

    /// Sends a message on exchange `key` (`MatterSessionLayer.send`); a secure session whose counter ran out ends
    /// instead.
    mutating func respond(
        on key: MatterExchange.Key, opcode: UInt8, protocolID: ProtocolID, payload: [UInt8], now: MonotonicInstant,
        using generator: inout some RandomNumberGenerator
    ) -> [MatterNodeAction] {
        let outcome = sessionLayer.send(
            on: key, opcode: opcode, protocolID: protocolID, payload: payload, now: now, using: &generator)
        switch outcome {
        case .sent(let actions):
            return actions
        case .counterExhausted(let localSessionID):
            return endSession(localSessionID, reason: "its message counter is exhausted")
        }
    }

    /// Carries out what an exchange's `ReliableMessaging` asked for (`MatterSessionLayer.apply`).
    mutating func apply(
        _ steps: [ReliableMessagingAction], on key: MatterExchange.Key, now: MonotonicInstant,
        using generator: inout some RandomNumberGenerator
    ) -> [MatterNodeAction] {
        let applied = sessionLayer.apply(steps, on: key)
        return applied.actions + (applied.deliveryFailed ? deliveryFailed(on: key) : [])
    }

    /// Marks exchange `key` as over (`MatterSessionLayer.finish`).
    mutating func finish(
        _ key: MatterExchange.Key, now: MonotonicInstant, using generator: inout some RandomNumberGenerator
    ) -> [MatterNodeAction] {
        let finished = sessionLayer.finish(key)
        return finished.actions + (finished.deliveryFailed ? deliveryFailed(on: key) : [])
    }

    /// Exchange `key` gave up, its last message never acknowledged: if the node opened it on a secure session, the
    /// owner hears that its request failed, and a subscription whose report it carried ends.
    mutating func deliveryFailed(on key: MatterExchange.Key) -> [MatterNodeAction] {
        guard key.initiatedHere, case .secure(let localSessionID) = key.session else { return [] }
        return [.requestFailed(localSessionID: localSessionID, exchangeID: key.exchangeID)]
            + endSubscriptions(
                where: { $0.sessionID == localSessionID && $0.reportExchange == key.exchangeID },
                reason: "its report was never acknowledged")
    }
}
