/// Ways to cut one input into the pieces an incremental decoder is fed with.
public enum Chunking {
    /// The whole input in one piece, one byte at a time, and pieces whose lengths come from a generator seeded
    /// with the input itself, so a saved input replays the same cuts.
    public static func splits(of bytes: [UInt8]) -> [[ArraySlice<UInt8>]] {
        var whole = [bytes[...]]
        if bytes.isEmpty { whole = [] }
        let single = bytes.indices.map { bytes[$0..<$0 + 1] }
        var generator = InputSeededGenerator(seed: bytes)
        var random: [ArraySlice<UInt8>] = []
        var start = 0
        while start < bytes.count {
            // Mostly short pieces, sometimes long ones, so both header splits and big jumps happen.
            let limit = generator.next() % 4 == 0 ? 512 : 8
            let length = min(bytes.count - start, 1 + Int(generator.next() % UInt64(limit)))
            random.append(bytes[start..<start + length])
            start += length
        }
        return [whole, single, random]
    }
}

/// SplitMix64 seeded with an FNV-1a hash of some bytes: randomness that is a function of the input.
public struct InputSeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    public init(seed bytes: some Sequence<UInt8>) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
        }
        state = hash
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
