/// Reads little-endian fields from a byte array, refusing to read past its end.
struct ByteReader {
    let bytes: [UInt8]
    private(set) var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var remaining: Int {
        bytes.count - offset
    }

    mutating func readUInt8(_ field: String) throws(MessageDecodingError) -> UInt8 {
        UInt8(try readInteger(byteCount: 1, field))
    }

    mutating func readUInt16(_ field: String) throws(MessageDecodingError) -> UInt16 {
        UInt16(try readInteger(byteCount: 2, field))
    }

    mutating func readUInt32(_ field: String) throws(MessageDecodingError) -> UInt32 {
        UInt32(try readInteger(byteCount: 4, field))
    }

    mutating func readUInt64(_ field: String) throws(MessageDecodingError) -> UInt64 {
        try readInteger(byteCount: 8, field)
    }

    mutating func readBytes(_ count: Int, _ field: String) throws(MessageDecodingError) -> [UInt8] {
        guard count >= 0, count <= remaining else {
            throw .truncated(field: field, needed: count, available: remaining)
        }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    mutating func readRest() -> [UInt8] {
        defer { offset = bytes.count }
        return Array(bytes[offset...])
    }

    private mutating func readInteger(byteCount: Int, _ field: String) throws(MessageDecodingError) -> UInt64 {
        guard byteCount <= remaining else {
            throw .truncated(field: field, needed: byteCount, available: remaining)
        }
        var value: UInt64 = 0
        for index in 0..<byteCount {
            value |= UInt64(bytes[offset + index]) << (8 * index)
        }
        offset += byteCount
        return value
    }
}

extension Array where Element == UInt8 {
    /// Appends `value` in little-endian byte order, as every multi-byte Matter message field is.
    mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        for index in 0..<(T.bitWidth / 8) {
            append(UInt8(truncatingIfNeeded: value >> (8 * index)))
        }
    }
}
