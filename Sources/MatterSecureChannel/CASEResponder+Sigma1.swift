import MatterCrypto
import MatterMessage

extension CASEResponder {
    /// Sigma1 on a new exchange: resume if it names a known resumption with a valid MIC, else answer with Sigma2
    /// for the fabric its destination ID names.
    mutating func sigma1Received(
        _ payload: [UInt8], exchange: CASEExchange, now: MonotonicInstant, resumptions: CASEResumptionStore,
        using generator: inout some RandomNumberGenerator
    ) -> [CASEResponderAction] {
        let sigma1: Sigma1
        do {
            sigma1 = try Sigma1(payload: payload)
        } catch {
            return refuse(exchange, .malformedMessage(opcode: SecureChannelOpcode.sigma1.rawValue, error))
        }
        guard let sessionID = freeSessionID(using: &generator) else {
            return refuse(exchange, .noSessionIDAvailable)
        }
        // An unknown resumption ID, a record of a fabric that is gone, or a wrong MIC: a full handshake instead
        // (CHIP `CASESession::HandleSigma1` falls through to `FindLocalNodeFromDestinationId`).
        if let resumption = sigma1.resumption,
            let record = resumptions.record(forResumptionID: resumption.resumptionID),
            fabric(record.fabricIndex) != nil,
            let expected = try? CASEKeySchedule.initiatorResumeMIC(
                sharedSecret: record.sharedSecret, initiatorRandom: sigma1.initiatorRandom,
                resumptionID: record.resumptionID),
            ConstantTime.equal(expected, resumption.initiatorResumeMIC)
        {
            return resume(
                sigma1: sigma1, record: record, exchange: exchange, sessionID: sessionID, now: now,
                using: &generator)
        }
        guard let fabric = fabric(named: sigma1) else {
            return [reply(.noSharedTrustRoots, on: exchange), .failed(.noSharedTrustRoots, exchange: exchange)]
        }
        let initiatorKey: P256Point
        do {
            initiatorKey = try P256Point(uncompressed: sigma1.initiatorEphemeralPublicKey)
        } catch {
            return refuse(exchange, .invalidEphemeralKey(error))
        }
        let ephemeral = P256KeyPair.random(using: &generator)
        let responderRandom = generator.bytes(count: SigmaLimits.randomByteCount)
        let resumptionID = generator.bytes(count: SigmaLimits.resumptionIDByteCount)
        let sigma2: [UInt8]
        let sharedSecret: [UInt8]
        do {
            sharedSecret = try ephemeral.sharedSecret(with: initiatorKey)
            let signed = SigmaTBSData(
                senderNOC: fabric.noc, senderICAC: fabric.icac,
                senderEphemeralPublicKey: ephemeral.publicKey.uncompressed,
                receiverEphemeralPublicKey: initiatorKey.uncompressed)
            let signature = try fabric.operationalKey.signature(for: signed.encoded())
            let tbeData2 = SigmaTBEData2(
                responderNOC: fabric.noc, responderICAC: fabric.icac, signature: signature.raw,
                resumptionID: resumptionID)
            let s2k = try CASEKeySchedule.sigma2Key(
                sharedSecret: sharedSecret, ipk: fabric.ipk, responderRandom: responderRandom,
                responderEphemeralPublicKey: ephemeral.publicKey.uncompressed, sigma1: payload)
            let encrypted2 = try AES128CCM.seal(
                tbeData2.encoded(), key: s2k, nonce: CASEKeySchedule.sigma2Nonce, additionalData: [])
            sigma2 = Sigma2(
                responderRandom: responderRandom, responderSessionID: sessionID,
                responderEphemeralPublicKey: ephemeral.publicKey.uncompressed, encrypted2: encrypted2,
                responderSessionParameters: configuration.sessionParameters
            ).encoded()
        } catch {
            return refuse(exchange, .cryptoFailure(error))
        }
        let full = FullHandshake(
            sharedSecret: sharedSecret, initiatorEphemeralKey: initiatorKey.uncompressed,
            responderEphemeralKey: ephemeral.publicKey.uncompressed, sigma1: payload, sigma2: sigma2,
            resumptionID: resumptionID)
        handshakes.append(
            Handshake(
                sigma1, exchange: exchange, localSessionID: sessionID, fabricIndex: fabric.fabricIndex,
                stage: .awaitingSigma3(full), deadline: deadline(from: now)))
        return [.send(opcode: .sigma2, payload: sigma2, exchange: exchange)]
    }

    /// The fabric whose destination ID `sigma1` carries, if any.
    func fabric(named sigma1: Sigma1) -> CASEFabric? {
        fabrics.first { fabric in
            let candidate = CASEDestinationID.make(
                initiatorRandom: sigma1.initiatorRandom, rootPublicKey: fabric.rootPublicKey,
                fabricID: fabric.fabricID, nodeID: fabric.nodeID, ipk: fabric.ipk)
            return ConstantTime.equal(candidate, sigma1.destinationID)
        }
    }

    /// The index of the fabric a Sigma1 payload names by its destination ID (or by a resumption record the owner
    /// keeps), nil if it names none or does not decode: for the owner's session limits, which are per fabric.
    public func fabricIndex(forSigma1 payload: [UInt8], resumptions: CASEResumptionStore) -> UInt8? {
        guard let sigma1 = try? Sigma1(payload: payload) else { return nil }
        if let resumption = sigma1.resumption,
            let record = resumptions.record(forResumptionID: resumption.resumptionID), fabric(record.fabricIndex) != nil
        {
            return record.fabricIndex
        }
        return fabric(named: sigma1)?.fabricIndex
    }

    /// When a handshake that starts now times out.
    func deadline(from now: MonotonicInstant) -> MonotonicInstant {
        now.advanced(byMilliseconds: configuration.handshakeTimeoutMilliseconds)
    }
}
