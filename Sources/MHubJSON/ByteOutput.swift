/// Bytes written one after another into one buffer that grows by doubling: what `JSONWriter` and the store's binary
/// node form (`NodeDataCodec.encodeBinary`) write into. It cannot be copied, so an append checks the capacity only,
/// where an `[UInt8]` checks its uniqueness too for every byte.
///
/// The appends are inlinable, so that writers in other modules (the store's binary node form) append a byte in a
/// few instructions rather than a call each.
public struct ByteOutput: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var count = 0
    @usableFromInline var capacity: Int

    public init(capacity: Int = 1024) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// How many bytes are written.
    public var written: Int { count }

    /// Writes `value` as four little-endian bytes over those at `offset`, which are written already (a length that
    /// goes before what it measures).
    public mutating func overwrite(littleEndian value: UInt32, at offset: Int) {
        precondition(offset >= 0 && offset + 4 <= count, "overwrite(littleEndian:at:) past the bytes written")
        UnsafeMutableRawPointer(base + offset).storeBytes(of: value.littleEndian, as: UInt32.self)
    }

    /// The bytes written, as an array (one copy).
    public consuming func bytes() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if let destination = buffer.baseAddress {
                destination.update(from: base, count: count)
            }
            initialized = count
        }
    }

    @inlinable @inline(__always) public mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inlinable @inline(__always) public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// A literal's UTF-8 bytes.
    @inlinable @inline(__always) public mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    public mutating func append(contentsOf bytes: some Sequence<UInt8>) {
        if bytes.withContiguousStorageIfAvailable({ append($0) }) == nil {
            for byte in bytes { append(byte) }
        }
    }

    /// `value` in decimal: a minus sign when it is negative, then at least `minimumDigits` digits (zeros first).
    ///
    /// The digits are counted first and written in place from the last, not through a small buffer.
    public mutating func appendDecimal(_ value: Int64, minimumDigits: Int = 1) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var (digits, limit): (Int, UInt64) = (1, 10)
        while digits < 20 && magnitude >= limit {  // 2^63 has 19 digits; 10^19 still fits
            (digits, limit) = (digits + 1, limit &* 10)
        }
        let width = max(digits, minimumDigits)
        reserve(width)
        var index = count + width
        repeat {
            index -= 1
            base[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while index > count
        count += width
    }

    @inlinable @inline(__always) mutating func reserve(_ more: Int) {
        if count + more > capacity { grow(to: count + more) }
    }

    @usableFromInline mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
