/// SHA-1 (FIPS 180-4 §6.1), used only to derive the handshake's accept value.
///
/// RFC 6455 §4.2.2 fixes SHA-1 for `Sec-WebSocket-Accept`; the digest proves the server read the key and carries no
/// security weight, so SHA-1's broken collision resistance does not matter here.
enum SHA1 {
    /// The 20-byte digest of `message`.
    static func digest(_ message: some Collection<UInt8>) -> [UInt8] {
        var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var block: [UInt8] = []
        block.reserveCapacity(64)
        for byte in message {
            block.append(byte)
            if block.count == 64 {
                compress(&state, block)
                block.removeAll(keepingCapacity: true)
            }
        }
        // Padding (FIPS 180-4 §5.1.1): a one bit, zeros up to 56 bytes mod 64, then the bit length big-endian.
        block.append(0x80)
        if block.count > 56 {
            block.append(contentsOf: repeatElement(0, count: 64 - block.count))
            compress(&state, block)
            block.removeAll(keepingCapacity: true)
        }
        block.append(contentsOf: repeatElement(0, count: 56 - block.count))
        let bitLength = UInt64(message.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) {
            block.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        compress(&state, block)

        var digest: [UInt8] = []
        digest.reserveCapacity(20)
        for word in state {
            for shift in stride(from: 24, through: 0, by: -8) {
                digest.append(UInt8(truncatingIfNeeded: word >> UInt32(shift)))
            }
        }
        return digest
    }

    /// Folds one 64-byte block into the state (FIPS 180-4 §6.1.2).
    private static func compress(_ state: inout [UInt32], _ block: [UInt8]) {
        var schedule = [UInt32](repeating: 0, count: 80)
        for index in 0..<16 {
            schedule[index] =
                UInt32(block[4 * index]) << 24 | UInt32(block[4 * index + 1]) << 16
                | UInt32(block[4 * index + 2]) << 8 | UInt32(block[4 * index + 3])
        }
        for index in 16..<80 {
            let mixed = schedule[index - 3] ^ schedule[index - 8] ^ schedule[index - 14] ^ schedule[index - 16]
            schedule[index] = rotateLeft(mixed, by: 1)
        }

        var a = state[0]
        var b = state[1]
        var c = state[2]
        var d = state[3]
        var e = state[4]
        for index in 0..<80 {
            let function: UInt32
            let constant: UInt32
            switch index {
            case 0..<20:
                function = (b & c) | (~b & d)
                constant = 0x5A82_7999
            case 20..<40:
                function = b ^ c ^ d
                constant = 0x6ED9_EBA1
            case 40..<60:
                function = (b & c) | (b & d) | (c & d)
                constant = 0x8F1B_BCDC
            default:
                function = b ^ c ^ d
                constant = 0xCA62_C1D6
            }
            let temporary = rotateLeft(a, by: 5) &+ function &+ e &+ constant &+ schedule[index]
            e = d
            d = c
            c = rotateLeft(b, by: 30)
            b = a
            a = temporary
        }
        state[0] &+= a
        state[1] &+= b
        state[2] &+= c
        state[3] &+= d
        state[4] &+= e
    }

    private static func rotateLeft(_ word: UInt32, by count: UInt32) -> UInt32 {
        (word << count) | (word >> (32 - count))
    }
}
