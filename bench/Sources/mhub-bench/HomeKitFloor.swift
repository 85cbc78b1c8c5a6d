import HomeKitAccessory
import MatterCrypto

/// The floor of a Pair Verify handshake: both sides' computation in one process with no messages or sockets (HAP
/// R14 §5.7): two X25519 key pairs and both shared secrets, the pairing key from each, the accessory's signature
/// sealed in M2 and opened and checked by the controller, the controller's sealed in M3 and opened and checked by
/// the accessory, and the four session keys. What any accessory and this controller must compute per handshake.
func pairVerifyComputation() throws -> (Int) throws -> Void {
    var generator = SecureRandomNumberGenerator()
    let controller = try Ed25519KeyPair.generate(using: &generator)
    let accessory = try Ed25519KeyPair.generate(using: &generator)
    let controllerID = Array("6B9A1E5C-0000-4000-8000-000000000036".utf8)
    let accessoryID = Array("91:9F:6B:51:1A:65".utf8)
    func derive(_ secret: [UInt8], _ salt: String, _ info: String) throws -> [UInt8] {
        try HKDFSHA512.deriveKey(
            inputKeyMaterial: secret, salt: Array(salt.utf8), info: Array(info.utf8), outputByteCount: 32)
    }
    func nonce(_ name: String) -> [UInt8] { [0, 0, 0, 0] + Array(name.utf8) }
    return { count in
        for _ in 0..<count {
            let controllerEphemeral = try X25519KeyPair.generate(using: &generator)
            let accessoryEphemeral = try X25519KeyPair.generate(using: &generator)
            // The accessory: M1 → M2.
            let accessoryShared = try accessoryEphemeral.sharedSecret(with: controllerEphemeral.publicKey)
            let accessoryKey = try derive(accessoryShared, "Pair-Verify-Encrypt-Salt", "Pair-Verify-Encrypt-Info")
            let m2 = try ChaCha20Poly1305.seal(
                TLV8([
                    (.identifier, accessoryID),
                    (
                        .signature,
                        try accessory.signature(
                            for: accessoryEphemeral.publicKey + accessoryID + controllerEphemeral.publicKey)
                    ),
                ]).encoded(), key: accessoryKey, nonce: nonce("PV-Msg02"), additionalData: [])
            // The controller: M2 → M3.
            let controllerShared = try controllerEphemeral.sharedSecret(with: accessoryEphemeral.publicKey)
            let controllerKey = try derive(controllerShared, "Pair-Verify-Encrypt-Salt", "Pair-Verify-Encrypt-Info")
            let inner = try TLV8.decode(
                ChaCha20Poly1305.open(m2, key: controllerKey, nonce: nonce("PV-Msg02"), additionalData: []))
            guard let signature = inner.first(.signature),
                Ed25519KeyPair.isValidSignature(
                    signature, for: accessoryEphemeral.publicKey + accessoryID + controllerEphemeral.publicKey,
                    publicKey: accessory.publicKey)
            else { throw BenchFailure("the floor's M2 signature does not verify") }
            let m3 = try ChaCha20Poly1305.seal(
                TLV8([
                    (.identifier, controllerID),
                    (
                        .signature,
                        try controller.signature(
                            for: controllerEphemeral.publicKey + controllerID + accessoryEphemeral.publicKey)
                    ),
                ]).encoded(), key: controllerKey, nonce: nonce("PV-Msg03"), additionalData: [])
            // The accessory: M3 → M4, and both sides' session keys.
            let proof = try TLV8.decode(
                ChaCha20Poly1305.open(m3, key: accessoryKey, nonce: nonce("PV-Msg03"), additionalData: []))
            guard let controllerSignature = proof.first(.signature),
                Ed25519KeyPair.isValidSignature(
                    controllerSignature,
                    for: controllerEphemeral.publicKey + controllerID + accessoryEphemeral.publicKey,
                    publicKey: controller.publicKey)
            else { throw BenchFailure("the floor's M3 signature does not verify") }
            for shared in [accessoryShared, controllerShared] {
                _ = try derive(shared, "Control-Salt", "Control-Read-Encryption-Key")
                _ = try derive(shared, "Control-Salt", "Control-Write-Encryption-Key")
            }
        }
    }
}
