import MHubTestSupport
import Testing

@testable import MatterCrypto

/// X25519 (RFC 7748) against its published Alice-and-Bob exchange, and its refusal of low-order keys.
@Suite struct X25519Tests {
    let vector: VectorFile.Block

    init() throws {
        vector = try VectorFile.load("hap-primitive-vectors", in: .module).block("x25519-rfc7748")
    }

    @Test func rfc7748AliceAndBob() throws {
        let alice = try X25519KeyPair(privateKey: try vector.hex("alicePrivate"))
        let bob = try X25519KeyPair(privateKey: try vector.hex("bobPrivate"))
        #expect(alice.publicKey == (try vector.hex("alicePublic")))
        #expect(bob.publicKey == (try vector.hex("bobPublic")))
        #expect(try alice.sharedSecret(with: bob.publicKey) == (try vector.hex("shared")))
        #expect(try bob.sharedSecret(with: alice.publicKey) == (try vector.hex("shared")))
    }

    @Test func generatedPairsAgree() throws {
        var generator = SeededGenerator(seed: 7748)
        let accessory = try X25519KeyPair.generate(using: &generator)
        let controller = try X25519KeyPair.generate(using: &generator)
        #expect(accessory.publicKey != controller.publicKey)
        let secret = try accessory.sharedSecret(with: controller.publicKey)
        #expect(secret.count == 32)
        #expect(try controller.sharedSecret(with: accessory.publicKey) == secret)
    }

    /// Points of small order give an all-zero secret (RFC 7748 §6.1): u = 0, u = 1, and a point of order 8.
    @Test(arguments: [
        String(repeating: "00", count: 32),
        "01" + String(repeating: "00", count: 31),
        "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
    ])
    func refusesLowOrderKeys(hex: String) throws {
        let pair = try X25519KeyPair(privateKey: try vector.hex("alicePrivate"))
        #expect(throws: CryptoError.invalidPublicKey) { try pair.sharedSecret(with: bytes(fromHex: hex)) }
    }

    @Test func refusesWrongLengths() throws {
        #expect(throws: CryptoError.self) { try X25519KeyPair(privateKey: [UInt8](repeating: 1, count: 31)) }
        let pair = try X25519KeyPair(privateKey: try vector.hex("alicePrivate"))
        #expect(throws: CryptoError.self) {
            try pair.sharedSecret(with: Array((try vector.hex("bobPublic")).dropLast()))
        }
        #expect(throws: CryptoError.self) { try pair.sharedSecret(with: []) }
    }
}
