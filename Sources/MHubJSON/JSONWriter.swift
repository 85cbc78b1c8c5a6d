/// Writes `JSONValue`s as JSON text: object keys sorted (by their UTF-8 bytes), so equal values give equal text.
///
/// The text is built as UTF-8 bytes and turned into a `String` once, not appended to a `String` scalar by scalar.
public enum JSONWriter {
    public static func compact(_ value: JSONValue) -> String {
        String(decoding: compactUTF8(value), as: UTF8.self)
    }

    /// The compact text as UTF-8 bytes, for writing to a socket without a `String` in between.
    public static func compactUTF8(_ value: JSONValue) -> [UInt8] {
        var output = ByteOutput()
        write(value, indent: nil, level: 0, to: &output)
        return output.bytes()
    }

    public static func pretty(_ value: JSONValue) -> String {
        var output = ByteOutput()
        write(value, indent: Array("  ".utf8), level: 0, to: &output)
        return String(decoding: output.bytes(), as: UTF8.self)
    }

    static func write(_ value: JSONValue, indent: [UInt8]?, level: Int, to output: inout ByteOutput) {
        switch value {
        case .null: output.append("null")
        case .bool(let bool): output.append(bool ? "true" : "false")
        case .integer(let integer): output.appendDecimal(integer)
        case .double(let double):
            // A whole double keeps its fraction (`0.0`), so a reader sees a number of the same kind as was written
            // (a float attribute stays a float). `magnitude`, not `abs`: -2^63 is a whole double whose `abs` as Int64
            // overflows.
            if let exact = Int64(exactly: double), exact.magnitude < 1 << 53 {
                output.append(contentsOf: "\(exact).0".utf8)
            } else {
                output.append(contentsOf: "\(double)".utf8)
            }
        case .string(let string): writeString(string, to: &output)
        case .array(let elements):
            writeContainer(UInt8(ascii: "["), UInt8(ascii: "]"), elements, indent: indent, level: level, to: &output) {
                element, out in
                write(element, indent: indent, level: level + 1, to: &out)
            }
        case .object(let members):
            writeContainer(
                UInt8(ascii: "{"), UInt8(ascii: "}"), keyOrder(of: members), indent: indent, level: level, to: &output
            ) {
                entry, out in
                let member = members[entry.index]
                writeMember(member.key, member.value, indent: indent, level: level, to: &out)
            }
        }
    }

    /// The object's members in the order of their keys' UTF-8 bytes (for keys in NFC, as every key the hub writes
    /// is, the order of `String`'s `<`), as indices into it: sorted by each key's first sixteen bytes as two
    /// integers, and only keys that share those by all their bytes, rather than the members themselves by `String`'s
    /// `<`. Sixteen, not eight: an attribute map's keys ("0/29/65528" … "0/29/65533") share their first eight bytes
    /// within a cluster.
    private static func keyOrder(
        of members: [String: JSONValue]
    ) -> [(prefix: KeyPrefix, index: Dictionary<String, JSONValue>.Index)] {
        var order: [(prefix: KeyPrefix, index: Dictionary<String, JSONValue>.Index)] = []
        order.reserveCapacity(members.count)
        var index = members.startIndex
        while index != members.endIndex {
            order.append((keyPrefix(members[index].key), index))
            members.formIndex(after: &index)
        }
        order.sort { left, right in
            left.prefix != right.prefix
                ? left.prefix < right.prefix
                : members[left.index].key.utf8.lexicographicallyPrecedes(members[right.index].key.utf8)
        }
        return order
    }

    /// A key's first sixteen UTF-8 bytes as two big-endian integers, zeros after a shorter key's end: two keys'
    /// prefixes compare as their bytes do, except that a key and a longer one it begins with may tie.
    private struct KeyPrefix: Equatable, Comparable {
        var high: UInt64
        var low: UInt64

        static func < (left: KeyPrefix, right: KeyPrefix) -> Bool {
            left.high != right.high ? left.high < right.high : left.low < right.low
        }
    }

    private static func keyPrefix(_ key: String) -> KeyPrefix {
        // In place, as `writeString` reads a string; only a string without contiguous UTF-8 is copied.
        key.utf8.withContiguousStorageIfAvailable(keyPrefix)
            ?? Array(key.utf8.prefix(16)).withUnsafeBufferPointer(keyPrefix)
    }

    /// The prefix of a key's bytes, each eight in one load where there are eight, not walking `utf8` byte by byte.
    private static func keyPrefix(_ bytes: UnsafeBufferPointer<UInt8>) -> KeyPrefix {
        KeyPrefix(high: word(bytes, from: 0), low: bytes.count > 8 ? word(bytes, from: 8) : 0)
    }

    /// Eight bytes from `start` (those there are, then zeros) as a big-endian integer.
    private static func word(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> UInt64 {
        if bytes.count - start >= 8, let base = bytes.baseAddress {
            return UInt64(bigEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
        }
        // Fewer than eight, in one copy, not byte by byte (most keys are shorter than sixteen bytes).
        guard let base = bytes.baseAddress, bytes.count > start else { return 0 }
        return UInt64(bigEndian: paddedTail(base + start, count: bytes.count - start, padding: 0))
    }

    private static func writeMember(
        _ key: String, _ value: JSONValue, indent: [UInt8]?, level: Int, to output: inout ByteOutput
    ) {
        writeString(key, to: &output)
        output.append(UInt8(ascii: ":"))
        if indent != nil { output.append(UInt8(ascii: " ")) }
        write(value, indent: indent, level: level + 1, to: &output)
    }

    private static func writeContainer<Elements: Collection>(
        _ open: UInt8, _ close: UInt8, _ elements: Elements, indent: [UInt8]?, level: Int, to output: inout ByteOutput,
        element: (Elements.Element, inout ByteOutput) -> Void
    ) {
        output.append(open)
        guard !elements.isEmpty else {
            output.append(close)
            return
        }
        var first = true
        for each in elements {
            if !first {
                output.append(UInt8(ascii: ","))
            }
            first = false
            if let indent {
                newline(indent, level + 1, to: &output)
            }
            element(each, &output)
        }
        if let indent {
            newline(indent, level, to: &output)
        }
        output.append(close)
    }

    private static func newline(_ indent: [UInt8], _ level: Int, to output: inout ByteOutput) {
        output.append(UInt8(ascii: "\n"))
        for _ in 0..<level {
            output.append(contentsOf: indent)
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Whether one of eight bytes is below 0x20, a quote or a backslash: the bit tricks for "a byte less than n" and
    /// "a zero byte" (after an exclusive or with the byte looked for), each exact, from Sean Eron Anderson's "Bit
    /// Twiddling Hacks" ("Determine if a word has a byte less than n", "… has a zero byte").
    private static func anyNeedsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word & highs
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        return control | ((quotes &- ones) & ~quotes & highs) | ((backslashes &- ones) & ~backslashes & highs) != 0
    }

    /// A JSON string (RFC 8259 section 7): quote, backslash and control characters escaped, the rest as UTF-8.
    ///
    /// Runs of bytes that need no escape are appended whole, not byte by byte.
    static func writeString(_ string: String, to output: inout ByteOutput) {
        output.append(UInt8(ascii: "\""))
        // A native or small string's bytes are read in place; only a string without contiguous UTF-8 is copied.
        if string.utf8.withContiguousStorageIfAvailable({ writeEscaped($0, to: &output) }) == nil {
            Array(string.utf8).withUnsafeBufferPointer { writeEscaped($0, to: &output) }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// The string's bytes with the escapes JSON needs; eight bytes at a time are passed over while none of them
    /// needs one, and the last fewer than eight in one word too.
    private static func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to output: inout ByteOutput) {
        var runStart = 0
        var index = 0
        while index < utf8.count, let base = utf8.baseAddress {
            if index + 8 <= utf8.count {
                if !anyNeedsEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                    index += 8
                    continue
                }
            } else if !anyNeedsEscape(paddedTail(base + index, count: utf8.count - index, padding: 0x20)) {
                break  // the rest, fewer than eight bytes, needs no escape (most keys and short strings)
            }
            let byte = utf8[index]
            index += 1
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            output.append(UnsafeBufferPointer(rebasing: utf8[runStart..<(index - 1)]))
            runStart = index
            switch byte {
            case UInt8(ascii: "\""): output.append(#"\""#)
            case UInt8(ascii: "\\"): output.append(#"\\"#)
            case UInt8(ascii: "\n"): output.append(#"\n"#)
            case UInt8(ascii: "\r"): output.append(#"\r"#)
            case UInt8(ascii: "\t"): output.append(#"\t"#)
            default:
                output.append(#"\u00"#)
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0xF)])
            }
        }
        output.append(UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }

    /// `count` bytes, fewer than eight, as the first bytes in memory of a word whose other bytes are `padding`
    /// (spaces for the escape check, which need no escape; zeros for a key's sort prefix).
    private static func paddedTail(_ bytes: UnsafePointer<UInt8>, count: Int, padding: UInt8) -> UInt64 {
        var word = 0x0101_0101_0101_0101 &* UInt64(padding)
        withUnsafeMutableBytes(of: &word) { $0.baseAddress?.copyMemory(from: bytes, byteCount: count) }
        return word
    }
}
