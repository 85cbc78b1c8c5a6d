import MatterMessage

extension MatterNode {
    /// Opens an exchange on secure session `localSessionID` and sends `payload` on it as a reliable request: the
    /// node as initiator (what subscriptions' reports need). MRP retransmits it on the secure session's timer until
    /// acknowledged; the peer's answer comes out as `.requestAnswered` and ends the exchange (its acknowledgement
    /// goes at once), a request never acknowledged as `.requestFailed`. Returns the exchange ID, nil if there is no
    /// such session.
    public mutating func sendRequest(
        on localSessionID: UInt16, protocolID: ProtocolID, opcode: UInt8, payload: [UInt8], now: MonotonicInstant,
        using generator: inout some RandomNumberGenerator
    ) -> (exchangeID: UInt16, actions: [MatterNodeAction])? {
        guard let session = sessionLayer.sessions[localSessionID] else { return nil }
        var exchangeID = sessionLayer.nextExchangeID
        var key = MatterExchange.Key(
            session: .secure(localSessionID: localSessionID), exchangeID: exchangeID, initiatedHere: true)
        while sessionLayer.exchanges[key] != nil {
            exchangeID &+= 1
            key.exchangeID = exchangeID
        }
        sessionLayer.nextExchangeID = exchangeID &+ 1
        sessionLayer.openExchange(
            key, peer: session.peer, configuration: session.reliableMessagingConfiguration, now: now)
        let actions = respond(
            on: key, opcode: opcode, protocolID: protocolID, payload: payload, now: now, using: &generator)
        return (exchangeID, actions)
    }

    /// The peer's answer on an exchange this node opened: handed to the owner, and the exchange ends.
    mutating func initiatedExchangeAnswered(
        _ message: Message, on key: MatterExchange.Key, now: MonotonicInstant,
        using generator: inout some RandomNumberGenerator
    ) -> [MatterNodeAction] {
        guard case .secure(let localSessionID) = key.session else { return [] }
        let header = message.protocolHeader
        if header.protocolID == .secureChannel, header.opcode == SecureChannelOpcode.standaloneAck.rawValue {
            return []
        }
        if let subscription = subscription(reportingOn: key.exchangeID, session: localSessionID) {
            return reportAnswered(subscription, message: message, on: key, now: now, using: &generator)
        }
        return [
            .requestAnswered(
                localSessionID: localSessionID, exchangeID: key.exchangeID, protocolID: header.protocolID,
                opcode: header.opcode, payload: message.payload)
        ] + finish(key, now: now, using: &generator)
    }
}
