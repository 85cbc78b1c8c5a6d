/// A Thread dataset timestamp as the `at` key carries it: 8 bytes big-endian, 48-bit seconds, then 15-bit
/// ticks and the authoritative bit (reference A.4; OpenThread `MeshCoP::Timestamp`, OTBR
/// `ConvertTimestampToUint64`).
public struct ThreadTimestamp: Hashable, Sendable {
    /// Seconds, below 2^48.
    public var seconds: UInt64
    /// Ticks of 1/32768 s, below 2^15.
    public var ticks: UInt16
    public var authoritative: Bool

    public init(seconds: UInt64, ticks: UInt16 = 0, authoritative: Bool = false) {
        self.seconds = seconds
        self.ticks = ticks
        self.authoritative = authoritative
    }

    /// The 8 bytes, after checking the field widths.
    public func bytes() throws(DNSSDError) -> [UInt8] {
        guard seconds < 1 << 48 else {
            throw DNSSDError("activeTimestamp.seconds", "\(seconds) needs more than 48 bits")
        }
        guard ticks < 1 << 15 else { throw DNSSDError("activeTimestamp.ticks", "\(ticks) needs more than 15 bits") }
        let packed = seconds << 16 | UInt64(ticks) << 1 | (authoritative ? 1 : 0)
        return bigEndianBytes(packed)
    }
}

/// `value`'s bytes, most significant first (OpenThread `AppendBigEndianUintEntry`).
func bigEndianBytes<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
    (0..<T.bitWidth / 8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
}
