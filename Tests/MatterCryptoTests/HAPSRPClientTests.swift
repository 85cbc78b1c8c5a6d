import MHubTestSupport
import Testing

@testable import MatterCrypto

/// The controller's side of HomeKit's SRP-6a (`HAPSRPClient`) against the known answers of
/// `Fixtures/hap-vectors.json`, whose a and A are the controller's, and against `HAPSRPServer`.
@Suite struct HAPSRPClientTests {
    let vectors: HAPVectors

    init() throws {
        vectors = try HAPVectors.load()
    }

    /// A from the vector's a, then M1, K and the expected M2 under the padded convention, for the normal vector
    /// and the one whose S has a leading zero byte (where padding changes K).
    @Test(arguments: ["srp_normal", "srp_S_leading_zero"])
    func matchesTheVectors(name: String) throws {
        let client = try HAPSRPClient(secret: try vectors.hex(name, "a"))
        #expect(client.publicKey == HAPSRPGroup.padded(try vectors.hex(name, "A")))
        let exchange = try client.exchange(
            setupCode: try vectors.text(name, "pin"), salt: try vectors.hex(name, "salt"),
            serverPublicKey: try vectors.hex(name, "B"))
        #expect(exchange.clientProof == (try vectors.hex(name, "padded", "M1")))
        #expect(exchange.sessionKey == (try vectors.hex(name, "padded", "K")))
        #expect(exchange.accepts(serverProof: try vectors.hex(name, "padded", "M2")))
        // Where the conventions differ, the stripped convention's M2 (the ADK's) is not the one expected.
        if name == "srp_S_leading_zero" {
            #expect(!exchange.accepts(serverProof: try vectors.hex(name, "stripped", "M2")))
        }
    }

    /// With the server's own B (padded, as mhub sends it) the server accepts M1 and its M2 is the one the client
    /// expects, with the same K on both sides.
    @Test func pairsWithTheServer() throws {
        var generator = SeededGenerator(seed: 36)
        let verifier = try HAPSRPVerifier(setupCode: "031-45-154", salt: generator.bytes(count: 16))
        let server = try HAPSRPServer.start(verifier: verifier, using: &generator)
        let client = try HAPSRPClient.start(using: &generator)
        let exchange = try client.exchange(
            setupCode: "031-45-154", salt: verifier.salt, serverPublicKey: server.publicKey)
        let (serverProof, key) = try server.verify(
            clientPublicKey: client.publicKey, clientProof: exchange.clientProof)
        #expect(key == exchange.sessionKey)
        #expect(exchange.accepts(serverProof: serverProof))
    }

    /// Another setup code gives an M1 the server refuses; an altered M2 is not accepted.
    @Test func anotherCodeOrAnAlteredProofFails() throws {
        let name = "srp_normal"
        let verifier = try HAPSRPVerifier(setupCode: try vectors.text(name, "pin"), salt: try vectors.hex(name, "salt"))
        let server = try HAPSRPServer(verifier: verifier, secret: try vectors.hex(name, "b"))
        let client = try HAPSRPClient(secret: try vectors.hex(name, "a"))
        let wrong = try client.exchange(setupCode: "031-45-155", salt: verifier.salt, serverPublicKey: server.publicKey)
        #expect(throws: CryptoError.authenticationFailed) {
            try server.verify(clientPublicKey: client.publicKey, clientProof: wrong.clientProof)
        }
        var altered = try vectors.hex(name, "padded", "M2")
        altered[0] ^= 1
        let right = try client.exchange(
            setupCode: try vectors.text(name, "pin"), salt: verifier.salt, serverPublicKey: server.publicKey)
        #expect(!right.accepts(serverProof: altered))
    }

    /// A B that is 0 mod N (0 or N itself) is refused, as are bad salts, Bs and secrets.
    @Test func refusesUnusableInputs() throws {
        let client = try HAPSRPClient(secret: try vectors.hex("srp_normal", "a"))
        let salt = try vectors.hex("srp_normal", "salt")
        #expect(throws: CryptoError.invalidPublicKey) {
            try client.exchange(setupCode: "031-45-154", salt: salt, serverPublicKey: [0])
        }
        #expect(throws: CryptoError.invalidPublicKey) {
            try client.exchange(setupCode: "031-45-154", salt: salt, serverPublicKey: HAPSRPGroup.prime)
        }
        #expect(throws: CryptoError.self) {
            try client.exchange(setupCode: "031-45-154", salt: [1, 2, 3], serverPublicKey: [5])
        }
        #expect(throws: CryptoError.self) {
            try client.exchange(setupCode: "031-45-154", salt: salt, serverPublicKey: [UInt8](repeating: 1, count: 385))
        }
        #expect(throws: CryptoError.self) { try HAPSRPClient(secret: [UInt8](repeating: 0, count: 32)) }
        #expect(throws: CryptoError.self) { try HAPSRPClient(secret: [1, 2]) }
    }
}
