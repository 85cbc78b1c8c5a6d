import MHubTestSupport
import MatterCrypto
import MatterMessage
import MatterSecureChannel

/// The initiator's side of CASE, for tests: Sigma1 (full or with a resumption record), Sigma2 → Sigma3 after
/// checking the responder's certificates and node ID, or Sigma2_Resume → StatusReport SUCCESS; and the session
/// keys, derived on its own from what it sent and received (Matter reference §5; CHIP `CASESession.cpp`).
///
/// It works on message payloads: the caller carries them in whatever messages its test needs. Hooks let a test
/// make the initiator misbehave (other credentials, an altered TBEData3) to see the responder refuse it.
public struct CASEInitiator {
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// What the initiator presents in Sigma3 and signs with.
    public struct Credentials: Sendable {
        public var noc: [UInt8]
        public var icac: [UInt8]?
        public var operationalKey: P256KeyPair

        public init(noc: [UInt8], icac: [UInt8]?, operationalKey: P256KeyPair) {
            self.noc = noc
            self.icac = icac
            self.operationalKey = operationalKey
        }
    }

    /// A session the initiator holds after the handshake.
    public struct Established: Equatable {
        public var localSessionID: UInt16
        public var peerSessionID: UInt16
        public var keys: CASESessionKeys
        public var peerNodeID: UInt64
        public var isResumption: Bool
        /// What the initiator keeps to resume this session later.
        public var resumption: CASEResumptionRecord
    }

    /// The initiator's own fabric: its root, IPK and controller identity (NOC, ICAC, operational key).
    public let fabric: CASEFabric
    /// The node it wants on that fabric (the responder's NOC must name it).
    public let peerNodeID: UInt64
    public private(set) var sessionID: UInt16 = 0
    public private(set) var established: Established?
    /// Whom to present in Sigma3: the fabric's own identity unless a test says otherwise.
    public var credentials: Credentials
    /// Applied to TBEData3 after signing, before encryption.
    public var alterTBEData3: ((inout SigmaTBEData3) -> Void)?
    /// The session parameters sent in Sigma1.
    public var sessionParameters: SessionParameters? = SessionParameters(idleInterval: 500, activeInterval: 300)
    private var random: SeededGenerator
    private var ephemeral: P256KeyPair?
    private var initiatorRandom: [UInt8] = []
    private var sigma1Payload: [UInt8] = []
    private var sigma2Payload: [UInt8] = []
    private var sigma3Payload: [UInt8] = []
    private var sharedSecret: [UInt8] = []
    private var peerSessionID: UInt16 = 0
    private var pendingResumptionID: [UInt8] = []
    private var resuming: CASEResumptionRecord?

    public init(fabric: CASEFabric, peerNodeID: UInt64, seed: UInt64) {
        self.fabric = fabric
        self.peerNodeID = peerNodeID
        credentials = Credentials(noc: fabric.noc, icac: fabric.icac, operationalKey: fabric.operationalKey)
        random = SeededGenerator(seed: seed)
    }

    // MARK: messages

    /// Sigma1 of a new attempt; with `record`, it asks to resume that session.
    public mutating func sigma1(resuming record: CASEResumptionRecord? = nil) throws -> [UInt8] {
        established = nil
        resuming = record
        sessionID = UInt16.random(in: 1...UInt16.max, using: &random)
        initiatorRandom = random.bytes(count: SigmaLimits.randomByteCount)
        let ephemeral = P256KeyPair.random(using: &random)
        self.ephemeral = ephemeral
        let destination = CASEDestinationID.make(
            initiatorRandom: initiatorRandom, rootPublicKey: fabric.rootPublicKey, fabricID: fabric.fabricID,
            nodeID: peerNodeID, ipk: fabric.ipk)
        let resumption = try record.map { (record) throws in
            Sigma1.Resumption(
                resumptionID: record.resumptionID,
                initiatorResumeMIC: try CASEKeySchedule.initiatorResumeMIC(
                    sharedSecret: record.sharedSecret, initiatorRandom: initiatorRandom,
                    resumptionID: record.resumptionID))
        }
        sigma1Payload = Sigma1(
            initiatorRandom: initiatorRandom, initiatorSessionID: sessionID, destinationID: destination,
            initiatorEphemeralPublicKey: ephemeral.publicKey.uncompressed,
            initiatorSessionParameters: sessionParameters,
            resumption: resumption
        ).encoded()
        return sigma1Payload
    }

    /// Sigma2: decrypt TBEData2, check the responder's chain, node ID and signature, and answer with Sigma3.
    public mutating func sigma3(after payload: [UInt8]) throws -> [UInt8] {
        guard let ephemeral else { throw Failure("Sigma2 before Sigma1") }
        let sigma2 = try Sigma2(payload: payload)
        sigma2Payload = payload
        peerSessionID = sigma2.responderSessionID
        let responderKey = try P256Point(uncompressed: sigma2.responderEphemeralPublicKey)
        sharedSecret = try ephemeral.sharedSecret(with: responderKey)
        let s2k = try CASEKeySchedule.sigma2Key(
            sharedSecret: sharedSecret, ipk: fabric.ipk, responderRandom: sigma2.responderRandom,
            responderEphemeralPublicKey: sigma2.responderEphemeralPublicKey, sigma1: sigma1Payload)
        let tbeData2 = try SigmaTBEData2(
            payload: AES128CCM.open(
                sigma2.encrypted2, key: s2k, nonce: CASEKeySchedule.sigma2Nonce, additionalData: []))
        let responder = try CASEPeerCredentials(
            noc: tbeData2.responderNOC, icac: tbeData2.responderICAC, fabric: fabric, at: nil)
        guard responder.nodeID == peerNodeID else {
            throw Failure("the responder's NOC names node \(responder.nodeID), not \(peerNodeID)")
        }
        let signed = SigmaTBSData(
            senderNOC: tbeData2.responderNOC, senderICAC: tbeData2.responderICAC,
            senderEphemeralPublicKey: sigma2.responderEphemeralPublicKey,
            receiverEphemeralPublicKey: ephemeral.publicKey.uncompressed)
        guard try responder.publicKey.isValidSignature(P256Signature(raw: tbeData2.signature), for: signed.encoded())
        else { throw Failure("the responder's TBSData2 signature does not verify") }
        pendingResumptionID = tbeData2.resumptionID

        let tbsData3 = SigmaTBSData(
            senderNOC: credentials.noc, senderICAC: credentials.icac,
            senderEphemeralPublicKey: ephemeral.publicKey.uncompressed,
            receiverEphemeralPublicKey: sigma2.responderEphemeralPublicKey)
        var tbeData3 = SigmaTBEData3(
            initiatorNOC: credentials.noc, initiatorICAC: credentials.icac,
            signature: try credentials.operationalKey.signature(for: tbsData3.encoded()).raw)
        alterTBEData3?(&tbeData3)
        let s3k = try CASEKeySchedule.sigma3Key(
            sharedSecret: sharedSecret, ipk: fabric.ipk, sigma1: sigma1Payload, sigma2: sigma2Payload)
        let encrypted3 = try AES128CCM.seal(
            tbeData3.encoded(), key: s3k, nonce: CASEKeySchedule.sigma3Nonce, additionalData: [])
        sigma3Payload = Sigma3(encrypted3: encrypted3).encoded()
        return sigma3Payload
    }

    /// The responder's StatusReport after Sigma3: SUCCESS establishes the session.
    public mutating func statusReportReceived(_ payload: [UInt8]) throws -> Established {
        let report = try StatusReport.decode(payload)
        guard report == .sessionEstablishmentSuccess else { throw Failure("the responder refused: \(report)") }
        guard !sigma3Payload.isEmpty else { throw Failure("StatusReport SUCCESS before Sigma3") }
        let keys = try CASEKeySchedule.sessionKeys(
            sharedSecret: sharedSecret, ipk: fabric.ipk, sigma1: sigma1Payload, sigma2: sigma2Payload,
            sigma3: sigma3Payload)
        let session = Established(
            localSessionID: sessionID, peerSessionID: peerSessionID, keys: keys, peerNodeID: peerNodeID,
            isResumption: false,
            resumption: CASEResumptionRecord(
                resumptionID: pendingResumptionID, sharedSecret: sharedSecret, fabricIndex: fabric.fabricIndex,
                peerNodeID: peerNodeID, peerCATs: []))
        established = session
        return session
    }

    /// Sigma2_Resume: check its MIC, derive the resumed keys and answer with StatusReport SUCCESS.
    public mutating func resumptionAccepted(_ payload: [UInt8]) throws -> (statusReport: [UInt8], Established) {
        guard let record = resuming else { throw Failure("Sigma2_Resume without a resumption request") }
        let resume = try Sigma2Resume(payload: payload)
        let expected = try CASEKeySchedule.sigma2ResumeMIC(
            sharedSecret: record.sharedSecret, initiatorRandom: initiatorRandom, newResumptionID: resume.resumptionID)
        guard ConstantTime.equal(expected, resume.sigma2ResumeMIC) else {
            throw Failure("the sigma2ResumeMIC does not verify")
        }
        let keys = try CASEKeySchedule.resumedSessionKeys(
            sharedSecret: record.sharedSecret, initiatorRandom: initiatorRandom, newResumptionID: resume.resumptionID)
        var renewed = record
        renewed.resumptionID = resume.resumptionID
        let session = Established(
            localSessionID: sessionID, peerSessionID: resume.responderSessionID, keys: keys,
            peerNodeID: record.peerNodeID, isResumption: true, resumption: renewed)
        established = session
        return (StatusReport.sessionEstablishmentSuccess.encoded(), session)
    }
}
