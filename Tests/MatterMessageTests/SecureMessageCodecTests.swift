import MHubTestSupport
import MatterCrypto
import Testing

@testable import MatterMessage

/// AES-CCM message protection against messages captured from CHIP (matter.js `SecureSessionTest.ts`).
@Suite struct SecureMessageCodecTests {
    let vectors: VectorFile

    init() throws {
        vectors = try VectorFile.load("message-vectors", in: .module)
    }

    @Test func nonceLayout() {
        let nonce = SecureMessageCodec.nonce(
            securityFlags: 0x01, messageCounter: 0x0A0B_0C0D, senderNodeID: 0x0102_0304_0506_0708)
        #expect(hexString(nonce) == "01" + "0d0c0b0a" + "0807060504030201")
    }

    @Test func decryptsCapturedMessage() throws {
        let vector = try vectors.block("securesession-decrypt")
        let message = try SecureMessageCodec.open(
            try vector.hex("message"), key: try vector.hex("key"), senderNodeID: 0)
        #expect(message.header == MessageHeader(sessionID: 0x351D, messageCounter: 0x0053_1422))
        #expect(message.payload == (try vector.hex("payload")))
        #expect(message.protocolHeader.protocolID == .interactionModel)
    }

    @Test func encryptsLikeMatterJS() throws {
        let vector = try vectors.block("securesession-encrypt")
        let message = Message(
            header: MessageHeader(sessionID: 0x8D4B, messageCounter: 12_519_906),
            protocolHeader: ProtocolHeader(
                isInitiator: false, needsAcknowledgement: true, opcode: 0x05, exchangeID: 0x048D,
                protocolID: .interactionModel, acknowledgedMessageCounter: 0x0053_1422),
            payload: try vector.hex("payload"))
        let sealed = try SecureMessageCodec.seal(message, key: try vector.hex("key"), senderNodeID: 0)
        #expect(Array(sealed.dropFirst(MessageHeader.fixedLength)) == (try vector.hex("sealed")))
        #expect(try SecureMessageCodec.open(sealed, key: try vector.hex("key"), senderNodeID: 0) == message)
    }

    @Test func alteredOrMisaddressedMessagesAreRefused() throws {
        let vector = try vectors.block("securesession-decrypt")
        let original = try vector.hex("message")
        let key = try vector.hex("key")
        for index in [0, 1, 3, 4, 8, 20, original.count - 1] {
            var altered = original
            altered[index] ^= 0x08
            #expect(throws: MessageDecodingError.self) {
                try SecureMessageCodec.open(altered, key: key, senderNodeID: 0)
            }
        }
        #expect(throws: MessageDecodingError.authenticationFailed) {
            try SecureMessageCodec.open(original, key: key, senderNodeID: 1)
        }
        #expect(throws: MessageDecodingError.truncated(field: "message integrity check", needed: 16, available: 15)) {
            try SecureMessageCodec.open(Array(original.prefix(8 + 15)), key: key, senderNodeID: 0)
        }
        // Session 0 unicast is plain text; the privacy flag is not supported.
        #expect(throws: MessageDecodingError.unexpectedEncryption(encrypted: false)) {
            try SecureMessageCodec.open(
                bytes(fromHex: "0000000000000000") + original.dropFirst(8), key: key, senderNodeID: 0)
        }
        var privacy = original
        privacy[3] = 0x80
        #expect(throws: MessageDecodingError.privacyNotSupported) {
            try SecureMessageCodec.open(privacy, key: key, senderNodeID: 0)
        }
    }

    @Test func roundTripWithGroupHeaderAndNodeIDs() throws {
        var random = SeededGenerator(seed: 7)
        let key = random.bytes(count: 16)
        let message = Message(
            header: MessageHeader(
                sessionID: 0x4242, sessionType: .group, messageCounter: 77, sourceNodeID: 0xDEAD_BEEF,
                destination: .group(5)),
            protocolHeader: ProtocolHeader(
                isInitiator: true, needsAcknowledgement: false, opcode: 2, exchangeID: 3, protocolID: .echo),
            payload: random.bytes(count: 100))
        let sealed = try SecureMessageCodec.seal(message, key: key, senderNodeID: 0xDEAD_BEEF)
        #expect(try SecureMessageCodec.open(sealed, key: key, senderNodeID: 0xDEAD_BEEF) == message)
    }
}
