import MatterCrypto

/// Pair Verify (HAP R14 §5.7; reference section 5): an X25519 exchange, each side signing both ephemeral keys with
/// its long-term key; then the connection is secured with keys from the shared secret (section 6).
extension HAPAccessoryServer {
    mutating func pairVerify(
        _ body: [UInt8], on id: UInt64, using generator: inout some RandomNumberGenerator
    ) -> [HAPServerAction] {
        guard let message = try? TLV8.decode(body), let state = message.byte(.state) else {
            return respond(HAPResponse(status: 400), on: id)
        }
        switch state {
        case 1: return pairVerifyStart(message, on: id, using: &generator)
        case 3: return pairVerifyFinish(message, on: id)
        default: return pairingError(state: state &+ 1, .unknown, on: id)
        }
    }

    /// M1 → M2: an ephemeral key, the shared secret, and the accessory's signature over both public keys, sealed.
    private mutating func pairVerifyStart(
        _ message: TLV8, on id: UInt64, using generator: inout some RandomNumberGenerator
    ) -> [HAPServerAction] {
        connections[id]?.pairVerify = nil
        guard let controllerKey = message.first(.publicKey), controllerKey.count == 32,
            let ephemeral = try? X25519KeyPair.generate(using: &generator),
            let shared = try? ephemeral.sharedSecret(with: controllerKey),
            let key = try? HKDFSHA512.deriveKey(
                inputKeyMaterial: shared, salt: Array("Pair-Verify-Encrypt-Salt".utf8),
                info: Array("Pair-Verify-Encrypt-Info".utf8), outputByteCount: 32)
        else { return pairingError(state: 2, .authentication, on: id) }
        let accessoryID = Array(record.identity.deviceID.utf8)
        guard
            let signature = try? signingKey.signature(for: ephemeral.publicKey + accessoryID + controllerKey),
            let sealed = try? ChaCha20Poly1305.seal(
                TLV8([(.identifier, accessoryID), (.signature, signature)]).encoded(), key: key,
                nonce: Self.pairingNonce("PV-Msg02"), additionalData: [])
        else { return pairingError(state: 2, .unknown, on: id) }
        connections[id]?.pairVerify = PairVerifyProgress(
            sharedSecret: shared, accessoryPublicKey: ephemeral.publicKey, controllerPublicKey: controllerKey,
            encryptionKey: key)
        return respond(
            .tlv8(TLV8([(.state, [2]), (.publicKey, ephemeral.publicKey), (.encryptedData, sealed)])), on: id)
    }

    /// M3 → M4: the controller named, known by its exact identifier and proved by its signature; M4 leaves in
    /// plaintext and the session is secured right after it.
    private mutating func pairVerifyFinish(_ message: TLV8, on id: UInt64) -> [HAPServerAction] {
        guard let progress = connections[id]?.pairVerify else { return pairingError(state: 4, .unknown, on: id) }
        connections[id]?.pairVerify = nil
        guard let sealed = message.first(.encryptedData),
            let plaintext = try? ChaCha20Poly1305.open(
                sealed, key: progress.encryptionKey, nonce: Self.pairingNonce("PV-Msg03"), additionalData: []),
            let inner = try? TLV8.decode(plaintext), let identifier = inner.first(.identifier),
            let signature = inner.first(.signature), let pairing = record.pairing(identifier),
            Ed25519KeyPair.isValidSignature(
                signature, for: progress.controllerPublicKey + identifier + progress.accessoryPublicKey,
                publicKey: pairing.publicKey),
            let readKey = try? HKDFSHA512.deriveKey(
                inputKeyMaterial: progress.sharedSecret, salt: Array("Control-Salt".utf8),
                info: Array("Control-Read-Encryption-Key".utf8), outputByteCount: 32),
            let writeKey = try? HKDFSHA512.deriveKey(
                inputKeyMaterial: progress.sharedSecret, salt: Array("Control-Salt".utf8),
                info: Array("Control-Write-Encryption-Key".utf8), outputByteCount: 32)
        else {
            return [.log(.info, "homekit: pair verify refused on connection \(id)")]
                + pairingError(state: 4, .authentication, on: id)
        }
        let actions = respond(.tlv8(TLV8([(.state, [4])])), on: id)
        connections[id]?.secure = SecureFraming(
            sealer: HAPFrameSealer(key: readKey, aead: ChaCha20Poly1305AEAD()),
            opener: HAPFrameOpener(key: writeKey, aead: ChaCha20Poly1305AEAD()))
        connections[id]?.controller = identifier
        return actions + [.log(.debug, "homekit: connection \(id) verified as \(HAPPairing.text(identifier))")]
    }
}
