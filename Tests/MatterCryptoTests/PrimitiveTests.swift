import MHubTestSupport
import Testing

@testable import MatterCrypto

/// SHA-256, HMAC, HKDF, PBKDF2 and AES-CCM against published vectors (`Fixtures/primitive-vectors.txt`).
@Suite struct PrimitiveTests {
    let vectors: VectorFile

    init() throws {
        vectors = try VectorFile.load("primitive-vectors", in: .module)
    }

    @Test(arguments: ["sha256-abc", "sha256-empty"])
    func sha256(name: String) throws {
        let vector = try vectors.block(name)
        #expect(SHA256.hash(try vector.hex("message")) == (try vector.hex("digest")))
    }

    @Test func sha1() throws {
        let vector = try vectors.block("sha1-abc")
        #expect(SHA1.hash(try vector.hex("message")) == (try vector.hex("digest")))
        #expect(hexString(SHA1.hash([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    }

    @Test(arguments: ["hmac-rfc4231-1", "hmac-rfc4231-2"])
    func hmac(name: String) throws {
        let vector = try vectors.block(name)
        let mac = HMACSHA256.authenticationCode(key: try vector.hex("key"), message: try vector.hex("message"))
        #expect(mac == (try vector.hex("mac")))
    }

    @Test(arguments: ["hkdf-rfc5869-1", "hkdf-rfc5869-3"])
    func hkdf(name: String) throws {
        let vector = try vectors.block(name)
        let expected = try vector.hex("okm")
        let okm = try HKDFSHA256.deriveKey(
            inputKeyMaterial: try vector.hex("ikm"), salt: try vector.hex("salt"), info: try vector.hex("info"),
            outputByteCount: expected.count)
        #expect(okm == expected)
    }

    @Test func hkdfRefusesTooLongOutput() {
        #expect(throws: CryptoError.self) {
            try HKDFSHA256.deriveKey(inputKeyMaterial: [1], salt: [], info: [], outputByteCount: 255 * 32 + 1)
        }
    }

    @Test func pbkdf2() throws {
        let vector = try vectors.block("pbkdf2-rfc7914")
        let expected = try vector.hex("dk")
        let key = try PBKDF2SHA256.deriveKey(
            password: try vector.hex("password"), salt: try vector.hex("salt"), iterations: 1,
            outputByteCount: expected.count)
        #expect(key == expected)
        #expect(throws: CryptoError.self) {
            try PBKDF2SHA256.deriveKey(password: [1], salt: [2], iterations: 0, outputByteCount: 32)
        }
    }

    @Test(arguments: ["ccm-rfc3610-1", "ccm-sp800-38c-3", "ccm-chip-3", "ccm-chip-6"])
    func aesCCM(name: String) throws {
        let vector = try vectors.block(name)
        let (key, nonce, aad) = (try vector.hex("key"), try vector.hex("nonce"), try vector.hex("aad"))
        let tag = try vector.hex("tag")
        let sealed = try AES128CCM.seal(
            try vector.hex("pt"), key: key, nonce: nonce, additionalData: aad, tagByteCount: tag.count)
        #expect(sealed == (try vector.hex("ct")) + tag)
        let opened = try AES128CCM.open(sealed, key: key, nonce: nonce, additionalData: aad, tagByteCount: tag.count)
        #expect(opened == (try vector.hex("pt")))
    }

    @Test func aesCCMRejectsAnyAlteration() throws {
        let key = [UInt8](repeating: 7, count: 16)
        let nonce = [UInt8](repeating: 9, count: 13)
        let header: [UInt8] = [0, 1, 2, 3]
        let sealed = try AES128CCM.seal(Array("hello, matter".utf8), key: key, nonce: nonce, additionalData: header)
        #expect(sealed.count == 13 + 16)
        for index in sealed.indices {
            var altered = sealed
            altered[index] ^= 0x01
            #expect(throws: CryptoError.authenticationFailed) {
                try AES128CCM.open(altered, key: key, nonce: nonce, additionalData: header)
            }
        }
        #expect(throws: CryptoError.authenticationFailed) {
            try AES128CCM.open(sealed, key: key, nonce: nonce, additionalData: [0, 1, 2, 4])
        }
        #expect(throws: CryptoError.self) {
            try AES128CCM.open(Array(sealed.prefix(15)), key: key, nonce: nonce, additionalData: [])
        }
    }

    @Test func aesCCMEmptyPlaintextAndData() throws {
        let key = [UInt8](repeating: 1, count: 16)
        let nonce = [UInt8](repeating: 2, count: 13)
        let sealed = try AES128CCM.seal([], key: key, nonce: nonce, additionalData: [])
        #expect(sealed.count == 16)
        #expect(try AES128CCM.open(sealed, key: key, nonce: nonce, additionalData: []) == [])
    }

    @Test func aesCCMChecksSizes() {
        let key = [UInt8](repeating: 1, count: 16)
        #expect(throws: CryptoError.invalidLength(what: "an AES-128 key", expected: "16", actual: 15)) {
            try AES128CCM.seal(
                [1], key: Array(key.dropLast()), nonce: [UInt8](repeating: 0, count: 13), additionalData: [])
        }
        #expect(throws: CryptoError.invalidLength(what: "a CCM nonce", expected: "13", actual: 12)) {
            try AES128CCM.seal([1], key: key, nonce: [UInt8](repeating: 0, count: 12), additionalData: [])
        }
    }

    @Test func constantTimeEquality() {
        #expect(ConstantTime.equal([1, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equal([1, 2, 3], [1, 2, 4]))
        #expect(!ConstantTime.equal([1, 2, 3], [1, 2]))
        #expect(ConstantTime.equal([], []))
    }

    @Test func secureRandomBytes() {
        let first = SecureRandomNumberGenerator.bytes(count: 32)
        let second = SecureRandomNumberGenerator.bytes(count: 32)
        #expect(first.count == 32)
        #expect(first != second)
        #expect(SecureRandomNumberGenerator.bytes(count: 0) == [])
    }
}
