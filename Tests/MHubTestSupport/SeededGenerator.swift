/// SplitMix64: a small seeded generator, so that a test's "random" input is the same on every run and a
/// failing case can be replayed from its seed.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `count` bytes from the generator.
    public mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &self) }
    }
}

/// A generator that returns the same word every time, to pin a random choice (e.g. MRP jitter).
public struct ConstantGenerator: RandomNumberGenerator, Sendable {
    public let value: UInt64

    public init(value: UInt64) {
        self.value = value
    }

    public mutating func next() -> UInt64 {
        value
    }
}
