import FuzzSupport
import MatterCrypto
import MatterMessage
import MatterSecureChannel

/// An honest CASE initiator on one exchange, made from the public Sigma codecs and key schedule (Matter reference
/// §5; CHIP `CASESession.cpp`): it sends Sigma1 (full, or resuming its fabric's last session), checks what the
/// responder answers as a CHIP initiator would, and derives the keys it expects the responder's session to have.
struct CASEFuzzInitiator {
    enum Stage {
        case idle
        /// Sigma1 sent; `resuming` if it named a resumption record.
        case sentSigma1(resuming: CASEResumptionRecord?)
        /// Sigma2 checked: Sigma3 is ready to go.
        case readySigma3(Sigma3Ready)
        /// Sigma3 sent: the responder's StatusReport SUCCESS ends the handshake with these keys.
        case sentSigma3(keys: CASESessionKeys, record: CASEResumptionRecord)
        /// Sigma2_Resume checked: the initiator's StatusReport SUCCESS establishes the session with these keys.
        case resumed(keys: CASESessionKeys, record: CASEResumptionRecord)
    }

    struct Sigma3Ready {
        var payload: [UInt8]
        var keys: CASESessionKeys
        var record: CASEResumptionRecord
    }

    let fabric: CASEFuzzFixture.Fabric
    var random: InputSeededGenerator
    var stage = Stage.idle
    /// Whether every message on the exchange since this initiator's Sigma1 was its own, unaltered: only then must
    /// the responder's answers pass its checks.
    var clean = false
    var sessionID: UInt16 = 0
    private var initiatorRandom: [UInt8] = []
    private var ephemeral: P256KeyPair?
    private var sigma1: [UInt8] = []
    /// The keys the responder's session must have, once the handshake can end with one.
    var expectedKeys: CASESessionKeys? {
        switch stage {
        case .sentSigma3(let keys, _), .resumed(let keys, _): keys
        case .idle, .sentSigma1, .readySigma3: nil
        }
    }
    var isResuming: Bool {
        if case .resumed = stage { true } else { false }
    }

    init(fabric: CASEFuzzFixture.Fabric, seed: UInt8) {
        self.fabric = fabric
        random = InputSeededGenerator(seed: [seed])
    }

    /// A new Sigma1, resuming `record` if given.
    mutating func makeSigma1(resuming record: CASEResumptionRecord?) -> [UInt8] {
        let controller = fabric.controller
        sessionID = UInt16.random(in: 1...UInt16.max, using: &random)
        initiatorRandom = (0..<SigmaLimits.randomByteCount).map { _ in UInt8.random(in: 0...255, using: &random) }
        let ephemeral = P256KeyPair.random(using: &random)
        self.ephemeral = ephemeral
        let resumption = record.map { record in
            Sigma1.Resumption(
                resumptionID: record.resumptionID,
                initiatorResumeMIC: try! CASEKeySchedule.initiatorResumeMIC(
                    sharedSecret: record.sharedSecret, initiatorRandom: initiatorRandom,
                    resumptionID: record.resumptionID))
        }
        sigma1 = Sigma1(
            initiatorRandom: initiatorRandom, initiatorSessionID: sessionID,
            destinationID: CASEDestinationID.make(
                initiatorRandom: initiatorRandom, rootPublicKey: controller.rootPublicKey,
                fabricID: controller.fabricID, nodeID: fabric.responderNodeID, ipk: controller.ipk),
            initiatorEphemeralPublicKey: ephemeral.publicKey.uncompressed,
            initiatorSessionParameters: SessionParameters(idleInterval: 500, activeInterval: 300),
            resumption: resumption
        ).encoded()
        stage = .sentSigma1(resuming: record)
        return sigma1
    }

    /// Sigma3, if a checked Sigma2 is waiting for it.
    mutating func takeSigma3() -> [UInt8]? {
        guard case .readySigma3(let ready) = stage else { return nil }
        stage = .sentSigma3(keys: ready.keys, record: ready.record)
        return ready.payload
    }

    /// The responder sent `payload` with `opcode` on this initiator's exchange.
    mutating func received(_ opcode: SecureChannelOpcode, _ payload: [UInt8]) {
        switch (opcode, stage) {
        case (.sigma2, .sentSigma1(resuming: _)):
            let ready = try? checkSigma2(payload)
            fuzzCheck(ready != nil || !clean, "a Sigma2 answering an honest Sigma1 fails the initiator's checks")
            stage = ready.map(Stage.readySigma3) ?? .idle
        case (.sigma2Resume, .sentSigma1(resuming: let record?)):
            let resumed = try? checkSigma2Resume(payload, record: record)
            fuzzCheck(
                resumed != nil || !clean, "a Sigma2_Resume answering an honest resuming Sigma1 fails its MIC check")
            stage = resumed.map { Stage.resumed(keys: $0.keys, record: $0.record) } ?? .idle
        case (.sigma2Resume, .sentSigma1(resuming: nil)):
            fuzzCheck(!clean, "Sigma2_Resume answered a Sigma1 that asked for no resumption")
            stage = .idle
        case (.statusReport, _):
            // SUCCESS after Sigma3 leaves the stage to the check of the session; anything else ends the attempt.
            if case .sentSigma3 = stage, (try? StatusReport.decode(payload)) == .sessionEstablishmentSuccess {
                return
            }
            stage = .idle
        case (.sigma2, _), (.sigma2Resume, _):
            stage = .idle
        default:
            fuzzCheck(false, "the responder sent opcode \(opcode) to an initiator")
        }
    }

    /// What the initiator keeps to resume the session the responder just established.
    var record: CASEResumptionRecord? {
        switch stage {
        case .sentSigma3(_, let record), .resumed(_, let record): record
        case .idle, .sentSigma1, .readySigma3: nil
        }
    }

    private func checkSigma2(_ payload: [UInt8]) throws -> Sigma3Ready {
        guard let ephemeral else { throw CASEFailure.unexpectedMessage(opcode: 0x31) }
        let controller = fabric.controller
        let sigma2 = try Sigma2(payload: payload)
        let sharedSecret = try ephemeral.sharedSecret(
            with: P256Point(uncompressed: sigma2.responderEphemeralPublicKey))
        let s2k = try CASEKeySchedule.sigma2Key(
            sharedSecret: sharedSecret, ipk: controller.ipk, responderRandom: sigma2.responderRandom,
            responderEphemeralPublicKey: sigma2.responderEphemeralPublicKey, sigma1: sigma1)
        let tbe2 = try SigmaTBEData2(
            payload: AES128CCM.open(sigma2.encrypted2, key: s2k, nonce: CASEKeySchedule.sigma2Nonce, additionalData: [])
        )
        let responder = try CASEPeerCredentials(
            noc: tbe2.responderNOC, icac: tbe2.responderICAC, fabric: controller, at: nil)
        let signed2 = SigmaTBSData(
            senderNOC: tbe2.responderNOC, senderICAC: tbe2.responderICAC,
            senderEphemeralPublicKey: sigma2.responderEphemeralPublicKey,
            receiverEphemeralPublicKey: ephemeral.publicKey.uncompressed)
        guard responder.nodeID == fabric.responderNodeID,
            try responder.publicKey.isValidSignature(P256Signature(raw: tbe2.signature), for: signed2.encoded())
        else { throw CASEFailure.invalidSignature }

        let signed3 = SigmaTBSData(
            senderNOC: controller.noc, senderICAC: nil, senderEphemeralPublicKey: ephemeral.publicKey.uncompressed,
            receiverEphemeralPublicKey: sigma2.responderEphemeralPublicKey)
        let tbe3 = SigmaTBEData3(
            initiatorNOC: controller.noc, initiatorICAC: nil,
            signature: try controller.operationalKey.signature(for: signed3.encoded()).raw)
        let s3k = try CASEKeySchedule.sigma3Key(
            sharedSecret: sharedSecret, ipk: controller.ipk, sigma1: sigma1, sigma2: payload)
        let sigma3 = Sigma3(
            encrypted3: try AES128CCM.seal(
                tbe3.encoded(), key: s3k, nonce: CASEKeySchedule.sigma3Nonce, additionalData: [])
        ).encoded()
        let keys = try CASEKeySchedule.sessionKeys(
            sharedSecret: sharedSecret, ipk: controller.ipk, sigma1: sigma1, sigma2: payload, sigma3: sigma3)
        let record = CASEResumptionRecord(
            resumptionID: tbe2.resumptionID, sharedSecret: sharedSecret, fabricIndex: controller.fabricIndex,
            peerNodeID: fabric.responderNodeID, peerCATs: [])
        return Sigma3Ready(payload: sigma3, keys: keys, record: record)
    }

    private func checkSigma2Resume(_ payload: [UInt8], record: CASEResumptionRecord) throws -> (
        keys: CASESessionKeys, record: CASEResumptionRecord
    ) {
        let resume = try Sigma2Resume(payload: payload)
        let mic = try CASEKeySchedule.sigma2ResumeMIC(
            sharedSecret: record.sharedSecret, initiatorRandom: initiatorRandom, newResumptionID: resume.resumptionID)
        guard ConstantTime.equal(mic, resume.sigma2ResumeMIC) else { throw CASEFailure.decryptionFailed }
        var renewed = record
        renewed.resumptionID = resume.resumptionID
        let keys = try CASEKeySchedule.resumedSessionKeys(
            sharedSecret: record.sharedSecret, initiatorRandom: initiatorRandom, newResumptionID: resume.resumptionID)
        return (keys, renewed)
    }
}
