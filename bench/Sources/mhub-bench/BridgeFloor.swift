import MatterDataModel
import MatterInteraction
import MatterMessage

/// The floor of the bridge's rows: what the messages of one interaction cost both sides in one process, with no
/// sockets, session table, exchanges, data model or hub: each message encoded (Interaction Model TLV, message and
/// protocol headers), sealed with AES-128-CCM, opened and decoded by the other side, as over a CASE session.
struct BridgeFloor {
    private let toHub: [UInt8]
    private let toController: [UInt8]
    private var counter: UInt32 = 1
    private var exchangeID: UInt16 = 1
    private static let controllerNodeID: UInt64 = 112_233
    private static let hubNodeID: UInt64 = 0x4E50
    private let onOff = AttributePath(endpoint: 2, cluster: 6, attribute: 0)

    init() {
        var random = SystemRandomNumberGenerator()
        toHub = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
        toController = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
    }

    /// `count` reads: the controller's ReadRequest for one attribute, the hub's ReportData with its value (the
    /// read's last chunk, SuppressResponse), the controller's standalone acknowledgement. Each round's seconds.
    mutating func reads(count: Int) throws -> Sample {
        var sample = Sample()
        for round in 0..<count {
            let start = monotonicSeconds()
            exchangeID &+= 1
            let request = try seal(
                .readRequest, ReadRequestMessage(attributeRequests: [AttributePathIB(onOff)]).encoded(),
                fromController: true, initiator: true, acknowledging: nil)
            let received = try open(request, fromController: true)
            guard let path = try ReadRequestMessage(payload: received.payload).attributeRequests?.first,
                let endpoint = path.endpoint, let cluster = path.cluster, let attribute = path.attribute
            else { throw BenchFailure("the floor's ReadRequest lost its path") }
            let report = ReportDataMessage(
                attributeReports: [
                    .data(
                        dataVersion: UInt32(round),
                        path: AttributePath(endpoint: endpoint, cluster: cluster, attribute: attribute),
                        value: .bool(round % 2 == 0))
                ], suppressResponse: true)
            let answer = try seal(
                .reportData, report.encoded(), fromController: false, initiator: false,
                acknowledging: received.header.messageCounter)
            let reported = try open(answer, fromController: false)
            try check(reported, value: round % 2 == 0)
            _ = try open(
                try standaloneAck(fromController: true, acknowledging: reported.header.messageCounter),
                fromController: true)
            sample.append(monotonicSeconds() - start)
        }
        return sample
    }

    /// `count` reports of a subscription: the hub's ReportData with one attribute's new value, the subscriber's
    /// StatusResponse SUCCESS, the hub's standalone acknowledgement. Each round's seconds.
    mutating func reports(count: Int) throws -> Sample {
        var sample = Sample()
        for round in 0..<count {
            let start = monotonicSeconds()
            exchangeID &+= 1
            let report = ReportDataMessage(
                subscriptionID: 7,
                attributeReports: [.data(dataVersion: UInt32(round), path: onOff, value: .bool(round % 2 == 0))])
            let sent = try seal(
                .reportData, report.encoded(), fromController: false, initiator: true, acknowledging: nil)
            let reported = try open(sent, fromController: false)
            try check(reported, value: round % 2 == 0)
            let answer = try seal(
                .statusResponse, StatusResponseMessage(status: .success).encoded(), fromController: true,
                initiator: false, acknowledging: reported.header.messageCounter)
            let answered = try open(answer, fromController: true)
            guard try StatusResponseMessage(payload: answered.payload).status == .success else {
                throw BenchFailure("the floor's StatusResponse changed")
            }
            _ = try open(
                try standaloneAck(fromController: false, acknowledging: answered.header.messageCounter),
                fromController: false)
            sample.append(monotonicSeconds() - start)
        }
        return sample
    }

    private func check(_ message: Message, value: Bool) throws {
        let reports = try ReportDataMessage(payload: message.payload).attributeReports ?? []
        guard AttributeReportIB.assemble(reports).values.first == .bool(value) else {
            throw BenchFailure("the floor's ReportData lost its value")
        }
    }

    // MARK: messages

    /// An Interaction Model message on the round's exchange; `initiator` for the side that opened it.
    private mutating func seal(
        _ opcode: InteractionModelOpcode, _ payload: [UInt8], fromController: Bool, initiator: Bool,
        acknowledging ack: UInt32?
    ) throws -> [UInt8] {
        try seal(
            ProtocolHeader(
                isInitiator: initiator, needsAcknowledgement: true, opcode: opcode.rawValue, exchangeID: exchangeID,
                protocolID: .interactionModel, acknowledgedMessageCounter: ack), payload, fromController: fromController
        )
    }

    /// The last message of a round: the exchange's initiator acknowledges the answer.
    private mutating func standaloneAck(fromController: Bool, acknowledging ack: UInt32) throws -> [UInt8] {
        try seal(
            .standaloneAck(exchangeID: exchangeID, isInitiator: true, acknowledging: ack), [],
            fromController: fromController)
    }

    private mutating func seal(_ protocolHeader: ProtocolHeader, _ payload: [UInt8], fromController: Bool) throws
        -> [UInt8]
    {
        counter &+= 1
        return try SecureMessageCodec.seal(
            Message(
                header: MessageHeader(sessionID: 1, messageCounter: counter), protocolHeader: protocolHeader,
                payload: payload),
            key: fromController ? toHub : toController,
            senderNodeID: fromController ? Self.controllerNodeID : Self.hubNodeID)
    }

    private func open(_ bytes: [UInt8], fromController: Bool) throws -> Message {
        try SecureMessageCodec.open(
            bytes, key: fromController ? toHub : toController,
            senderNodeID: fromController ? Self.controllerNodeID : Self.hubNodeID)
    }
}
