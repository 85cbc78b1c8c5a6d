import MHubTestSupport
import Testing

@testable import MatterCrypto

/// HomeKit's SRP-6a against the known answers of `Fixtures/hap-vectors.json`, with the controller's side of
/// M1 written here under both byte conventions (padded, as aiohomekit and Pylo; stripped, as the ADK).
@Suite struct HAPSRPTests {
    let vectors: HAPVectors

    init() throws {
        vectors = try HAPVectors.load()
    }

    @Test func groupConstants() throws {
        #expect(HAPSRPGroup.multiplier == (try vectors.hex("k")))
        #expect(HAPSRPGroup.primeHashXorGeneratorHash == (try vectors.hex("H(N)^H(g)")))
        // RFC 3526 group 15 begins and ends with 64 one bits, with π's digits between.
        #expect(HAPSRPGroup.prime.count == 384)
        #expect(hexString(Array(HAPSRPGroup.prime.prefix(16))) == "ffffffffffffffffc90fdaa22168c234")
        #expect(HAPSRPGroup.prime.suffix(8).allSatisfy { $0 == 0xFF })
    }

    @Test(arguments: ["srp_normal", "srp_S_leading_zero"])
    func verifierAndServerKey(name: String) throws {
        let verifier = try HAPSRPVerifier(setupCode: try vectors.text(name, "pin"), salt: try vectors.hex(name, "salt"))
        #expect(verifier.salt == (try vectors.hex(name, "salt")))
        #expect(verifier.verifier == HAPSRPGroup.padded(try vectors.hex(name, "v")))
        let server = try HAPSRPServer(verifier: verifier, secret: try vectors.hex(name, "b"))
        #expect(server.publicKey.count == HAPSRPVerifier.groupByteCount)
        #expect(server.publicKey == HAPSRPGroup.padded(try vectors.hex(name, "B")))
    }

    /// The controller's M1 under each convention: the server accepts both and answers with that convention's
    /// M2 and K.
    @Test(arguments: ["srp_normal", "srp_S_leading_zero"], [Convention.padded, .stripped])
    func acceptsEitherConvention(name: String, convention: Convention) throws {
        let server = try makeServer(name)
        let clientA = try vectors.hex(name, "A")
        let proof = try clientProof(name, convention: convention, sentA: clientA, receivedB: server.publicKey)
        #expect(proof == (try vectors.hex(name, convention.rawValue, "M1")))
        let (serverProof, sessionKey) = try server.verify(clientPublicKey: clientA, clientProof: proof)
        #expect(serverProof == (try vectors.hex(name, convention.rawValue, "M2")))
        #expect(sessionKey == (try vectors.hex(name, convention.rawValue, "K")))
    }

    /// In the leading-zero vector the two conventions really differ, so accepting both is not an accident of
    /// equal encodings.
    @Test func theLeadingZeroVectorSeparatesTheConventions() throws {
        let name = "srp_S_leading_zero"
        #expect((try vectors.hex(name, "S")).first == 0)
        #expect((try vectors.hex(name, "padded", "K")) != (try vectors.hex(name, "stripped", "K")))
        #expect((try vectors.hex(name, "padded", "M1")) != (try vectors.hex(name, "stripped", "M1")))
    }

    /// The controller's S, computed its own way from a: (B − k·v)^(a + u·x), equals the vector's S.
    @Test(arguments: ["srp_normal", "srp_S_leading_zero"])
    func controllerSideMatchesTheVectors(name: String) throws {
        let client = try TestClient(
            setupCode: try vectors.text(name, "pin"), salt: try vectors.hex(name, "salt"),
            secret: try vectors.hex(name, "a"))
        #expect(client.publicKey == HAPSRPGroup.padded(try vectors.hex(name, "A")))
        let premaster = try client.premasterSecret(serverPublicKey: try makeServer(name).publicKey)
        #expect(premaster == HAPSRPGroup.padded(try vectors.hex(name, "S")))
    }

    /// An A with a leading zero byte, sent padded or stripped and hashed either way inside M1 (aiohomekit pads
    /// it; HAP-python and fast-srp hash it as sent; the ADK strips it): every combination is accepted, and M2
    /// always hashes PAD(A).
    @Test func acceptsAnAWithALeadingZeroHoweverItIsSent() throws {
        let salt = try vectors.hex("srp_normal", "salt")
        var generator = SeededGenerator(seed: 5054)
        var client: TestClient
        repeat {
            client = try TestClient(setupCode: "031-45-154", salt: salt, secret: generator.bytes(32))
        } while client.publicKey[0] != 0
        let server = try HAPSRPServer.start(
            verifier: HAPSRPVerifier(setupCode: "031-45-154", salt: salt), using: &generator)
        let premaster = try client.premasterSecret(serverPublicKey: server.publicKey)
        let paddedA = client.publicKey
        let strippedA = HAPSRPGroup.stripped(paddedA)
        for sentA in [paddedA, strippedA] {
            for hashedA in [paddedA, strippedA] {
                for key in [SHA512.hash(premaster), SHA512.hash(HAPSRPGroup.stripped(premaster))] {
                    let proof = client.proof(salt: salt, a: hashedA, b: server.publicKey, key: key)
                    let (serverProof, sessionKey) = try server.verify(clientPublicKey: sentA, clientProof: proof)
                    #expect(sessionKey == key)
                    #expect(serverProof == SHA512.hash(paddedA + proof + key))
                }
            }
        }
        // An M1 over a K that is neither encoding of S is still refused.
        let proof = client.proof(salt: salt, a: paddedA, b: server.publicKey, key: SHA512.hash([1] + premaster))
        #expect(throws: CryptoError.authenticationFailed) {
            try server.verify(clientPublicKey: paddedA, clientProof: proof)
        }
    }

    @Test(arguments: ["srp_normal", "srp_S_leading_zero"])
    func refusesAWrongProof(name: String) throws {
        let server = try makeServer(name)
        let clientA = try vectors.hex(name, "A")
        var proof = try vectors.hex(name, "padded", "M1")
        proof[17] ^= 0x40
        #expect(throws: CryptoError.authenticationFailed) {
            try server.verify(clientPublicKey: clientA, clientProof: proof)
        }
        #expect(throws: CryptoError.self) {
            try server.verify(clientPublicKey: clientA, clientProof: Array(proof.prefix(32)))
        }
    }

    /// The controller's proof for another setup code: the same A and B, but its own x, so another S.
    @Test func refusesAnotherSetupCode() throws {
        let name = "srp_normal"
        let salt = try vectors.hex(name, "salt")
        let wrong = try HAPSRPServer(
            verifier: HAPSRPVerifier(setupCode: "031-45-155", salt: salt), secret: try vectors.hex(name, "b"))
        let right = try makeServer(name)
        #expect(wrong.publicKey != right.publicKey)
        let proof = try vectors.hex(name, "padded", "M1")
        #expect(throws: CryptoError.authenticationFailed) {
            try wrong.verify(clientPublicKey: try vectors.hex(name, "A"), clientProof: proof)
        }
    }

    /// A = 0 or A = N would make S = 0 whatever the code (RFC 5054 §2.5.4): refused before any proof is checked.
    @Test func refusesAZeroModN() throws {
        let server = try makeServer("srp_normal")
        let proof = [UInt8](repeating: 0, count: 64)
        for a in [[0], [UInt8](repeating: 0, count: 384), HAPSRPGroup.prime] {
            #expect(throws: CryptoError.invalidPublicKey) { try server.verify(clientPublicKey: a, clientProof: proof) }
        }
        #expect(throws: CryptoError.self) { try server.verify(clientPublicKey: [], clientProof: proof) }
        #expect(throws: CryptoError.self) {
            try server.verify(clientPublicKey: [1] + HAPSRPGroup.prime, clientProof: proof)
        }
    }

    @Test func refusesBadSaltsAndSecrets() throws {
        #expect(throws: CryptoError.self) { try HAPSRPVerifier(setupCode: "031-45-154", salt: [1, 2, 3]) }
        let verifier = try HAPSRPVerifier(setupCode: "031-45-154", salt: [UInt8](repeating: 1, count: 16))
        #expect(throws: CryptoError.self) {
            try HAPSRPServer(verifier: verifier, secret: [UInt8](repeating: 1, count: 31))
        }
        #expect(throws: CryptoError.self) {
            try HAPSRPServer(verifier: verifier, secret: [UInt8](repeating: 0, count: 32))
        }
    }

    @Test func startDrawsItsSecretFromTheGenerator() throws {
        let verifier = try HAPSRPVerifier(setupCode: "031-45-154", salt: try vectors.hex("srp_normal", "salt"))
        var first = SeededGenerator(seed: 36)
        var again = SeededGenerator(seed: 36)
        var other = SeededGenerator(seed: 37)
        let server = try HAPSRPServer.start(verifier: verifier, using: &first)
        #expect(server.publicKey.count == 384)
        #expect(try HAPSRPServer.start(verifier: verifier, using: &again).publicKey == server.publicKey)
        #expect(try HAPSRPServer.start(verifier: verifier, using: &other).publicKey != server.publicKey)
    }

    // MARK: the controller's side

    /// The controller's side of SRP-6a (RFC 5054 §2.6): A = g^a, and S = (B − k·v)^(a + u·x), computed as
    /// (B − k·v)^a · ((B − k·v)^u)^x with the module's modular arithmetic, a different route to S than the
    /// server's (A · v^u)^b.
    struct TestClient {
        let x: [UInt8]
        let secret: [UInt8]
        let publicKey: [UInt8]

        init(setupCode: String, salt: [UInt8], secret: [UInt8]) throws {
            x = SHA512.hash(salt + SHA512.hash(Array("Pair-Setup:\(setupCode)".utf8)))
            self.secret = secret
            let arithmetic = try SRPArithmetic()
            publicKey = try arithmetic.padded(
                arithmetic.power(SRPArithmetic.number([5]), SRPArithmetic.number(secret)))
        }

        func premasterSecret(serverPublicKey: [UInt8]) throws -> [UInt8] {
            let arithmetic = try SRPArithmetic()
            let g = try SRPArithmetic.number([5])
            let v = try arithmetic.power(g, SRPArithmetic.number(x))
            let k = try SRPArithmetic.number(SHA512.hash(HAPSRPGroup.prime + HAPSRPGroup.padded([5])))
            // −1 mod N is N − 1; N is odd, so that is N with its last byte one less.
            let minusOne = try SRPArithmetic.number(HAPSRPGroup.prime.dropLast() + [HAPSRPGroup.prime.last! - 1])
            let minusKV = try arithmetic.product(arithmetic.product(k, v), minusOne)
            let base = try arithmetic.sum(SRPArithmetic.number(serverPublicKey), minusKV)
            let u = SHA512.hash(publicKey + serverPublicKey)
            let first = try arithmetic.power(base, SRPArithmetic.number(secret))
            let second = try arithmetic.power(arithmetic.power(base, SRPArithmetic.number(u)), SRPArithmetic.number(x))
            return try arithmetic.padded(arithmetic.product(first, second))
        }

        /// M1 over the given encodings of A and B and the given K.
        func proof(salt: [UInt8], a: [UInt8], b: [UInt8], key: [UInt8]) -> [UInt8] {
            let hashNXorHashG = zip(SHA512.hash(HAPSRPGroup.prime), SHA512.hash([5])).map { $0 ^ $1 }
            return SHA512.hash(hashNXorHashG + SHA512.hash(Array("Pair-Setup".utf8)) + salt + a + b + key)
        }
    }

    /// How the controller encodes S (for K) and A and B inside M1 (hap-reference §4's table).
    enum Convention: String, CaseIterable, Sendable {
        /// K = H(PAD(S)), PAD(A), PAD(B): aiohomekit (B as sent, which is padded) and Pylo.
        case padded
        /// K = H(S), A and B without leading zeros: the ADK.
        case stripped
    }

    private func makeServer(_ name: String) throws -> HAPSRPServer {
        let verifier = try HAPSRPVerifier(setupCode: try vectors.text(name, "pin"), salt: try vectors.hex(name, "salt"))
        return try HAPSRPServer(verifier: verifier, secret: try vectors.hex(name, "b"))
    }

    /// M1 = H(H(N) XOR H(g) ‖ H("Pair-Setup") ‖ salt ‖ A ‖ B ‖ H(S)), from the vector's S (the controller's
    /// (B − k·v)^(a + u·x), computed by the vector's generator).
    private func clientProof(
        _ name: String, convention: Convention, sentA: [UInt8], receivedB: [UInt8]
    ) throws -> [UInt8] {
        let premaster = try vectors.hex(name, "S")
        func encode(_ value: [UInt8]) -> [UInt8] {
            let minimal = Array(value.drop { $0 == 0 })
            switch convention {
            case .padded: return [UInt8](repeating: 0, count: 384 - minimal.count) + minimal
            case .stripped: return minimal
            }
        }
        let hashNXorHashG = zip(SHA512.hash(HAPSRPGroup.prime), SHA512.hash([5])).map { $0 ^ $1 }
        let key = SHA512.hash(encode(premaster))
        return SHA512.hash(
            hashNXorHashG + SHA512.hash(Array("Pair-Setup".utf8)) + (try vectors.hex(name, "salt")) + encode(sentA)
                + encode(receivedB) + key)
    }
}
