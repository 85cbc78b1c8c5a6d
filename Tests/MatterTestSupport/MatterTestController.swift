import MHubTestSupport
import MatterCrypto
import MatterInteraction
import MatterMessage
import MatterSecureChannel

/// A Matter commissioner in miniature, for tests: PASE as the initiator, then Interaction Model reads over the
/// session, built only from mhub's own codecs. It produces whole messages and consumes the hub's.
///
/// It behaves as CHIP's initiator does where tests look (Matter reference C and D): a fresh ephemeral node ID
/// per PASE attempt as the unsecured source node, the R flag on every message but acknowledgements, the
/// acknowledgement piggybacked on the next message of the exchange or sent standalone when none follows, and
/// a StatusResponse SUCCESS after every ReportData chunk that has more to come.
public struct MatterTestController {
    public enum Event: Equatable, Sendable {
        /// PASE finished: the hub sent StatusReport SUCCESS after Pake3.
        case established
        /// The hub answered with a StatusReport other than success (BUSY, FAILURE …).
        case statusReport(StatusReport)
        case report(ReportDataMessage)
        case statusResponse(StatusResponseMessage)
    }

    /// What receiving one message leads to: messages to send now, and what it meant.
    public struct Step: Sendable {
        public var outgoing: [[UInt8]] = []
        public var event: Event?
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    public struct Session: Sendable {
        public var localSessionID: UInt16
        public var peerSessionID: UInt16
        public var keys: PASESessionKeys
    }

    public let passcode: UInt32
    public private(set) var ephemeralNodeID: UInt64 = 0
    public private(set) var session: Session?
    private var random: SeededGenerator
    private var counter: UInt32
    private var exchangeID: UInt16
    private var requestPayload: [UInt8] = []
    private var sessionID: UInt16 = 0
    private var peerSessionID: UInt16 = 0
    private var prover: Spake2pProver?
    private var context: [UInt8] = []
    private var schedule: Spake2pKeySchedule?

    public init(passcode: UInt32, seed: UInt64) {
        self.passcode = passcode
        random = SeededGenerator(seed: seed)
        counter = UInt32(truncatingIfNeeded: random.next()) & 0x0FFF_FFFF + 1
        exchangeID = UInt16(truncatingIfNeeded: random.next())
    }

    // MARK: messages to send

    /// A new PASE attempt: PBKDFParamRequest on a new exchange from a new ephemeral node.
    public mutating func pbkdfParamRequest() -> [UInt8] {
        ephemeralNodeID = random.next()
        exchangeID &+= 1
        sessionID = UInt16.random(in: 1...UInt16.max, using: &random)
        let request = PBKDFParamRequest(
            initiatorRandom: random.bytes(count: 32), initiatorSessionID: sessionID, hasPBKDFParameters: false,
            initiatorSessionParameters: SessionParameters(idleInterval: 500, activeInterval: 300))
        requestPayload = request.encoded()
        return unsecured(.pbkdfParamRequest, requestPayload, exchangeID: exchangeID, acknowledging: nil)
    }

    /// A ReadRequest for `paths` on a new exchange of the PASE session.
    public mutating func readRequest(_ paths: [AttributePathIB]) throws -> [UInt8] {
        exchangeID &+= 1
        let payload = ReadRequestMessage(attributeRequests: paths).encoded()
        return try secure(
            .interactionModel, InteractionModelOpcode.readRequest.rawValue, payload, exchangeID: exchangeID)
    }

    /// Any message on a new exchange of the PASE session (for requests the hub does not serve).
    public mutating func request(_ protocolID: ProtocolID, opcode: UInt8, payload: [UInt8]) throws -> [UInt8] {
        exchangeID &+= 1
        return try secure(protocolID, opcode, payload, exchangeID: exchangeID)
    }

    /// StatusReport CloseSession on a new exchange of the session.
    public mutating func closeSession() throws -> [UInt8] {
        let report = StatusReport(generalCode: .success, secureChannelCode: .closeSession)
        return try request(.secureChannel, opcode: SecureChannelOpcode.statusReport.rawValue, payload: report.encoded())
    }

    // MARK: receiving

    /// One message from the hub.
    public mutating func receive(_ bytes: [UInt8]) throws -> Step {
        let header = try MessageHeader.decode(bytes).header
        let message: Message
        if header.isEncrypted {
            guard let session else { throw Failure("a secure message before PASE finished") }
            message = try SecureMessageCodec.open(bytes, key: session.keys.responderToInitiator, senderNodeID: 0)
            guard header.sessionID == session.localSessionID else {
                throw Failure("secure message for another session")
            }
        } else {
            message = try Message.decodeUnsecured(bytes)
            guard case .node(ephemeralNodeID)? = message.header.destination else {
                throw Failure("an unsecured answer must name the initiator's ephemeral node")
            }
        }
        let protocolHeader = message.protocolHeader
        guard !protocolHeader.isInitiator else { throw Failure("the hub started an exchange") }
        let ack = protocolHeader.needsAcknowledgement ? message.header.messageCounter : nil
        let exchange = protocolHeader.exchangeID
        var step = Step()
        switch (protocolHeader.protocolID, protocolHeader.opcode) {
        case (.secureChannel, SecureChannelOpcode.standaloneAck.rawValue):
            return step
        case (.secureChannel, SecureChannelOpcode.pbkdfParamResponse.rawValue):
            step.outgoing = [
                unsecured(.pake1, try pake1(after: message.payload), exchangeID: exchange, acknowledging: ack)
            ]
            return step
        case (.secureChannel, SecureChannelOpcode.pake2.rawValue):
            step.outgoing = [
                unsecured(.pake3, try pake3(after: message.payload), exchangeID: exchange, acknowledging: ack)
            ]
            return step
        case (.secureChannel, SecureChannelOpcode.statusReport.rawValue):
            let report = try StatusReport.decode(message.payload)
            if report == .sessionEstablishmentSuccess, !header.isEncrypted, let schedule {
                session = Session(
                    localSessionID: sessionID, peerSessionID: peerSessionID,
                    keys: try PASESessionKeys(sharedSecret: schedule.ke))
                step.event = .established
            } else {
                step.event = .statusReport(report)
            }
        case (.interactionModel, InteractionModelOpcode.reportData.rawValue):
            let report = try ReportDataMessage(payload: message.payload)
            step.event = .report(report)
            if report.moreChunkedMessages == true {
                let payload = StatusResponseMessage(status: .success).encoded()
                step.outgoing = [
                    try secure(
                        .interactionModel, InteractionModelOpcode.statusResponse.rawValue, payload,
                        exchangeID: exchange,
                        isInitiator: true, acknowledging: ack)
                ]
                return step
            }
        case (.interactionModel, InteractionModelOpcode.statusResponse.rawValue):
            step.event = .statusResponse(try StatusResponseMessage(payload: message.payload))
        default:
            throw Failure("unexpected message: protocol \(protocolHeader.protocolID) opcode \(protocolHeader.opcode)")
        }
        if let ack {
            step.outgoing = [try standaloneAck(exchangeID: exchange, acknowledging: ack, secure: header.isEncrypted)]
        }
        return step
    }

    // MARK: PASE

    private mutating func pake1(after payload: [UInt8]) throws -> [UInt8] {
        let response = try PBKDFParamResponse(payload: payload)
        guard try PBKDFParamRequest(payload: requestPayload).initiatorRandom == response.initiatorRandom else {
            throw Failure("initiatorRandom not echoed")
        }
        guard let parameters = response.pbkdfParameters else { throw Failure("no PBKDF parameters") }
        peerSessionID = response.responderSessionID
        let keys = try Spake2pPasscodeKeys(passcode: passcode, salt: parameters.salt, iterations: parameters.iterations)
        let prover = try Spake2pProver(keys: keys, using: &random)
        self.prover = prover
        context = PASESessionKeys.context(requestPayload: requestPayload, responsePayload: payload)
        return Pake1(pA: prover.pA.uncompressed).encoded()
    }

    private mutating func pake3(after payload: [UInt8]) throws -> [UInt8] {
        let pake2 = try Pake2(payload: payload)
        guard let prover else { throw Failure("Pake2 before Pake1") }
        let schedule = try prover.finish(context: context, pB: pake2.pB)
        self.schedule = schedule
        // With a wrong passcode cB does not verify; CHIP's initiator would give up here. Going on with Pake3 lets
        // tests see the hub's own verdict (it checks cA, which cannot match either).
        return Pake3(cA: schedule.confirmationA).encoded()
    }

    // MARK: encoding

    private mutating func nextCounter() -> UInt32 {
        defer { counter &+= 1 }
        return counter
    }

    private mutating func unsecured(
        _ opcode: SecureChannelOpcode, _ payload: [UInt8], exchangeID: UInt16, acknowledging ack: UInt32?
    ) -> [UInt8] {
        let header = MessageHeader(messageCounter: nextCounter(), sourceNodeID: ephemeralNodeID)
        let protocolHeader = ProtocolHeader(
            isInitiator: true, needsAcknowledgement: true, opcode: opcode.rawValue, exchangeID: exchangeID,
            protocolID: .secureChannel, acknowledgedMessageCounter: ack)
        return Message(header: header, protocolHeader: protocolHeader, payload: payload).encodedUnsecured()
    }

    private mutating func secure(
        _ protocolID: ProtocolID, _ opcode: UInt8, _ payload: [UInt8], exchangeID: UInt16, isInitiator: Bool = true,
        needsAcknowledgement: Bool = true, acknowledging ack: UInt32? = nil
    ) throws -> [UInt8] {
        guard let session else { throw Failure("no PASE session") }
        let header = MessageHeader(sessionID: session.peerSessionID, messageCounter: nextCounter())
        let protocolHeader = ProtocolHeader(
            isInitiator: isInitiator, needsAcknowledgement: needsAcknowledgement, opcode: opcode,
            exchangeID: exchangeID,
            protocolID: protocolID, acknowledgedMessageCounter: ack)
        return try SecureMessageCodec.seal(
            Message(header: header, protocolHeader: protocolHeader, payload: payload),
            key: session.keys.initiatorToResponder, senderNodeID: 0)
    }

    private mutating func standaloneAck(exchangeID: UInt16, acknowledging ack: UInt32, secure isSecure: Bool) throws
        -> [UInt8]
    {
        let protocolHeader = ProtocolHeader.standaloneAck(exchangeID: exchangeID, isInitiator: true, acknowledging: ack)
        if isSecure {
            return try secure(
                .secureChannel, protocolHeader.opcode, [], exchangeID: exchangeID, needsAcknowledgement: false,
                acknowledging: ack)
        }
        let header = MessageHeader(messageCounter: nextCounter(), sourceNodeID: ephemeralNodeID)
        return Message(header: header, protocolHeader: protocolHeader, payload: []).encodedUnsecured()
    }
}
