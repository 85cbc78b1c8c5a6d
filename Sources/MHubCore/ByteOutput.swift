/// Bytes written one after another into one buffer that grows by doubling: what `JSONWriter` and the timestamps
/// write into. Appending to an `[UInt8]` checked the array's uniqueness and capacity for every byte, a third of the
/// writer's time for a `server_info` reply (`bench/`, docs/benchmarks.md).
public struct ByteOutput: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int

    public init(capacity: Int = 1024) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written, as an array (one copy).
    public consuming func bytes() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if let destination = buffer.baseAddress {
                destination.update(from: base, count: count)
            }
            initialized = count
        }
    }

    @inline(__always) public mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always) public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// A literal's UTF-8 bytes.
    @inline(__always) public mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    public mutating func append(contentsOf bytes: some Sequence<UInt8>) {
        if bytes.withContiguousStorageIfAvailable({ append($0) }) == nil {
            for byte in bytes { append(byte) }
        }
    }

    /// `value` in decimal: a minus sign when it is negative, then at least `minimumDigits` digits (zeros first).
    public mutating func appendDecimal(_ value: Int64, minimumDigits: Int = 1) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 20 digits at most (2^64 - 1), as 24 bytes
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for _ in count..<max(count, minimumDigits) {
                append(UInt8(ascii: "0"))
            }
            append(UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[(24 - count)...]))
        }
    }

    @inline(__always) private mutating func reserve(_ more: Int) {
        if count + more > capacity { grow(to: count + more) }
    }

    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
