import MatterCrypto
import MatterMessage

extension PASEResponder {
    /// PBKDFParamRequest on an idle responder: answer with PBKDFParamResponse and wait for Pake1 until `deadline`.
    mutating func start(
        payload: [UInt8], exchange: PASEExchange, deadline: MonotonicInstant,
        using generator: inout some RandomNumberGenerator
    ) -> [PASEResponderAction] {
        let request: PBKDFParamRequest
        do {
            request = try PBKDFParamRequest(payload: payload)
        } catch {
            let failure = PASEFailure.malformedMessage(opcode: SecureChannelOpcode.pbkdfParamRequest.rawValue, error)
            return [reply(.failure, on: exchange), .failed(failure, exchange: exchange)]
        }
        guard let sessionID = freeSessionID(using: &generator) else {
            return [reply(.failure, on: exchange), .failed(.noSessionIDAvailable, exchange: exchange)]
        }
        // The initiator that already has the PBKDF parameters does not get them again (C.1).
        let parameters =
            request.hasPBKDFParameters
            ? nil : PBKDFParamResponse.PBKDFParameters(iterations: configuration.iterations, salt: configuration.salt)
        let response = PBKDFParamResponse(
            initiatorRandom: request.initiatorRandom,
            responderRandom: generator.bytes(count: PBKDFParamRequest.randomLength),
            responderSessionID: sessionID, pbkdfParameters: parameters,
            responderSessionParameters: configuration.sessionParameters)
        let responsePayload = response.encoded()
        let handshake = Handshake(
            exchange: exchange, deadline: deadline,
            localSessionID: sessionID, peerSessionID: request.initiatorSessionID,
            peerSessionParameters: request.initiatorSessionParameters,
            context: PASESessionKeys.context(requestPayload: payload, responsePayload: responsePayload))
        state = .awaitingPake1(handshake)
        return [
            .send(opcode: .pbkdfParamResponse, payload: responsePayload, exchange: exchange)
        ]
    }

    /// Pake1: answer the prover's share X with Y and cB (Pake2).
    mutating func pake1Received(
        _ payload: [UInt8], handshake: Handshake, using generator: inout some RandomNumberGenerator
    ) -> [PASEResponderAction] {
        let pake1: Pake1
        do {
            pake1 = try Pake1(payload: payload)
        } catch {
            return fail(.malformedMessage(opcode: SecureChannelOpcode.pake1.rawValue, error))
        }
        let round: Spake2pVerifierRound
        do {
            round = try configuration.verifier.respond(context: handshake.context, pA: pake1.pA, using: &generator)
        } catch {
            return fail(.invalidShare(error))
        }
        state = .awaitingPake3(handshake, round)
        let pake2 = Pake2(pB: round.pB.uncompressed, cB: round.cB)
        return [.send(opcode: .pake2, payload: pake2.encoded(), exchange: handshake.exchange)]
    }

    /// Pake3: check cA in constant time; on success report it and hand over the session keys.
    mutating func pake3Received(
        _ payload: [UInt8], handshake: Handshake, round: Spake2pVerifierRound
    ) -> [PASEResponderAction] {
        let pake3: Pake3
        do {
            pake3 = try Pake3(payload: payload)
        } catch {
            return fail(.malformedMessage(opcode: SecureChannelOpcode.pake3.rawValue, error))
        }
        guard round.confirms(cA: pake3.cA) else { return fail(.confirmationMismatch) }
        let keys: PASESessionKeys
        do {
            keys = try PASESessionKeys(sharedSecret: round.sharedSecret)
        } catch {
            return fail(.cryptoFailure(error))
        }
        state = .idle
        let session = PASESession(
            exchange: handshake.exchange, localSessionID: handshake.localSessionID,
            peerSessionID: handshake.peerSessionID, keys: keys,
            peerSessionParameters: handshake.peerSessionParameters)
        return [
            .send(
                opcode: .statusReport, payload: StatusReport.sessionEstablishmentSuccess.encoded(),
                exchange: handshake.exchange),
            .established(session),
        ]
    }

    /// A random non-zero session ID that is not in use, or nil if all 65535 are taken.
    func freeSessionID(using generator: inout some RandomNumberGenerator) -> UInt16? {
        for _ in 0..<32 {
            let candidate = UInt16(truncatingIfNeeded: generator.next())
            if candidate != 0, !sessionIDsInUse.contains(candidate) { return candidate }
        }
        return (1...UInt16.max).first { !sessionIDsInUse.contains($0) }
    }
}
