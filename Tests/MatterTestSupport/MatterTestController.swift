import MHubTestSupport
import MatterCrypto
import MatterInteraction
import MatterMessage
import MatterSecureChannel

/// A Matter commissioner in miniature, for tests: PASE and CASE as the initiator, then Interaction Model reads and
/// invokes over either session, built only from mhub's own codecs. It produces whole messages and consumes the
/// hub's.
///
/// It behaves as CHIP's initiator does where tests look (Matter reference C, D and §5): a fresh ephemeral node ID
/// per PASE or CASE attempt as the unsecured source node, the R flag on every message but acknowledgements, the
/// acknowledgement piggybacked on the next message of the exchange or sent standalone when none follows, a
/// StatusResponse SUCCESS after every ReportData chunk that has more to come, the operational node IDs in a CASE
/// session's nonces, and an invoke sent on the exchange of its TimedRequest once that is accepted.
public struct MatterTestController {
    public enum Event: Equatable, Sendable {
        /// PASE finished: the hub sent StatusReport SUCCESS after Pake3.
        case established
        /// CASE finished (after Sigma3, or Sigma2_Resume): the session is the current one.
        case caseEstablished
        /// The hub answered with a StatusReport other than success (BUSY, FAILURE …).
        case statusReport(StatusReport)
        case report(ReportDataMessage)
        case statusResponse(StatusResponseMessage)
        case invokeResponse(InvokeResponseMessage)
        case writeResponse(WriteResponseMessage)
        case subscribeResponse(SubscribeResponseMessage)
        /// A message on an exchange the hub opened (it keeps the ack for the test to send with `respond`).
        case hubRequest(opcode: UInt8, payload: [UInt8], exchangeID: UInt16)
    }

    /// What receiving one message leads to: messages to send now, and what it meant.
    public struct Step: Sendable {
        public var outgoing: [[UInt8]] = []
        public var event: Event?
        /// The event is not the conversation's end: the controller sent the next request (a timed invoke after
        /// its TimedRequest was accepted).
        public var expectsMore = false
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// A secure session as the controller holds it: its keys and the node IDs its nonces name.
    public struct Session: Sendable {
        public var localSessionID: UInt16
        public var peerSessionID: UInt16
        /// I2R: what the controller seals with.
        public var sendKey: [UInt8]
        /// R2I: what the hub's messages open with.
        public var receiveKey: [UInt8]
        public var attestationChallenge: [UInt8]
        /// The controller's node ID in its nonces (0 on PASE).
        public var localNodeID: UInt64
        /// The hub's node ID in its nonces (0 on PASE).
        public var peerNodeID: UInt64
        public var isCASE: Bool
    }

    public let passcode: UInt32
    public internal(set) var ephemeralNodeID: UInt64 = 0
    /// The session new requests go on: PASE's, then CASE's once one is established (`use` switches).
    public internal(set) var session: Session?
    /// Every session the controller holds, by its own session ID.
    public internal(set) var sessions: [UInt16: Session] = [:]
    /// The CASE handshake in progress or last finished.
    public internal(set) var caseInitiator: CASEInitiator?
    /// The PBKDF salt of the last PBKDFParamResponse: the hub's window's salt.
    public internal(set) var pbkdfSalt: [UInt8] = []
    var random: SeededGenerator
    var counter: UInt32
    var exchangeID: UInt16
    var requestPayload: [UInt8] = []
    var sessionID: UInt16 = 0
    var peerSessionID: UInt16 = 0
    var prover: Spake2pProver?
    var context: [UInt8] = []
    var schedule: Spake2pKeySchedule?
    /// Invokes waiting for their TimedRequest's StatusResponse, by exchange.
    var timedInvokes: [UInt16: [UInt8]] = [:]
    /// Writes waiting for their TimedRequest's StatusResponse, by exchange.
    var timedWrites: [UInt16: [UInt8]] = [:]
    /// Sigma3 went out; the hub's StatusReport SUCCESS establishes the session.
    var caseAwaitsReport = false

    /// An exchange the hub opened: the session it came on and the acknowledgement the answer carries.
    struct HubExchange {
        var session: UInt16
        var acknowledging: UInt32?
    }

    var hubExchanges: [UInt16: HubExchange] = [:]

    public init(passcode: UInt32, seed: UInt64) {
        self.passcode = passcode
        random = SeededGenerator(seed: seed)
        counter = UInt32(truncatingIfNeeded: random.next()) & 0x0FFF_FFFF + 1
        exchangeID = UInt16(truncatingIfNeeded: random.next())
    }

    /// Makes `localSessionID` the session new requests go on.
    public mutating func use(_ localSessionID: UInt16) throws {
        guard let chosen = sessions[localSessionID] else { throw Failure("no session \(localSessionID)") }
        session = chosen
    }

    /// Forgets a session (as a controller that drops it without CloseSession).
    public mutating func forget(_ localSessionID: UInt16) {
        sessions[localSessionID] = nil
        if session?.localSessionID == localSessionID { session = nil }
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

    /// A ReadRequest for `paths` on a new exchange of the current session.
    public mutating func readRequest(_ paths: [AttributePathIB], fabricFiltered: Bool = true) throws -> [UInt8] {
        exchangeID &+= 1
        let payload = ReadRequestMessage(attributeRequests: paths, fabricFiltered: fabricFiltered).encoded()
        return try secure(
            .interactionModel, InteractionModelOpcode.readRequest.rawValue, payload, exchangeID: exchangeID)
    }

    /// Any message on a new exchange of the current session (for requests the hub does not serve).
    public mutating func request(_ protocolID: ProtocolID, opcode: UInt8, payload: [UInt8]) throws -> [UInt8] {
        exchangeID &+= 1
        return try secure(protocolID, opcode, payload, exchangeID: exchangeID)
    }

    /// StatusReport CloseSession on a new exchange of the current session.
    public mutating func closeSession() throws -> [UInt8] {
        let report = StatusReport(generalCode: .success, secureChannelCode: .closeSession)
        return try request(.secureChannel, opcode: SecureChannelOpcode.statusReport.rawValue, payload: report.encoded())
    }

    // MARK: receiving

    /// One message from the hub.
    public mutating func receive(_ bytes: [UInt8]) throws -> Step {
        let header = try MessageHeader.decode(bytes).header
        let message: Message
        var on: Session?
        if header.isEncrypted {
            guard let known = sessions.values.first(where: { $0.localSessionID == header.sessionID }) else {
                throw Failure("a secure message for session \(header.sessionID), which the controller does not hold")
            }
            message = try SecureMessageCodec.open(bytes, key: known.receiveKey, senderNodeID: known.peerNodeID)
            on = known
        } else {
            message = try Message.decodeUnsecured(bytes)
            guard case .node(ephemeralNodeID)? = message.header.destination else {
                throw Failure("an unsecured answer must name the initiator's ephemeral node")
            }
        }
        let protocolHeader = message.protocolHeader
        let ack = protocolHeader.needsAcknowledgement ? message.header.messageCounter : nil
        let exchange = protocolHeader.exchangeID
        if protocolHeader.isInitiator {
            guard let on else { throw Failure("the hub started an unsecured exchange") }
            if protocolHeader.protocolID == .secureChannel,
                protocolHeader.opcode == SecureChannelOpcode.standaloneAck.rawValue
            {
                return Step()
            }
            hubExchanges[exchange] = HubExchange(session: on.localSessionID, acknowledging: ack)
            return Step(
                event: .hubRequest(opcode: protocolHeader.opcode, payload: message.payload, exchangeID: exchange))
        }
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
        case (.secureChannel, SecureChannelOpcode.sigma2.rawValue):
            guard var initiator = caseInitiator else { throw Failure("Sigma2 without a CASE attempt") }
            let sigma3 = try initiator.sigma3(after: message.payload)
            caseInitiator = initiator
            caseAwaitsReport = true
            step.outgoing = [unsecured(.sigma3, sigma3, exchangeID: exchange, acknowledging: ack)]
            return step
        case (.secureChannel, SecureChannelOpcode.sigma2Resume.rawValue):
            guard var initiator = caseInitiator else { throw Failure("Sigma2_Resume without a CASE attempt") }
            let (report, established) = try initiator.resumptionAccepted(message.payload)
            caseInitiator = initiator
            installCASE(established)
            step.outgoing = [unsecured(.statusReport, report, exchangeID: exchange, acknowledging: ack)]
            step.event = .caseEstablished
            return step
        case (.secureChannel, SecureChannelOpcode.statusReport.rawValue):
            let report = try StatusReport.decode(message.payload)
            if report == .sessionEstablishmentSuccess, !header.isEncrypted, var initiator = caseInitiator,
                caseAwaitsReport
            {
                installCASE(try initiator.statusReportReceived(message.payload))
                caseInitiator = initiator
                caseAwaitsReport = false
                step.event = .caseEstablished
            } else if report == .sessionEstablishmentSuccess, !header.isEncrypted, let schedule {
                let keys = try PASESessionKeys(sharedSecret: schedule.ke)
                let pase = Session(
                    localSessionID: sessionID, peerSessionID: peerSessionID, sendKey: keys.initiatorToResponder,
                    receiveKey: keys.responderToInitiator, attestationChallenge: keys.attestationChallenge,
                    localNodeID: 0, peerNodeID: 0, isCASE: false)
                sessions[sessionID] = pase
                session = pase
                self.schedule = nil
                step.event = .established
            } else {
                step.event = .statusReport(report)
            }
        case (.interactionModel, InteractionModelOpcode.reportData.rawValue):
            let report = try ReportDataMessage(payload: message.payload)
            step.event = .report(report)
            // A subscription's priming: its SubscribeResponse follows the last chunk's StatusResponse.
            step.expectsMore = report.subscriptionID != nil
            // Between a read's chunks, and after every report of a subscription (its priming's too).
            if report.moreChunkedMessages == true || (report.subscriptionID != nil && report.suppressResponse != true) {
                let payload = StatusResponseMessage(status: .success).encoded()
                step.outgoing = [
                    try secure(
                        .interactionModel, InteractionModelOpcode.statusResponse.rawValue, payload,
                        exchangeID: exchange, on: on, acknowledging: ack)
                ]
                return step
            }
        case (.interactionModel, InteractionModelOpcode.statusResponse.rawValue):
            let response = try StatusResponseMessage(payload: message.payload)
            step.event = .statusResponse(response)
            if response.status == .success, let write = timedWrites.removeValue(forKey: exchange) {
                step.expectsMore = true
                step.outgoing = [
                    try secure(
                        .interactionModel, InteractionModelOpcode.writeRequest.rawValue, write, exchangeID: exchange,
                        on: on, acknowledging: ack)
                ]
                return step
            }
            if response.status == .success, let invoke = timedInvokes.removeValue(forKey: exchange) {
                step.expectsMore = true
                step.outgoing = [
                    try secure(
                        .interactionModel, InteractionModelOpcode.invokeCommandRequest.rawValue, invoke,
                        exchangeID: exchange, on: on, acknowledging: ack)
                ]
                return step
            }
        case (.interactionModel, InteractionModelOpcode.invokeCommandResponse.rawValue):
            step.event = .invokeResponse(try InvokeResponseMessage(payload: message.payload))
        case (.interactionModel, InteractionModelOpcode.writeResponse.rawValue):
            step.event = .writeResponse(try WriteResponseMessage(payload: message.payload))
        case (.interactionModel, InteractionModelOpcode.subscribeResponse.rawValue):
            step.event = .subscribeResponse(try SubscribeResponseMessage(payload: message.payload))
        default:
            throw Failure("unexpected message: protocol \(protocolHeader.protocolID) opcode \(protocolHeader.opcode)")
        }
        if let ack {
            step.outgoing = [try standaloneAck(exchangeID: exchange, acknowledging: ack, on: on)]
        }
        return step
    }

    // MARK: PASE

    mutating func pake1(after payload: [UInt8]) throws -> [UInt8] {
        let response = try PBKDFParamResponse(payload: payload)
        guard try PBKDFParamRequest(payload: requestPayload).initiatorRandom == response.initiatorRandom else {
            throw Failure("initiatorRandom not echoed")
        }
        guard let parameters = response.pbkdfParameters else { throw Failure("no PBKDF parameters") }
        peerSessionID = response.responderSessionID
        pbkdfSalt = parameters.salt
        let keys = try Spake2pPasscodeKeys(passcode: passcode, salt: parameters.salt, iterations: parameters.iterations)
        let prover = try Spake2pProver(keys: keys, using: &random)
        self.prover = prover
        context = PASESessionKeys.context(requestPayload: requestPayload, responsePayload: payload)
        return Pake1(pA: prover.pA.uncompressed).encoded()
    }

    mutating func pake3(after payload: [UInt8]) throws -> [UInt8] {
        let pake2 = try Pake2(payload: payload)
        guard let prover else { throw Failure("Pake2 before Pake1") }
        let schedule = try prover.finish(context: context, pB: pake2.pB)
        self.schedule = schedule
        // With a wrong passcode cB does not verify; CHIP's initiator would give up here. Going on with Pake3 lets
        // tests see the hub's own verdict (it checks cA, which cannot match either).
        return Pake3(cA: schedule.confirmationA).encoded()
    }

    // MARK: encoding

    mutating func nextCounter() -> UInt32 {
        defer { counter &+= 1 }
        return counter
    }

    mutating func unsecured(
        _ opcode: SecureChannelOpcode, _ payload: [UInt8], exchangeID: UInt16, acknowledging ack: UInt32?
    ) -> [UInt8] {
        let header = MessageHeader(messageCounter: nextCounter(), sourceNodeID: ephemeralNodeID)
        let protocolHeader = ProtocolHeader(
            isInitiator: true, needsAcknowledgement: true, opcode: opcode.rawValue, exchangeID: exchangeID,
            protocolID: .secureChannel, acknowledgedMessageCounter: ack)
        return Message(header: header, protocolHeader: protocolHeader, payload: payload).encodedUnsecured()
    }

    mutating func secure(
        _ protocolID: ProtocolID, _ opcode: UInt8, _ payload: [UInt8], exchangeID: UInt16, on chosen: Session? = nil,
        isInitiator: Bool = true, needsAcknowledgement: Bool = true, acknowledging ack: UInt32? = nil
    ) throws -> [UInt8] {
        guard let session = chosen ?? session else { throw Failure("no secure session") }
        let header = MessageHeader(sessionID: session.peerSessionID, messageCounter: nextCounter())
        let protocolHeader = ProtocolHeader(
            isInitiator: isInitiator, needsAcknowledgement: needsAcknowledgement, opcode: opcode,
            exchangeID: exchangeID,
            protocolID: protocolID, acknowledgedMessageCounter: ack)
        return try SecureMessageCodec.seal(
            Message(header: header, protocolHeader: protocolHeader, payload: payload), key: session.sendKey,
            senderNodeID: session.localNodeID)
    }

    mutating func standaloneAck(exchangeID: UInt16, acknowledging ack: UInt32, on chosen: Session?) throws -> [UInt8] {
        let protocolHeader = ProtocolHeader.standaloneAck(exchangeID: exchangeID, isInitiator: true, acknowledging: ack)
        if let chosen {
            return try secure(
                .secureChannel, protocolHeader.opcode, [], exchangeID: exchangeID, on: chosen,
                needsAcknowledgement: false, acknowledging: ack)
        }
        let header = MessageHeader(messageCounter: nextCounter(), sourceNodeID: ephemeralNodeID)
        return Message(header: header, protocolHeader: protocolHeader, payload: []).encodedUnsecured()
    }
}
