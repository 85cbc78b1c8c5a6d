import MHubTestSupport
import MatterCrypto
import Testing

@testable import MatterMessage

/// Seeded random and mutated inputs into every decoder: each returns a value or a typed error, never
/// crashes or hangs.
@Suite struct MessageFuzzTests {
    static let iterations = 4000

    /// Valid messages to mutate: an unsecured PASE request, a group header, a StatusReport.
    static let seeds: [[UInt8]] = [
        Message(
            header: MessageHeader(messageCounter: 5, sourceNodeID: 42),
            protocolHeader: ProtocolHeader(
                isInitiator: true, needsAcknowledgement: true, opcode: 0x20, exchangeID: 0x1234,
                protocolID: .secureChannel, acknowledgedMessageCounter: 9, securedExtensions: [1]),
            payload: [0x15, 0x18]
        ).encodedUnsecured(),
        MessageHeader(
            sessionID: 9, sessionType: .group, messageCounter: 2, sourceNodeID: 3, destination: .group(0x1234),
            messageExtensions: [1, 2, 3]
        ).encoded(),
        StatusReport.busy(minimumWaitMilliseconds: 5000).encoded(),
    ]

    @Test func randomBytes() throws {
        var random = SeededGenerator(seed: 0x5EED)
        for _ in 0..<Self.iterations {
            let length = Int.random(in: 0...64, using: &random)
            try exercise(random.bytes(count: length))
        }
    }

    @Test func mutatedMessages() throws {
        var random = SeededGenerator(seed: 0xF00D)
        for _ in 0..<Self.iterations {
            var bytes = Self.seeds.randomElement(using: &random)!
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                mutate(&bytes, using: &random)
            }
            try exercise(bytes)
        }
    }

    private func exercise(_ bytes: [UInt8]) throws {
        if let (header, length) = try? MessageHeader.decode(bytes) {
            #expect(length <= bytes.count)
            // What decodes re-encodes to the same bytes, except the reserved bits CHIP ignores too.
            #expect(try MessageHeader.decode(header.encoded()).header == header)
        }
        if let (header, length) = try? ProtocolHeader.decode(bytes) {
            #expect(length <= bytes.count)
            #expect(try ProtocolHeader.decode(header.encoded()).header == header)
        }
        if let message = try? Message.decodeUnsecured(bytes) {
            #expect(try Message.decodeUnsecured(message.encodedUnsecured()) == message)
        }
        if let report = try? StatusReport.decode(bytes) {
            #expect(report.encoded() == bytes)
        }
        #expect(throws: MessageDecodingError.self) {
            try SecureMessageCodec.open(bytes, key: [UInt8](repeating: 1, count: 16), senderNodeID: 0)
        }
    }

    private func mutate(_ bytes: inout [UInt8], using random: inout SeededGenerator) {
        switch Int.random(in: 0..<4, using: &random) {
        case 0 where !bytes.isEmpty:
            bytes[Int.random(in: bytes.indices, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
        case 1 where !bytes.isEmpty:
            bytes.removeLast(Int.random(in: 1...bytes.count, using: &random))
        case 2:
            bytes.insert(UInt8.random(in: 0...255, using: &random), at: Int.random(in: 0...bytes.count, using: &random))
        default:
            bytes += random.bytes(count: Int.random(in: 1...8, using: &random))
        }
    }
}
