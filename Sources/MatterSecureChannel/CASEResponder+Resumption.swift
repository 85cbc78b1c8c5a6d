import MatterCrypto
import MatterMessage

extension CASEResponder {
    /// Sigma1 with a known resumption ID and a valid initiatorResumeMIC: answer with Sigma2_Resume under a new
    /// resumption ID and wait for the initiator's StatusReport SUCCESS.
    ///
    /// CHIP `CASESession.cpp` `TryResumeSession`, `SendSigma2Resume`: the new session's keys come from the
    /// stored shared secret, salt initiatorRandom ‖ new resumption ID, info "SessionResumptionKeys".
    mutating func resume(
        sigma1: Sigma1, record: CASEResumptionRecord, exchange: CASEExchange, sessionID: UInt16,
        now: MonotonicInstant, using generator: inout some RandomNumberGenerator
    ) -> [CASEResponderAction] {
        let newResumptionID = generator.bytes(count: SigmaLimits.resumptionIDByteCount)
        let mic: [UInt8]
        let keys: CASESessionKeys
        do {
            mic = try CASEKeySchedule.sigma2ResumeMIC(
                sharedSecret: record.sharedSecret, initiatorRandom: sigma1.initiatorRandom,
                newResumptionID: newResumptionID)
            keys = try CASEKeySchedule.resumedSessionKeys(
                sharedSecret: record.sharedSecret, initiatorRandom: sigma1.initiatorRandom,
                newResumptionID: newResumptionID)
        } catch {
            return refuse(exchange, .cryptoFailure(error))
        }
        var renewed = record
        renewed.resumptionID = newResumptionID
        handshakes.append(
            Handshake(
                sigma1, exchange: exchange, localSessionID: sessionID, fabricIndex: record.fabricIndex,
                stage: .awaitingResumeConfirmation(ResumedHandshake(record: renewed, keys: keys)),
                deadline: deadline(from: now)))
        let sigma2Resume = Sigma2Resume(
            resumptionID: newResumptionID, sigma2ResumeMIC: mic, responderSessionID: sessionID,
            responderSessionParameters: configuration.sessionParameters)
        return [.send(opcode: .sigma2Resume, payload: sigma2Resume.encoded(), exchange: exchange)]
    }

    /// The initiator confirmed the resumption: the session, and the record under its new resumption ID.
    func resumptionConfirmed(_ handshake: Handshake, _ resumed: ResumedHandshake) -> [CASEResponderAction] {
        guard let fabric = fabric(handshake.fabricIndex) else {
            return [.failed(.fabricRemoved(fabricIndex: handshake.fabricIndex), exchange: handshake.exchange)]
        }
        let session = CASESession(
            exchange: handshake.exchange, localSessionID: handshake.localSessionID,
            peerSessionID: handshake.peerSessionID, keys: resumed.keys, fabricIndex: fabric.fabricIndex,
            localNodeID: fabric.nodeID, peerNodeID: resumed.record.peerNodeID, peerCATs: resumed.record.peerCATs,
            peerSessionParameters: handshake.peerSessionParameters, isResumption: true)
        return [.established(session), .saveResumption(resumed.record)]
    }
}
