import MHubTestSupport
import MatterTestSupport
import Testing

@testable import MatterNode

/// Matter's 4-byte little-endian length prefix, decoded from bytes in any split.
@Suite struct MatterTCPFramingTests {
    static let messages: [[UInt8]] = [[1, 2, 3], Array(repeating: 0xAB, count: 300), [], [9]]

    static func stream() -> [UInt8] {
        messages.flatMap { MatterTCPFraming.frame($0) }
    }

    @Test func theLengthPrefixIsLittleEndian() {
        #expect(MatterTCPFraming.frame([7, 8]) == [2, 0, 0, 0, 7, 8])
        #expect(Array(MatterTCPFraming.frame(Array(repeating: 0, count: 0x0102)).prefix(4)) == [2, 1, 0, 0])
    }

    @Test func oneByteAtATimeOrInRandomSplitsGivesTheSameMessages() throws {
        // An empty message is valid and skipped (CHIP TCP.cpp).
        let expected = Self.messages.filter { !$0.isEmpty }
        var framing = MatterTCPFraming()
        var received: [[UInt8]] = []
        for byte in Self.stream() {
            framing.append([byte])
            while let message = try framing.next() { received.append(message) }
        }
        #expect(received == expected)
        var random = SeededGenerator(seed: 3)
        for _ in 0..<50 {
            var framing = MatterTCPFraming()
            var received: [[UInt8]] = []
            var rest = Self.stream()[...]
            while !rest.isEmpty {
                let count = Int.random(in: 1...rest.count, using: &random)
                framing.append(rest.prefix(count))
                rest = rest.dropFirst(count)
                while let message = try framing.next() { received.append(message) }
            }
            #expect(received == expected)
            #expect(framing.bufferedByteCount == 0)
        }
    }

    @Test func aLengthOverTheLimitIsAnError() throws {
        var framing = MatterTCPFraming()
        framing.append([0x01, 0xFA, 0x00, 0x00])  // 64001
        #expect(throws: MatterTCPFraming.FramingError.messageTooLong(64_001)) { try framing.next() }
        var exact = MatterTCPFraming()
        exact.append([0x00, 0xFA, 0x00, 0x00])  // 64000: waits for the bytes
        #expect(try exact.next() == nil)
    }
}
