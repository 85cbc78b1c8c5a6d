/// Writes `JSONValue`s as JSON text: object keys sorted, so equal values give equal text.
///
/// The text is built as UTF-8 bytes and turned into a `String` once: appending to a `String` scalar by scalar
/// was most of the daemon's time per request (the benchmark's profile).
public enum JSONWriter {
    public static func compact(_ value: JSONValue) -> String {
        String(decoding: compactUTF8(value), as: UTF8.self)
    }

    /// The compact text as UTF-8 bytes, for writing to a socket without a `String` in between.
    public static func compactUTF8(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(value, indent: nil, level: 0, to: &output)
        return output
    }

    /// An object given as its members in key order, written without a dictionary made for it first (the messages'
    /// envelopes). The keys must be sorted and distinct, as `compact` would write them.
    public static func compactUTF8(sortedMembers members: some Collection<(key: String, value: JSONValue)>) -> [UInt8] {
        assert(zip(members, members.dropFirst()).allSatisfy { $0.key < $1.key }, "members in key order")
        var output: [UInt8] = []
        output.reserveCapacity(256)
        writeContainer(UInt8(ascii: "{"), UInt8(ascii: "}"), members, indent: nil, level: 0, to: &output) {
            member, out in
            writeMember(member.key, member.value, indent: nil, level: 0, to: &out)
        }
        return output
    }

    public static func pretty(_ value: JSONValue) -> String {
        var output: [UInt8] = []
        write(value, indent: Array("  ".utf8), level: 0, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private static func write(_ value: JSONValue, indent: [UInt8]?, level: Int, to output: inout [UInt8]) {
        switch value {
        case .null: output += "null".utf8
        case .bool(let bool): output += (bool ? "true" : "false").utf8
        case .integer(let integer): writeInteger(integer, to: &output)
        case .double(let double):
            // A whole double keeps its fraction (`0.0`), so a reader sees a number of the same kind as was written
            // (a float attribute stays a float). `magnitude`, not `abs`: -2^63 is a whole double whose `abs` as Int64
            // overflows.
            if let exact = Int64(exactly: double), exact.magnitude < 1 << 53 {
                output += "\(exact).0".utf8
            } else {
                output += "\(double)".utf8
            }
        case .string(let string): writeString(string, to: &output)
        case .array(let elements):
            writeContainer(UInt8(ascii: "["), UInt8(ascii: "]"), elements, indent: indent, level: level, to: &output) {
                element, out in
                write(element, indent: indent, level: level + 1, to: &out)
            }
        case .object(let members):
            let sorted = members.sorted { $0.key < $1.key }
            writeContainer(UInt8(ascii: "{"), UInt8(ascii: "}"), sorted, indent: indent, level: level, to: &output) {
                member, out in
                writeMember(member.key, member.value, indent: indent, level: level, to: &out)
            }
        }
    }

    private static func writeMember(
        _ key: String, _ value: JSONValue, indent: [UInt8]?, level: Int, to output: inout [UInt8]
    ) {
        writeString(key, to: &output)
        output.append(UInt8(ascii: ":"))
        if indent != nil { output.append(UInt8(ascii: " ")) }
        write(value, indent: indent, level: level + 1, to: &output)
    }

    private static func writeContainer<Elements: Collection>(
        _ open: UInt8, _ close: UInt8, _ elements: Elements, indent: [UInt8]?, level: Int, to output: inout [UInt8],
        element: (Elements.Element, inout [UInt8]) -> Void
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

    private static func newline(_ indent: [UInt8], _ level: Int, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\n"))
        for _ in 0..<level {
            output += indent
        }
    }

    /// The decimal digits, straight into the output (no `String` made for them).
    private static func writeInteger(_ integer: Int64, to output: inout [UInt8]) {
        if integer < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = integer.magnitude
        guard magnitude >= 10 else {
            output.append(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 20 digits at most (2^64 - 1), as 24 bytes
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
            output.append(contentsOf: buffer[(24 - count)...])
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A JSON string (RFC 8259 section 7): quote, backslash and control characters escaped, the rest as UTF-8.
    ///
    /// Runs of bytes that need no escape are appended whole: byte by byte was a tenth of a request's time.
    private static func writeString(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // A native or small string's bytes are read in place; only a string without contiguous UTF-8 is copied.
        if string.utf8.withContiguousStorageIfAvailable({ writeEscaped($0, to: &output) }) == nil {
            Array(string.utf8).withUnsafeBufferPointer { writeEscaped($0, to: &output) }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// The string's bytes with the escapes JSON needs.
    private static func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var runStart = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            runStart = index + 1
            switch byte {
            case UInt8(ascii: "\""): output += #"\""#.utf8
            case UInt8(ascii: "\\"): output += #"\\"#.utf8
            case UInt8(ascii: "\n"): output += #"\n"#.utf8
            case UInt8(ascii: "\r"): output += #"\r"#.utf8
            case UInt8(ascii: "\t"): output += #"\t"#.utf8
            default:
                output += #"\u00"#.utf8
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0xF)])
            }
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }
}
