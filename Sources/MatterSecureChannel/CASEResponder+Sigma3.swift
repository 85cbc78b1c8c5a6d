import MatterCrypto
import MatterMessage

extension CASEResponder {
    /// Sigma3: open encrypted3, check the initiator's chain under the fabric's root and its signature over
    /// TBSData3; on success report it and hand over the session and its resumption record.
    mutating func sigma3Received(
        _ payload: [UInt8], handshakeAt index: Int, full: FullHandshake
    ) -> [CASEResponderAction] {
        let handshake = handshakes[index]
        let opcode = SecureChannelOpcode.sigma3.rawValue
        let sigma3: Sigma3
        do {
            sigma3 = try Sigma3(payload: payload)
        } catch {
            return fail(handshakeAt: index, .malformedMessage(opcode: opcode, error))
        }
        guard let fabric = fabric(handshake.fabricIndex) else {
            return fail(handshakeAt: index, .fabricRemoved(fabricIndex: handshake.fabricIndex))
        }
        // S3K covers Sigma1 ‖ Sigma2 only; the session keys then cover Sigma3 too (Matter reference §10).
        let plaintext: [UInt8]
        do {
            let s3k = try CASEKeySchedule.sigma3Key(
                sharedSecret: full.sharedSecret, ipk: fabric.ipk, sigma1: full.sigma1, sigma2: full.sigma2)
            plaintext = try AES128CCM.open(
                sigma3.encrypted3, key: s3k, nonce: CASEKeySchedule.sigma3Nonce, additionalData: [])
        } catch {
            return fail(handshakeAt: index, error == .authenticationFailed ? .decryptionFailed : .cryptoFailure(error))
        }
        let tbeData3: SigmaTBEData3
        do {
            tbeData3 = try SigmaTBEData3(payload: plaintext)
        } catch {
            return fail(handshakeAt: index, .malformedMessage(opcode: opcode, error))
        }
        let peer: CASEPeerCredentials
        do {
            peer = try CASEPeerCredentials(
                noc: tbeData3.initiatorNOC, icac: tbeData3.initiatorICAC, fabric: fabric,
                at: certificateValidationTime)
        } catch {
            return fail(handshakeAt: index, error)
        }
        let signed = SigmaTBSData(
            senderNOC: tbeData3.initiatorNOC, senderICAC: tbeData3.initiatorICAC,
            senderEphemeralPublicKey: full.initiatorEphemeralKey, receiverEphemeralPublicKey: full.responderEphemeralKey
        )
        let keys: CASESessionKeys
        do {
            let signature = try P256Signature(raw: tbeData3.signature)
            guard try peer.publicKey.isValidSignature(signature, for: signed.encoded()) else {
                return fail(handshakeAt: index, .invalidSignature)
            }
            keys = try CASEKeySchedule.sessionKeys(
                sharedSecret: full.sharedSecret, ipk: fabric.ipk, sigma1: full.sigma1, sigma2: full.sigma2,
                sigma3: payload)
        } catch {
            return fail(handshakeAt: index, .cryptoFailure(error))
        }
        handshakes.remove(at: index)
        let session = CASESession(
            exchange: handshake.exchange, localSessionID: handshake.localSessionID,
            peerSessionID: handshake.peerSessionID, keys: keys, fabricIndex: fabric.fabricIndex,
            localNodeID: fabric.nodeID, peerNodeID: peer.nodeID, peerCATs: peer.caseAuthenticatedTags,
            peerSessionParameters: handshake.peerSessionParameters, isResumption: false)
        let record = CASEResumptionRecord(
            resumptionID: full.resumptionID, sharedSecret: full.sharedSecret, fabricIndex: fabric.fabricIndex,
            peerNodeID: peer.nodeID, peerCATs: peer.caseAuthenticatedTags)
        return [
            .send(
                opcode: .statusReport, payload: StatusReport.sessionEstablishmentSuccess.encoded(),
                exchange: handshake.exchange),
            .established(session), .saveResumption(record),
        ]
    }
}
