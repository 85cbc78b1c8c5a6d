import MHubTestSupport
import Testing

@testable import MatterCrypto

/// P-256 key pairs, ECDSA-SHA256 and ECDH, against known answers (`Fixtures/p256-ecdsa-vectors.txt`).
@Suite struct P256KeyPairTests {
    let vectors: VectorFile

    init() throws {
        vectors = try VectorFile.load("p256-ecdsa-vectors", in: .module)
    }

    @Test func signThenVerify() throws {
        let pair = P256KeyPair.generate()
        let message = Array("attestation elements ‖ challenge".utf8)
        let signature = try pair.signature(for: message)
        #expect(signature.raw.count == 64)
        #expect(try pair.publicKey.isValidSignature(signature, for: message))
        #expect(try !pair.publicKey.isValidSignature(signature, for: message + [0]))
        #expect(try !P256KeyPair.generate().publicKey.isValidSignature(signature, for: message))
        var altered = signature.raw
        altered[63] ^= 1
        #expect(try !pair.publicKey.isValidSignature(P256Signature(raw: altered), for: message))
        // The empty message is a message too.
        #expect(try pair.publicKey.isValidSignature(pair.signature(for: []), for: []))
    }

    @Test(arguments: ["ecdsa-rfc6979-sample", "ecdsa-leading-zero"])
    func knownAnswerVerify(name: String) throws {
        let vector = try vectors.block(name)
        let pair = try P256KeyPair(privateKey: vector.hex("private"))
        #expect(pair.publicKey.uncompressed == (try vector.hex("public")))
        let signature = try P256Signature(raw: vector.hex("raw"))
        #expect(signature.derEncoded == (try vector.hex("der")))
        #expect(try P256Signature(derEncoded: vector.hex("der")) == signature)
        #expect(try pair.publicKey.isValidSignature(signature, for: vector.hex("message")))
        #expect(try !pair.publicKey.isValidSignature(signature, for: Array("other".utf8)))
    }

    @Test func privateKeyRoundTrip() throws {
        let pair = P256KeyPair.generate()
        let restored = try P256KeyPair(privateKey: pair.privateKey)
        #expect(restored.publicKey == pair.publicKey)
        #expect(restored.privateKey == pair.privateKey)
        var first = SeededGenerator(seed: 7)
        var second = SeededGenerator(seed: 7)
        #expect(P256KeyPair.random(using: &first).privateKey == P256KeyPair.random(using: &second).privateKey)
    }

    @Test func invalidPrivateKeysAreRefused() {
        #expect(throws: CryptoError.invalidLength(what: "a P-256 scalar", expected: "32", actual: 31)) {
            try P256KeyPair(privateKey: [UInt8](repeating: 1, count: 31))
        }
        #expect(throws: CryptoError.self) { try P256KeyPair(privateKey: [UInt8](repeating: 1, count: 33)) }
        #expect(throws: CryptoError.invalidScalar) { try P256KeyPair(privateKey: [UInt8](repeating: 0, count: 32)) }
        #expect(throws: CryptoError.invalidScalar) {
            try P256KeyPair(privateKey: [UInt8](repeating: 0xFF, count: 32))
        }
    }

    @Test func ecdhAgreesBothWays() throws {
        let a = P256KeyPair.generate()
        let b = P256KeyPair.generate()
        let secret = try a.sharedSecret(with: b.publicKey)
        #expect(secret.count == 32)
        #expect(secret == (try b.sharedSecret(with: a.publicKey)))
        #expect(secret != (try a.sharedSecret(with: P256KeyPair.generate().publicKey)))
    }

    @Test func ecdhKnownAnswer() throws {
        let vector = try vectors.block("ecdh-python")
        let a = try P256KeyPair(privateKey: vector.hex("private-a"))
        let b = try P256KeyPair(privateKey: vector.hex("private-b"))
        #expect(a.publicKey.uncompressed == (try vector.hex("public-a")))
        #expect(try a.sharedSecret(with: P256Point(uncompressed: vector.hex("public-b"))) == vector.hex("shared"))
        #expect(try b.sharedSecret(with: a.publicKey) == vector.hex("shared"))
    }

    @Test func invalidPeerPointsNeverReachECDH() throws {
        // A peer key enters only as a P256Point, and every P256Point is on the curve.
        var offCurve = P256Point.generator.uncompressed
        offCurve[64] ^= 1
        #expect(throws: CryptoError.invalidPoint) { try P256Point(uncompressed: offCurve) }
        #expect(throws: CryptoError.invalidPoint) { try P256Point(uncompressed: Array(offCurve.prefix(33))) }
    }
}
