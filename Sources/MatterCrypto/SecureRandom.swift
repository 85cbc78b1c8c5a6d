internal import CCrypto

/// Random bytes from libcrypto's cryptographically secure generator (`RAND_bytes`).
///
/// The state machines take randomness as an input (`inout some RandomNumberGenerator`); in production
/// they get this generator, in tests a seeded one.
public struct SecureRandomNumberGenerator: RandomNumberGenerator, Sendable {
    public init() {}

    public mutating func next() -> UInt64 {
        let bytes = Self.bytes(count: 8)
        return bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// `count` random bytes.
    ///
    /// - Important: Stops the process if libcrypto cannot seed its generator: carrying on without secure
    ///   randomness would make every key guessable.
    public static func bytes(count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        guard count > 0 else { return bytes }
        let status = bytes.withUnsafeMutableBufferPointer { RAND_bytes($0.baseAddress, Int32(count)) }
        precondition(status == 1, "RAND_bytes failed: libcrypto has no secure randomness")
        return bytes
    }
}

extension RandomNumberGenerator {
    /// `count` bytes drawn from this generator.
    public mutating func bytes(count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 8)
        while bytes.count < count {
            var word = next()
            for _ in 0..<8 {
                bytes.append(UInt8(truncatingIfNeeded: word))
                word >>= 8
            }
        }
        return Array(bytes.prefix(count))
    }
}
