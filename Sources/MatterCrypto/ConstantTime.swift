/// Byte comparisons whose running time does not depend on where the inputs differ.
public enum ConstantTime {
    /// Whether `a` and `b` are equal, looking at every byte of both.
    ///
    /// The lengths are not secret: different lengths return `false` at once. Used for the SPAKE2+ key
    /// confirmations (CHIP `Spake2p::KeyConfirm` compares with `IsBufferContentEqualConstantTime`).
    public static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices {
            difference |= a[index] ^ b[index]
        }
        return difference == 0
    }
}
