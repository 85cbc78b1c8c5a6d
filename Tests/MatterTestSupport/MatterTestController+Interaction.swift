import MatterInteraction
import MatterMessage
import MatterTLV

extension MatterTestController {
    /// An InvokeRequest for one command on a new exchange of the current session; with `timedMilliseconds` a
    /// TimedRequest goes first and the invoke follows on its exchange once the hub accepts it (`receive`).
    public mutating func invoke(
        endpoint: UInt16 = 0, cluster: UInt32, command: UInt32, fields: [TLVElement] = [],
        timedMilliseconds: UInt16? = nil, timedFlag: Bool? = nil, suppressResponse: Bool = false
    ) throws -> [UInt8] {
        exchangeID &+= 1
        let request = InvokeRequestMessage(
            suppressResponse: suppressResponse, timedRequest: timedFlag ?? (timedMilliseconds != nil),
            invokeRequests: [
                CommandDataIB(
                    path: CommandPathIB(endpoint: endpoint, cluster: cluster, command: command), fields: fields)
            ]
        ).encoded()
        guard let timedMilliseconds else {
            return try secure(
                .interactionModel, InteractionModelOpcode.invokeCommandRequest.rawValue, request,
                exchangeID: exchangeID)
        }
        timedInvokes[exchangeID] = request
        return try secure(
            .interactionModel, InteractionModelOpcode.timedRequest.rawValue,
            TimedRequestMessage(timeoutMilliseconds: timedMilliseconds).encoded(), exchangeID: exchangeID)
    }

    /// A WriteRequest on a new exchange of the current session; with `timedMilliseconds` a TimedRequest goes first
    /// and the write follows on its exchange once the hub accepts it (`receive`).
    public mutating func write(
        _ writes: [AttributeDataIB], timedMilliseconds: UInt16? = nil, timedFlag: Bool? = nil,
        suppressResponse: Bool = false, moreChunks: Bool = false, onExchange existing: UInt16? = nil
    ) throws -> [UInt8] {
        if existing == nil { exchangeID &+= 1 }
        let exchange = existing ?? exchangeID
        let request = WriteRequestMessage(
            suppressResponse: suppressResponse, timedRequest: timedFlag ?? (timedMilliseconds != nil),
            writeRequests: writes, moreChunkedMessages: moreChunks
        ).encoded()
        guard let timedMilliseconds else {
            return try secure(
                .interactionModel, InteractionModelOpcode.writeRequest.rawValue, request, exchangeID: exchange)
        }
        timedWrites[exchange] = request
        return try secure(
            .interactionModel, InteractionModelOpcode.timedRequest.rawValue,
            TimedRequestMessage(timeoutMilliseconds: timedMilliseconds).encoded(), exchangeID: exchange)
    }

    /// A SubscribeRequest on a new exchange of the current session.
    public mutating func subscribe(_ request: SubscribeRequestMessage) throws -> [UInt8] {
        exchangeID &+= 1
        return try secure(
            .interactionModel, InteractionModelOpcode.subscribeRequest.rawValue, request.encoded(),
            exchangeID: exchangeID)
    }

    /// The exchange ID of the last request this controller opened.
    public var lastExchangeID: UInt16 { exchangeID }

    /// An answer on an exchange the hub opened (a `.hubRequest`), carrying the acknowledgement of its message.
    public mutating func respond(
        toHubExchange exchangeID: UInt16, protocolID: ProtocolID = .interactionModel, opcode: UInt8, payload: [UInt8]
    ) throws -> [UInt8] {
        guard let exchange = hubExchanges[exchangeID], let on = sessions[exchange.session] else {
            throw Failure("the hub opened no exchange \(exchangeID)")
        }
        hubExchanges[exchangeID]?.acknowledging = nil
        return try secure(
            protocolID, opcode, payload, exchangeID: exchangeID, on: on, isInitiator: false,
            acknowledging: exchange.acknowledging)
    }

    /// A standalone acknowledgement of the hub's last message on an exchange it opened.
    public mutating func acknowledge(hubExchange exchangeID: UInt16) throws -> [UInt8] {
        guard let exchange = hubExchanges[exchangeID], let ack = exchange.acknowledging,
            let on = sessions[exchange.session]
        else { throw Failure("nothing of the hub's to acknowledge on exchange \(exchangeID)") }
        hubExchanges[exchangeID]?.acknowledging = nil
        let header = ProtocolHeader.standaloneAck(exchangeID: exchangeID, isInitiator: false, acknowledging: ack)
        return try secure(
            .secureChannel, header.opcode, [], exchangeID: exchangeID, on: on, isInitiator: false,
            needsAcknowledgement: false, acknowledging: ack)
    }
}
