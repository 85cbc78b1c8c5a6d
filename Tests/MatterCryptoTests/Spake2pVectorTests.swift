import Foundation
import MHubTestSupport
import Testing

@testable import MatterCrypto

/// The SPAKE2+ vectors of `Fixtures/spake2p-vectors.txt` (CHIP `SPAKE2P_RFC_test_vectors.h`, the CHIP
/// default test verifier, and the session-key and compressed-fabric-id examples), reproduced exactly.
@Suite struct Spake2pVectorTests {
    static let rfcVectors = [
        "chiptest_e4836c3b50dd_test_vector_16", "chiptest_e4836c3b50dd_test_vector_32",
        "chiptest_e4836c3b50dd_test_vector_48", "chiptest_e4836c3b50dd_test_vector_64",
    ]
    let vectors: VectorFile

    init() throws {
        vectors = try VectorFile.load("spake2p-vectors", in: .module)
    }

    @Test(arguments: rfcVectors)
    func verifierSide(name: String) throws {
        let vector = try vectors.block(name)
        let verifier = Spake2pVerifier(
            w0: try P256Scalar(bytes: vector.hex("w0")), l: try P256Point(uncompressed: vector.hex("L")))
        let round = try verifier.respond(
            context: Array(try vector.text("context").utf8),
            proverIdentity: Array(try vector.text("prover_identity").utf8),
            verifierIdentity: Array(try vector.text("verifier_identity").utf8), pA: try vector.hex("X"),
            y: try P256Scalar(bytes: vector.hex("y")))
        #expect(round.pB.uncompressed == (try vector.hex("Y")))
        #expect(round.z.uncompressed == (try vector.hex("Z")))
        #expect(round.v.uncompressed == (try vector.hex("V")))
        #expect(round.schedule.ka == (try vector.hex("Ka")))
        #expect(round.schedule.ke == (try vector.hex("Ke")))
        #expect(round.schedule.kcA == (try vector.hex("KcA")))
        #expect(round.schedule.kcB == (try vector.hex("KcB")))
        #expect(round.cB == (try vector.hex("MAC_KcB")))
        #expect(round.sharedSecret == (try vector.hex("Ke")))
        #expect(round.confirms(cA: try vector.hex("MAC_KcA")))
        var wrong = try vector.hex("MAC_KcA")
        wrong[0] ^= 0x80
        #expect(!round.confirms(cA: wrong))
        #expect(!round.confirms(cA: Array(wrong.prefix(31))))
    }

    @Test(arguments: rfcVectors)
    func proverSide(name: String) throws {
        let vector = try vectors.block(name)
        let keys = Spake2pPasscodeKeys(
            w0: try P256Scalar(bytes: vector.hex("w0")), w1: try P256Scalar(bytes: vector.hex("w1")))
        #expect(try keys.verifier().l.uncompressed == (try vector.hex("L")))
        let prover = try Spake2pProver(keys: keys, x: P256Scalar(bytes: vector.hex("x")))
        #expect(prover.pA.uncompressed == (try vector.hex("X")))
        let schedule = try prover.finish(
            context: Array(try vector.text("context").utf8),
            proverIdentity: Array(try vector.text("prover_identity").utf8),
            verifierIdentity: Array(try vector.text("verifier_identity").utf8), pB: try vector.hex("Y"))
        #expect(schedule.ke == (try vector.hex("Ke")))
        #expect(schedule.confirmationA == (try vector.hex("MAC_KcA")))
        #expect(schedule.confirmationB == (try vector.hex("MAC_KcB")))
    }

    @Test func passcodeVerifier() throws {
        let vector = try vectors.block("section 2")
        let salt = Array("SPAKE2P Key Salt".utf8)
        #expect(try Spake2pPasscodeKeys.stretch(passcode: 20_202_021, salt: salt, iterations: 1000) == vector.hex("ws"))
        let keys = try Spake2pPasscodeKeys(passcode: 20_202_021, salt: salt, iterations: 1000)
        #expect(keys.w0.bytes == (try vector.hex("w0")))
        #expect(keys.w1.bytes == (try vector.hex("w1")))
        let verifier = try keys.verifier()
        #expect(verifier.l.uncompressed == (try vector.hex("L")))
        let expected = try #require(Data(base64Encoded: try vector.text("verifier (base64)")))
        #expect(verifier.serialized == Array(expected))
        #expect(try Spake2pVerifier(serialized: Array(expected)) == verifier)
    }

    @Test func passcodeParameterLimits() {
        let salt = [UInt8](repeating: 1, count: 16)
        #expect(throws: CryptoError.self) { try Spake2pPasscodeKeys(passcode: 1, salt: salt, iterations: 999) }
        #expect(throws: CryptoError.self) { try Spake2pPasscodeKeys(passcode: 1, salt: salt, iterations: 100_001) }
        #expect(throws: CryptoError.self) {
            try Spake2pPasscodeKeys(passcode: 1, salt: Array(salt.dropLast()), iterations: 1000)
        }
        #expect(throws: CryptoError.self) {
            try Spake2pPasscodeKeys(passcode: 1, salt: [UInt8](repeating: 1, count: 33), iterations: 1000)
        }
        #expect(throws: CryptoError.self) { try Spake2pVerifier(serialized: [UInt8](repeating: 0, count: 96)) }
    }

    @Test func sessionKeysExample() throws {
        let vector = try vectors.block("section 4")
        // The example derives from Ke of vector _64.
        let ke = try vectors.block("chiptest_e4836c3b50dd_test_vector_64").hex("Ke")
        let keys = try HKDFSHA256.deriveKey(
            inputKeyMaterial: ke, salt: [],
            info: Array("SessionKeys".utf8), outputByteCount: 48)
        #expect(Array(keys[0..<16]) == (try vector.hex("I2RKey")))
        #expect(Array(keys[16..<32]) == (try vector.hex("R2IKey")))
        #expect(Array(keys[32..<48]) == (try vector.hex("AttestationChallenge")))
    }

    @Test func compressedFabricID() throws {
        let vector = try vectors.block("section 5")
        let rootKey = try vector.hex("root public key")
        let fabricID = try #require(UInt64(try vector.text("fabric id").dropFirst(2), radix: 16))
        let salt = (0..<8).map { UInt8(truncatingIfNeeded: fabricID >> (8 * (7 - $0))) }
        let id = try HKDFSHA256.deriveKey(
            inputKeyMaterial: Array(rootKey.dropFirst()), salt: salt, info: Array("CompressedFabric".utf8),
            outputByteCount: 8)
        #expect(id == (try vector.hex("compressed id")))
    }

    @Test func exchangeWithRandomSecretsAgrees() throws {
        var random = SecureRandomNumberGenerator()
        let salt = random.bytes(count: 32)
        let keys = try Spake2pPasscodeKeys(passcode: 34_567_890, salt: salt, iterations: 1000)
        let context = SHA256.hash(Array("some context".utf8))
        let prover = try Spake2pProver(keys: keys, using: &random)
        let round = try keys.verifier().respond(context: context, pA: prover.pA.uncompressed, using: &random)
        let schedule = try prover.finish(context: context, pB: round.pB.uncompressed)
        #expect(ConstantTime.equal(schedule.confirmationB, round.cB))
        #expect(round.confirms(cA: schedule.confirmationA))
        #expect(schedule.ke == round.sharedSecret)
        // A prover with another passcode fails the confirmation both ways.
        let wrongKeys = try Spake2pPasscodeKeys(passcode: 34_567_891, salt: salt, iterations: 1000)
        let wrongProver = try Spake2pProver(keys: wrongKeys, using: &random)
        let wrongRound = try keys.verifier().respond(context: context, pA: wrongProver.pA.uncompressed, using: &random)
        let wrongSchedule = try wrongProver.finish(context: context, pB: wrongRound.pB.uncompressed)
        #expect(wrongSchedule.confirmationB != wrongRound.cB)
        #expect(!wrongRound.confirms(cA: wrongSchedule.confirmationA))
    }

    @Test func verifierRejectsInvalidShares() throws {
        let verifier = try Spake2pPasscodeKeys(
            passcode: 20_202_021, salt: Array("SPAKE2P Key Salt".utf8), iterations: 1000
        )
        .verifier()
        var random = SecureRandomNumberGenerator()
        #expect(throws: CryptoError.invalidPoint) {
            try verifier.respond(context: [], pA: [UInt8](repeating: 4, count: 65), using: &random)
        }
        // X = w0·M makes X − w0·M the point at infinity.
        let blinded = try Spake2p.m.multiplied(by: verifier.w0)
        #expect(throws: CryptoError.pointAtInfinity) {
            try verifier.respond(context: [], pA: blinded.uncompressed, using: &random)
        }
    }
}
