import Testing

@testable import HomeKitAccessory

/// A stand-in for ChaCha20-Poly1305 with the same shapes: a keystream from key, nonce and position, and a 16-byte
/// tag over key, nonce, additional data and ciphertext, so a frame opens only with the key, nonce and length bytes
/// it was sealed with.
struct FakeAEAD: HAPAEAD {
    struct BadTag: Error {}

    func seal(_ plaintext: [UInt8], key: [UInt8], nonce: [UInt8], additionalData: [UInt8]) throws -> [UInt8] {
        let ciphertext = Self.xor(plaintext, key: key, nonce: nonce)
        return ciphertext + Self.tag(key: key, nonce: nonce, additionalData: additionalData, ciphertext: ciphertext)
    }

    func open(_ sealed: [UInt8], key: [UInt8], nonce: [UInt8], additionalData: [UInt8]) throws -> [UInt8] {
        guard sealed.count >= 16 else { throw BadTag() }
        let ciphertext = Array(sealed.dropLast(16))
        guard
            Array(sealed.suffix(16))
                == Self.tag(key: key, nonce: nonce, additionalData: additionalData, ciphertext: ciphertext)
        else { throw BadTag() }
        return Self.xor(ciphertext, key: key, nonce: nonce)
    }

    private static func xor(_ bytes: [UInt8], key: [UInt8], nonce: [UInt8]) -> [UInt8] {
        bytes.enumerated().map { index, byte in
            byte ^ key[index % key.count] ^ nonce[index % nonce.count] ^ UInt8(truncatingIfNeeded: index)
        }
    }

    /// FNV-1a over everything, twice with different starts.
    private static func tag(key: [UInt8], nonce: [UInt8], additionalData: [UInt8], ciphertext: [UInt8]) -> [UInt8] {
        let input = key + [0xFE] + nonce + [0xFE] + additionalData + [0xFE] + ciphertext
        var halves: [UInt8] = []
        for start: UInt64 in [0xCBF2_9CE4_8422_2325, 0x1234_5678_9ABC_DEF0] {
            var hash = start
            for byte in input { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
            halves += (0..<8).map { UInt8(truncatingIfNeeded: hash >> (8 * $0)) }
        }
        return halves
    }
}

struct HAPFrameTests {
    static let key = [UInt8](repeating: 0xC0, count: 16) + [UInt8](repeating: 0x94, count: 16)

    private func opened(_ bytes: [UInt8], key: [UInt8] = key) throws(HAPWireError) -> [[UInt8]] {
        var opener = HAPFrameOpener(key: key, aead: FakeAEAD())
        opener.append(bytes)
        var messages: [[UInt8]] = []
        while let plaintext = try opener.next() { messages.append(plaintext) }
        return messages
    }

    @Test func theNonceIsFourZerosAndTheCounterLittleEndian() {
        #expect(HAPFrame.nonce(0) == [UInt8](repeating: 0, count: 12))
        #expect(HAPFrame.nonce(0x0102) == [0, 0, 0, 0, 0x02, 0x01, 0, 0, 0, 0, 0, 0])
        #expect(HAPFrame.nonce(.max) == [0, 0, 0, 0] + [UInt8](repeating: 0xFF, count: 8))
    }

    /// The frame of hap-vectors.json's `session` (`HTTP/1.1 204 No Content\r\n\r\n`, 27 bytes) is 1b 00, 27 bytes of
    /// ciphertext and a 16-byte tag; the sealer writes the same layout, with the length bytes as additional data
    /// and frame 0's nonce.
    @Test func aFrameIsLengthCiphertextTag() throws {
        var sealer = HAPFrameSealer(key: Self.key, aead: FakeAEAD())
        let message = Array("HTTP/1.1 204 No Content\r\n\r\n".utf8)
        let frame = try sealer.seal(message)
        #expect(frame.count == 2 + 27 + 16)
        #expect(Array(frame[0..<2]) == [0x1B, 0x00])
        #expect(
            try FakeAEAD().open(
                Array(frame[2...]), key: Self.key, nonce: HAPFrame.nonce(0), additionalData: [0x1B, 0x00])
                == message)
        #expect(sealer.counter == 1)
    }

    @Test func aLongMessageIsSplitAt1024AndCountsItsFrames() throws {
        var sealer = HAPFrameSealer(key: Self.key, aead: FakeAEAD())
        let message = (0..<2500).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let sealed = try sealer.seal(message)
        #expect(sealer.counter == 3)
        #expect(sealed.count == 2500 + 3 * 18)
        #expect(Array(sealed[0..<2]) == [0x00, 0x04])
        #expect(Array(sealed[1042..<1044]) == [0x00, 0x04])
        #expect(Array(sealed[2084..<2086]) == [0xC4, 0x01])  // 452
        let frames = try opened(sealed)
        #expect(frames.map(\.count) == [1024, 1024, 452])
        #expect(frames.flatMap { $0 } == message)
    }

    @Test func countersRunOnAcrossMessagesInBothDirections() throws {
        var sealer = HAPFrameSealer(key: Self.key, aead: FakeAEAD())
        var opener = HAPFrameOpener(key: Self.key, aead: FakeAEAD())
        for index in 0..<5 {
            let message = Array("message \(index)".utf8)
            opener.append(try sealer.seal(message))
            #expect(try opener.next() == message)
            #expect(try opener.next() == nil)
        }
        #expect(sealer.counter == 5)
        #expect(opener.counter == 5)
    }

    @Test func framesArrivingByteByByteOpenWhenWhole() throws {
        var sealer = HAPFrameSealer(key: Self.key, aead: FakeAEAD())
        let stream = try sealer.seal(Array("first".utf8)) + sealer.seal([UInt8](repeating: 9, count: 1500))
        var opener = HAPFrameOpener(key: Self.key, aead: FakeAEAD())
        var frames: [[UInt8]] = []
        for byte in stream {
            opener.append([byte])
            while let frame = try opener.next() { frames.append(frame) }
        }
        #expect(frames == [Array("first".utf8), [UInt8](repeating: 9, count: 1024), [UInt8](repeating: 9, count: 476)])
    }

    @Test func anEmptyMessageIsOneEmptyFrame() throws {
        var sealer = HAPFrameSealer(key: Self.key, aead: FakeAEAD())
        let sealed = try sealer.seal([])
        #expect(sealed.count == 18)
        #expect(try opened(sealed) == [[]])
    }

    @Test func aFrameOutOfOrderOrAlteredFailsAndTheFailureStays() throws {
        var sealer = HAPFrameSealer(key: Self.key, aead: FakeAEAD())
        let first = try sealer.seal(Array("one".utf8))
        let second = try sealer.seal(Array("two".utf8))
        // The second frame first: its nonce is counter 1, the opener expects 0.
        #expect(throws: HAPWireError.frameAuthenticationFailed(counter: 0)) { try opened(second) }
        var altered = first
        altered[3] ^= 1
        #expect(throws: HAPWireError.frameAuthenticationFailed(counter: 0)) { try opened(altered) }
        // The length bytes are authenticated too.
        var longer = first + [0]
        longer[0] += 1
        #expect(throws: HAPWireError.frameAuthenticationFailed(counter: 0)) { try opened(longer) }
        #expect(throws: HAPWireError.frameAuthenticationFailed(counter: 0)) {
            try opened(first, key: [UInt8](repeating: 1, count: 32))
        }

        var opener = HAPFrameOpener(key: Self.key, aead: FakeAEAD())
        opener.append(altered)
        #expect(throws: HAPWireError.frameAuthenticationFailed(counter: 0)) { try opener.next() }
        opener.append(first)
        #expect(throws: HAPWireError.frameAuthenticationFailed(counter: 0)) { try opener.next() }
    }

    @Test func aLengthOver1024IsRefusedBeforeTheFrameArrives() throws {
        #expect(throws: HAPWireError.frameTooLong(length: 1025)) { try opened([0x01, 0x04]) }
        #expect(throws: HAPWireError.frameTooLong(length: 65535)) { try opened([0xFF, 0xFF, 0x00]) }
        #expect(try opened([0x00, 0x04]) == [])
    }
}
