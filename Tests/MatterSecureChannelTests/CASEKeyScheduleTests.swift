import MHubTestSupport
import MatterCrypto
import Testing

@testable import MatterSecureChannel

/// The CASE key schedule against vectors computed independently with Python `cryptography`
/// (Fixtures/make-case-vectors.py), and the destination ID against the spec vector of CHIP's
/// `TestCASESession.cpp` `DestinationIdTest` (Matter reference §8).
@Suite struct CASEKeyScheduleTests {
    let inputs: VectorFile.Block
    let outputs: VectorFile.Block

    init() throws {
        let file = try VectorFile.load("case-key-schedule", in: .module)
        inputs = try file.block("inputs")
        outputs = try file.block("outputs")
    }

    @Test func destinationIDSpecVector() throws {
        let rootPublicKey = try P256Point(
            uncompressed: bytes(
                fromHex:
                    "044a9f42b1ca4840d37292bbc7f6a7e11e22200c976fc900dbc98a7a383a641cb8254a2e56d4e295a847943b4e3897c4"
                    + "a773e930277b4d9fbede8a052686bfacfa"))
        let destination = CASEDestinationID.make(
            initiatorRandom: bytes(fromHex: "7e171231568dfa17206b3accf8faec2f4d21b580113196f47c7c4deb810a73dc"),
            rootPublicKey: rootPublicKey, fabricID: 0x2906_C908_D115_D362, nodeID: 0xCD55_44AA_7B13_EF14,
            ipk: bytes(fromHex: "9bc61cd9c62a2df6d64dfcaa9dc472d4"))
        #expect(hexString(destination) == "dc35dd5fc9134cc5544538c9c3fc4297c1ec3370c839136a80e10796451d4c53")
    }

    @Test func sharedSecretOfTheEphemeralKeys() throws {
        let initiator = try P256KeyPair(privateKey: inputs.hex("initiatorEphemeralPrivateKey"))
        let responder = try P256KeyPair(privateKey: inputs.hex("responderEphemeralPrivateKey"))
        #expect(initiator.publicKey.uncompressed == (try inputs.hex("initiatorEphemeralPublicKey")))
        let shared = try initiator.sharedSecret(with: responder.publicKey)
        #expect(shared == (try outputs.hex("sharedSecret")))
        #expect(try responder.sharedSecret(with: initiator.publicKey) == shared)
    }

    @Test func sigma2And3Keys() throws {
        let shared = try outputs.hex("sharedSecret")
        let s2k = try CASEKeySchedule.sigma2Key(
            sharedSecret: shared, ipk: inputs.hex("ipk"), responderRandom: inputs.hex("responderRandom"),
            responderEphemeralPublicKey: inputs.hex("responderEphemeralPublicKey"), sigma1: inputs.hex("sigma1"))
        #expect(s2k == (try outputs.hex("s2k")))
        let encrypted2 = try AES128CCM.seal(
            inputs.hex("tbeData2"), key: s2k, nonce: CASEKeySchedule.sigma2Nonce, additionalData: [])
        #expect(encrypted2 == (try outputs.hex("encrypted2")))
        let s3k = try CASEKeySchedule.sigma3Key(
            sharedSecret: shared, ipk: inputs.hex("ipk"), sigma1: inputs.hex("sigma1"), sigma2: inputs.hex("sigma2"))
        #expect(s3k == (try outputs.hex("s3k")))
    }

    @Test func sessionKeys() throws {
        let keys = try CASEKeySchedule.sessionKeys(
            sharedSecret: outputs.hex("sharedSecret"), ipk: inputs.hex("ipk"), sigma1: inputs.hex("sigma1"),
            sigma2: inputs.hex("sigma2"), sigma3: inputs.hex("sigma3"))
        #expect(keys.initiatorToResponder == (try outputs.hex("i2r")))
        #expect(keys.responderToInitiator == (try outputs.hex("r2i")))
        #expect(keys.attestationChallenge == (try outputs.hex("attestationChallenge")))
    }

    @Test func resumption() throws {
        let shared = try outputs.hex("sharedSecret")
        let random = try inputs.hex("initiatorRandom")
        #expect(
            try CASEKeySchedule.initiatorResumeMIC(
                sharedSecret: shared, initiatorRandom: random, resumptionID: inputs.hex("resumptionID"))
                == outputs.hex("initiatorResumeMIC"))
        #expect(
            try CASEKeySchedule.sigma2ResumeMIC(
                sharedSecret: shared, initiatorRandom: random, newResumptionID: inputs.hex("newResumptionID"))
                == outputs.hex("sigma2ResumeMIC"))
        let keys = try CASEKeySchedule.resumedSessionKeys(
            sharedSecret: shared, initiatorRandom: random, newResumptionID: inputs.hex("newResumptionID"))
        #expect(keys.initiatorToResponder == (try outputs.hex("resumedI2R")))
        #expect(keys.responderToInitiator == (try outputs.hex("resumedR2I")))
        #expect(keys.attestationChallenge == (try outputs.hex("resumedAttestationChallenge")))
    }

    @Test func noncesAreTheThirteenBytesCHIPUses() {
        #expect(hexString(CASEKeySchedule.sigma2Nonce) == "4e434153455f5369676d61324e")
        #expect(hexString(CASEKeySchedule.sigma3Nonce) == "4e434153455f5369676d61334e")
        #expect(CASEKeySchedule.sigma1ResumeNonce.count == 13)
        #expect(CASEKeySchedule.sigma2ResumeNonce.count == 13)
    }
}
