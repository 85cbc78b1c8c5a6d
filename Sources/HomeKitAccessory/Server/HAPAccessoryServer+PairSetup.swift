import MatterCrypto

/// Pair Setup (HAP R14 §5.6; reference section 4): SRP-6a with the setup code, then each side's long-term key
/// exchanged under the session key and signed. The accessory keeps the controller as an administrator before M6 leaves.
extension HAPAccessoryServer {
    mutating func pairSetup(
        _ body: [UInt8], on id: UInt64, context: some HAPServerContext,
        using generator: inout some RandomNumberGenerator
    ) -> [HAPServerAction] {
        guard let message = try? TLV8.decode(body), let state = message.byte(.state) else {
            return respond(HAPResponse(status: 400), on: id)
        }
        switch state {
        case 1: return pairSetupStart(message, on: id, context: context, using: &generator)
        case 3: return pairSetupProof(message, on: id, context: context)
        case 5: return pairSetupExchange(message, on: id, context: context)
        default: return pairingError(state: state &+ 1, .unknown, on: id)
        }
    }

    /// M1 → M2: refused while paired, after too many failures, while another connection pairs, or while backing off
    /// (the ADK's order); else the salt and B.
    private mutating func pairSetupStart(
        _ message: TLV8, on id: UInt64, context: some HAPServerContext,
        using generator: inout some RandomNumberGenerator
    ) -> [HAPServerAction] {
        if record.isPaired { return pairingError(state: 2, .unavailable, on: id) }
        if record.failedSetupAttempts >= Self.maximumFailedSetupAttempts {
            return pairingError(state: 2, .maxTries, on: id)
        }
        if let other = pairSetupConnection, other != id, connections[other] != nil {
            return pairingError(state: 2, .busy, on: id)
        }
        if context.now < pairSetupBackoffUntil { return pairingError(state: 2, .backoff, on: id) }
        let salt = (0..<HAPSRPVerifier.saltByteCount).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let server: HAPSRPServer
        do {
            let verifier = try HAPSRPVerifier(setupCode: record.identity.setupCode, salt: salt)
            server = try HAPSRPServer.start(verifier: verifier, using: &generator)
        } catch {
            return pairingError(state: 2, .unknown, on: id)
        }
        pairSetupConnection = id
        connections[id]?.pairSetup = .started(server)
        let reply = TLV8([(.state, [2]), (.salt, salt), (.publicKey, server.publicKey)])
        return respond(.tlv8(reply), on: id)
    }

    /// M3 → M4: the controller's proof checked under every encoding controllers use; a wrong code counts.
    private mutating func pairSetupProof(
        _ message: TLV8, on id: UInt64, context: some HAPServerContext
    ) -> [HAPServerAction] {
        guard case .started(let server)? = connections[id]?.pairSetup, pairSetupConnection == id,
            let clientKey = message.first(.publicKey), let proof = message.first(.proof)
        else { return pairingError(state: 4, .unknown, on: id) }
        do {
            let (serverProof, sessionKey) = try server.verify(clientPublicKey: clientKey, clientProof: proof)
            connections[id]?.pairSetup = .proved(sessionKey: sessionKey)
            return respond(.tlv8(TLV8([(.state, [4]), (.proof, serverProof)])), on: id)
        } catch {
            return failedSetupAttempt(on: id, context: context)
        }
    }

    /// A wrong setup code: counted and kept, and from the sixth on the next attempt waits (doubling to an hour).
    private mutating func failedSetupAttempt(on id: UInt64, context: some HAPServerContext) -> [HAPServerAction] {
        connections[id]?.pairSetup = nil
        pairSetupConnection = nil
        var changed = record
        changed.failedSetupAttempts += 1
        _ = keep(changed, context: context)
        let beyond = changed.failedSetupAttempts - Self.freeSetupAttempts
        if beyond > 0 {
            pairSetupBackoffUntil = context.now + min(1000 << UInt64(min(beyond - 1, 12)), 3_600_000)
        }
        var actions: [HAPServerAction] = [
            .log(.notice, "homekit: pair setup with a wrong setup code (\(changed.failedSetupAttempts) failed)")
        ]
        actions += pairingError(state: 4, .authentication, on: id)
        return actions
    }

    /// M5 → M6: the controller's identifier, key and signature under the session key; kept as an administrator, then
    /// the accessory's own, signed.
    private mutating func pairSetupExchange(
        _ message: TLV8, on id: UInt64, context: some HAPServerContext
    ) -> [HAPServerAction] {
        guard case .proved(let sessionKey)? = connections[id]?.pairSetup, pairSetupConnection == id,
            let sealed = message.first(.encryptedData)
        else { return pairingError(state: 6, .unknown, on: id) }
        connections[id]?.pairSetup = nil
        pairSetupConnection = nil
        guard
            let encryptionKey = try? HKDFSHA512.deriveKey(
                inputKeyMaterial: sessionKey, salt: Array("Pair-Setup-Encrypt-Salt".utf8),
                info: Array("Pair-Setup-Encrypt-Info".utf8), outputByteCount: 32),
            let plaintext = try? ChaCha20Poly1305.open(
                sealed, key: encryptionKey, nonce: Self.pairingNonce("PS-Msg05"), additionalData: []),
            let inner = try? TLV8.decode(plaintext), let identifier = inner.first(.identifier),
            let controllerKey = inner.first(.publicKey), let signature = inner.first(.signature),
            !identifier.isEmpty, identifier.count <= 64, controllerKey.count == Ed25519KeyPair.publicKeyByteCount,
            let controllerX = try? HKDFSHA512.deriveKey(
                inputKeyMaterial: sessionKey, salt: Array("Pair-Setup-Controller-Sign-Salt".utf8),
                info: Array("Pair-Setup-Controller-Sign-Info".utf8), outputByteCount: 32),
            Ed25519KeyPair.isValidSignature(
                signature, for: controllerX + identifier + controllerKey, publicKey: controllerKey)
        else { return pairingError(state: 6, .authentication, on: id) }
        var changed = record
        changed.pairings.removeAll { $0.identifier == identifier }
        changed.pairings.append(HAPPairing(identifier: identifier, publicKey: controllerKey, isAdmin: true))
        changed.failedSetupAttempts = 0
        guard keep(changed, context: context) else { return pairingError(state: 6, .unknown, on: id) }
        pairSetupBackoffUntil = 0
        let accessoryID = Array(record.identity.deviceID.utf8)
        guard
            let accessoryX = try? HKDFSHA512.deriveKey(
                inputKeyMaterial: sessionKey, salt: Array("Pair-Setup-Accessory-Sign-Salt".utf8),
                info: Array("Pair-Setup-Accessory-Sign-Info".utf8), outputByteCount: 32),
            let accessorySignature = try? signingKey.signature(for: accessoryX + accessoryID + publicKey),
            let reply = try? ChaCha20Poly1305.seal(
                TLV8([(.identifier, accessoryID), (.publicKey, publicKey), (.signature, accessorySignature)]).encoded(),
                key: encryptionKey, nonce: Self.pairingNonce("PS-Msg06"), additionalData: [])
        else { return pairingError(state: 6, .unknown, on: id) }
        // The response before `sf` changes (reference section 1: HAP-python's `finish_pair`).
        return respond(.tlv8(TLV8([(.state, [6]), (.encryptedData, reply)])), on: id) + [
            .log(.notice, "homekit: paired with controller \(HAPPairing.text(identifier)) (admin)"), .pairingsChanged,
        ]
    }

    /// A pairing reply carrying only its state and an error (the types aiohomekit reads: reference section 3).
    mutating func pairingError(state: UInt8, _ error: HAPPairingError, on id: UInt64) -> [HAPServerAction] {
        respond(.tlv8(TLV8([(.state, [state]), (.error, [error.rawValue])])), on: id)
    }

    /// Four zero bytes and the message's 8-byte ASCII name (reference section 6, "Pairing messages").
    static func pairingNonce(_ name: String) -> [UInt8] {
        [0, 0, 0, 0] + Array(name.utf8)
    }
}
