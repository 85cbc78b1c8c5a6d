import MatterMessage

/// What a message on a session is made of and may be: its size limit, whether MRP retransmits it, its counter and
/// its protection.
extension MatterSessionLayer {
    /// The largest message accepted from `peer`: a UDP datagram (Matter reference D), or a TCP frame.
    static func maximumLength(for peer: MatterPeer) -> Int {
        switch peer {
        case .udp: Message.maximumUDPLength
        case .tcp: MatterTCPFraming.maximumMessageLength
        }
    }

    /// Whether our reliable messages on exchange `key` to `peer` are retransmitted on MRP's timer: over UDP on the
    /// secure session only. The unsecured session's peers are not verified (anyone can put any source address on
    /// a datagram), so there the kept message goes again only in answer to a duplicate of what it answered.
    static func retransmitsOnTimer(_ key: MatterExchange.Key, to peer: MatterPeer) -> Bool {
        peer.usesReliableMessaging && key.session.isSecure
    }

    /// The counter of the next message on `session`; nil when a secure session's counter is exhausted.
    mutating func nextCounter(for session: MatterExchange.Key.Session) -> UInt32? {
        switch session {
        case .unsecured: return unsecuredCounter.next()
        case .secure(let id):
            return sessions[id]?.sendCounter.next()
        }
    }

    /// The bytes of a message on `session`: unsecured to the initiator's ephemeral node, or sealed with R2I and this
    /// node's node ID in the nonce.
    func encode(
        _ header: ProtocolHeader, payload: [UInt8], counter: UInt32, session: MatterExchange.Key.Session
    ) -> [UInt8]? {
        switch session {
        case .unsecured(let peer):
            let messageHeader = MessageHeader(
                messageCounter: counter, destination: peer.ephemeralNodeID.map { .node($0) })
            return Message(header: messageHeader, protocolHeader: header, payload: payload).encodedUnsecured()
        case .secure(let id):
            guard let secure = sessions[id] else { return nil }
            let messageHeader = MessageHeader(sessionID: secure.peerSessionID, messageCounter: counter)
            let message = Message(header: messageHeader, protocolHeader: header, payload: payload)
            return try? SecureMessageCodec.seal(
                message, key: secure.responderToInitiatorKey, senderNodeID: secure.localNodeID)
        }
    }

    /// A standalone acknowledgement of `counter` on exchange `key` (Secure Channel 0x10, A flag, no R flag).
    mutating func standaloneAck(
        on key: MatterExchange.Key, to peer: MatterPeer, acknowledging counter: UInt32
    ) -> [MatterNodeAction] {
        guard let messageCounter = nextCounter(for: key.session) else { return [] }
        let header = ProtocolHeader.standaloneAck(
            exchangeID: key.exchangeID, isInitiator: key.initiatedHere, acknowledging: counter)
        guard let bytes = encode(header, payload: [], counter: messageCounter, session: key.session) else {
            return []
        }
        return [.send(bytes, to: peer)]
    }
}
