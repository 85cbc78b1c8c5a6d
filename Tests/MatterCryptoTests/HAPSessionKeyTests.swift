import MHubTestSupport
import Testing

@testable import MatterCrypto

/// HomeKit's key derivations and frame protection against `Fixtures/hap-vectors.json`: the Pair Setup keys
/// from K, the Pair Verify and session keys from the X25519 secret, and the session's encrypted frames.
@Suite struct HAPSessionKeyTests {
    let vectors: HAPVectors

    init() throws {
        vectors = try HAPVectors.load()
    }

    /// HKDF-SHA512 of 32 bytes with ASCII salt and info, as every HomeKit key is made.
    private func derive(_ secret: [UInt8], salt: String, info: String) throws -> [UInt8] {
        try HKDFSHA512.deriveKey(
            inputKeyMaterial: secret, salt: Array(salt.utf8), info: Array(info.utf8), outputByteCount: 32)
    }

    @Test func pairSetupKeysFromK() throws {
        let key = try vectors.hex("srp_normal", "padded", "K")
        let keys = "pair_setup_keys_from_K_padded"
        #expect(
            try derive(key, salt: "Pair-Setup-Encrypt-Salt", info: "Pair-Setup-Encrypt-Info")
                == (try vectors.hex(keys, "encrypt_key(PS-Msg05/06)")))
        #expect(
            try derive(key, salt: "Pair-Setup-Controller-Sign-Salt", info: "Pair-Setup-Controller-Sign-Info")
                == (try vectors.hex(keys, "controller_x")))
        #expect(
            try derive(key, salt: "Pair-Setup-Accessory-Sign-Salt", info: "Pair-Setup-Accessory-Sign-Info")
                == (try vectors.hex(keys, "accessory_x")))
    }

    @Test func pairVerifyAndSessionKeys() throws {
        let shared = try vectors.hex("session", "shared_secret")
        #expect(
            try derive(shared, salt: "Pair-Verify-Encrypt-Salt", info: "Pair-Verify-Encrypt-Info")
                == (try vectors.hex("session", "pair_verify_key")))
        #expect(
            try derive(shared, salt: "Control-Salt", info: "Control-Read-Encryption-Key")
                == (try vectors.hex("session", "read_key(accessory->controller)")))
        #expect(
            try derive(shared, salt: "Control-Salt", info: "Control-Write-Encryption-Key")
                == (try vectors.hex("session", "write_key(controller->accessory)")))
    }

    @Test func pairingMessageNonce() throws {
        #expect([0, 0, 0, 0] + Array("PV-Msg02".utf8) == (try vectors.hex("pv_msg02_nonce")))
    }

    /// The accessory's first two frames: length (2 bytes, little-endian) ‖ ciphertext ‖ tag, sealed under the
    /// read key with nonce 00000000 ‖ LE64 counter and the length bytes as additional data.
    @Test(arguments: [(UInt64(0), "frame_counter0"), (1, "frame_counter1")])
    func sessionFrames(counter: UInt64, name: String) throws {
        let key = try vectors.hex("session", "read_key(accessory->controller)")
        let plaintext = Array((try vectors.text("session", "plaintext")).utf8)
        let frame = try vectors.hex("session", name)
        let length = [UInt8(plaintext.count & 0xFF), UInt8(plaintext.count >> 8)]
        let nonce = sessionNonce(counter)
        let sealed = try ChaCha20Poly1305.seal(plaintext, key: key, nonce: nonce, additionalData: length)
        #expect(length + sealed == frame)
        #expect(
            try ChaCha20Poly1305.open(Array(frame.dropFirst(2)), key: key, nonce: nonce, additionalData: length)
                == plaintext)
    }

    /// A flipped bit anywhere in a frame (its length, ciphertext or tag), the other counter or the other
    /// direction's key: the frame does not open.
    @Test func alteredFramesDoNotOpen() throws {
        let key = try vectors.hex("session", "read_key(accessory->controller)")
        let frame = try vectors.hex("session", "frame_counter0")
        for index in frame.indices {
            var altered = frame
            altered[index] ^= 0x01
            #expect(throws: CryptoError.authenticationFailed) {
                try ChaCha20Poly1305.open(
                    Array(altered.dropFirst(2)), key: key, nonce: sessionNonce(0),
                    additionalData: Array(altered.prefix(2)))
            }
        }
        #expect(throws: CryptoError.authenticationFailed) {
            try ChaCha20Poly1305.open(
                Array(frame.dropFirst(2)), key: key, nonce: sessionNonce(1), additionalData: Array(frame.prefix(2)))
        }
        let writeKey = try vectors.hex("session", "write_key(controller->accessory)")
        #expect(throws: CryptoError.authenticationFailed) {
            try ChaCha20Poly1305.open(
                Array(frame.dropFirst(2)), key: writeKey, nonce: sessionNonce(0), additionalData: Array(frame.prefix(2))
            )
        }
    }

    /// 00 00 00 00 ‖ the counter as 8 little-endian bytes (aiohomekit's `PACK_NONCE`, struct `<LQ`).
    private func sessionNonce(_ counter: UInt64) -> [UInt8] {
        [0, 0, 0, 0] + (0..<8).map { UInt8(truncatingIfNeeded: counter >> (8 * $0)) }
    }
}
