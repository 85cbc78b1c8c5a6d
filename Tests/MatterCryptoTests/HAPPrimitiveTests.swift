import MHubTestSupport
import Testing

@testable import MatterCrypto

/// SHA-512, HKDF-SHA512 and ChaCha20-Poly1305 against published vectors (`Fixtures/hap-primitive-vectors.txt`).
@Suite struct HAPPrimitiveTests {
    let vectors: VectorFile

    init() throws {
        vectors = try VectorFile.load("hap-primitive-vectors", in: .module)
    }

    @Test(arguments: ["sha512-abc", "sha512-empty"])
    func sha512(name: String) throws {
        let vector = try vectors.block(name)
        #expect(SHA512.hash(try vector.hex("message")) == (try vector.hex("digest")))
        #expect(SHA512.byteCount == 64)
    }

    @Test(arguments: ["hkdf-sha512-1", "hkdf-sha512-3"])
    func hkdfSHA512(name: String) throws {
        let vector = try vectors.block(name)
        let expected = try vector.hex("okm")
        let okm = try HKDFSHA512.deriveKey(
            inputKeyMaterial: try vector.hex("ikm"), salt: try vector.hex("salt"), info: try vector.hex("info"),
            outputByteCount: expected.count)
        #expect(okm == expected)
    }

    @Test func hkdfSHA512RefusesTooLongOutput() throws {
        #expect(throws: CryptoError.self) {
            try HKDFSHA512.deriveKey(inputKeyMaterial: [1], salt: [], info: [], outputByteCount: 255 * 64 + 1)
        }
        // The longest allowed output is fine, and its prefix is the shorter output's.
        let longest = try HKDFSHA512.deriveKey(inputKeyMaterial: [1], salt: [2], info: [3], outputByteCount: 255 * 64)
        let short = try HKDFSHA512.deriveKey(inputKeyMaterial: [1], salt: [2], info: [3], outputByteCount: 32)
        #expect(longest.count == 255 * 64)
        #expect(Array(longest.prefix(32)) == short)
    }

    @Test func chaCha20Poly1305() throws {
        let vector = try vectors.block("chacha20poly1305-rfc8439")
        let (key, nonce, aad) = (try vector.hex("key"), try vector.hex("nonce"), try vector.hex("aad"))
        let plaintext = try vector.hex("pt")
        let sealed = try ChaCha20Poly1305.seal(plaintext, key: key, nonce: nonce, additionalData: aad)
        #expect(sealed == (try vector.hex("ct")) + (try vector.hex("tag")))
        #expect(try ChaCha20Poly1305.open(sealed, key: key, nonce: nonce, additionalData: aad) == plaintext)
    }

    @Test func chaCha20Poly1305RejectsAnyAlteration() throws {
        let key = [UInt8](repeating: 7, count: 32)
        let nonce = [UInt8](repeating: 0, count: 4) + Array("PS-Msg05".utf8)
        let sealed = try ChaCha20Poly1305.seal(Array("hello, homekit".utf8), key: key, nonce: nonce, additionalData: [])
        #expect(sealed.count == 14 + 16)
        for index in sealed.indices {
            var altered = sealed
            altered[index] ^= 0x01
            #expect(throws: CryptoError.authenticationFailed) {
                try ChaCha20Poly1305.open(altered, key: key, nonce: nonce, additionalData: [])
            }
        }
        let otherNonce = [UInt8](repeating: 0, count: 4) + Array("PS-Msg06".utf8)
        #expect(throws: CryptoError.authenticationFailed) {
            try ChaCha20Poly1305.open(sealed, key: key, nonce: otherNonce, additionalData: [])
        }
        #expect(throws: CryptoError.authenticationFailed) {
            try ChaCha20Poly1305.open(sealed, key: key, nonce: nonce, additionalData: [0])
        }
    }

    @Test func chaCha20Poly1305EmptyMessagesAndSizes() throws {
        let key = [UInt8](repeating: 1, count: 32)
        let nonce = [UInt8](repeating: 2, count: 12)
        // A message with neither plaintext nor additional data is a bare tag, and still authenticated.
        let tagOnly = try ChaCha20Poly1305.seal([], key: key, nonce: nonce, additionalData: [])
        #expect(tagOnly.count == ChaCha20Poly1305.tagByteCount)
        #expect(try ChaCha20Poly1305.open(tagOnly, key: key, nonce: nonce, additionalData: []) == [])
        #expect(throws: CryptoError.authenticationFailed) {
            try ChaCha20Poly1305.open(tagOnly, key: key, nonce: nonce, additionalData: [9])
        }
        #expect(throws: CryptoError.self) { try ChaCha20Poly1305.seal([1], key: [1], nonce: nonce, additionalData: []) }
        #expect(throws: CryptoError.self) {
            try ChaCha20Poly1305.seal([1], key: key, nonce: [UInt8](repeating: 0, count: 8), additionalData: [])
        }
        #expect(throws: CryptoError.self) {
            try ChaCha20Poly1305.open([UInt8](repeating: 0, count: 15), key: key, nonce: nonce, additionalData: [])
        }
    }
}
