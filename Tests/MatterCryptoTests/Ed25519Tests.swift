import MHubTestSupport
import Testing

@testable import MatterCrypto

/// Ed25519 (RFC 8032) against its published TEST 1, and its refusals.
@Suite struct Ed25519Tests {
    let vector: VectorFile.Block

    init() throws {
        vector = try VectorFile.load("hap-primitive-vectors", in: .module).block("ed25519-rfc8032-1")
    }

    @Test func rfc8032TestOne() throws {
        let pair = try Ed25519KeyPair(seed: try vector.hex("seed"))
        #expect(pair.seed == (try vector.hex("seed")))
        #expect(pair.publicKey == (try vector.hex("public")))
        let signature = try pair.signature(for: try vector.hex("message"))
        #expect(signature == (try vector.hex("signature")))
        #expect(Ed25519KeyPair.isValidSignature(signature, for: [], publicKey: pair.publicKey))
    }

    @Test func signsTheMessageItselfAndRejectsChanges() throws {
        var generator = SeededGenerator(seed: 25519)
        let pair = try Ed25519KeyPair.generate(using: &generator)
        #expect(pair.seed.count == Ed25519KeyPair.seedByteCount)
        #expect(pair.publicKey.count == Ed25519KeyPair.publicKeyByteCount)
        #expect(try Ed25519KeyPair(seed: pair.seed).publicKey == pair.publicKey)
        let message = Array("AccessoryX ‖ AA:BB:CC:DD:EE:01 ‖ LTPK".utf8)
        let signature = try pair.signature(for: message)
        #expect(signature.count == Ed25519KeyPair.signatureByteCount)
        // Deterministic (RFC 8032 §5.1.6): the same message signs the same way.
        #expect(try pair.signature(for: message) == signature)
        #expect(Ed25519KeyPair.isValidSignature(signature, for: message, publicKey: pair.publicKey))
        for index in signature.indices {
            var altered = signature
            altered[index] ^= 0x10
            #expect(!Ed25519KeyPair.isValidSignature(altered, for: message, publicKey: pair.publicKey))
        }
        var alteredMessage = message
        alteredMessage[0] ^= 1
        #expect(!Ed25519KeyPair.isValidSignature(signature, for: alteredMessage, publicKey: pair.publicKey))
        let other = try Ed25519KeyPair.generate(using: &generator)
        #expect(!Ed25519KeyPair.isValidSignature(signature, for: message, publicKey: other.publicKey))
    }

    @Test func refusesWrongLengths() throws {
        #expect(throws: CryptoError.self) { try Ed25519KeyPair(seed: [UInt8](repeating: 1, count: 31)) }
        #expect(throws: CryptoError.self) { try Ed25519KeyPair(seed: [UInt8](repeating: 1, count: 64)) }
        let pair = try Ed25519KeyPair(seed: try vector.hex("seed"))
        let signature = try vector.hex("signature")
        #expect(!Ed25519KeyPair.isValidSignature(Array(signature.dropLast()), for: [], publicKey: pair.publicKey))
        #expect(!Ed25519KeyPair.isValidSignature(signature + [0], for: [], publicKey: pair.publicKey))
        #expect(!Ed25519KeyPair.isValidSignature(signature, for: [], publicKey: Array(pair.publicKey.dropLast())))
        #expect(!Ed25519KeyPair.isValidSignature(signature, for: [], publicKey: []))
    }
}
