/// Why some text is not acceptable JSON.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    /// The byte offset where the problem was found.
    public var offset: Int

    public var description: String { "invalid JSON at byte \(offset): \(message)" }
}

/// A strict RFC 8259 JSON parser with hard limits on size and depth.
///
/// It reads UTF-8 bytes, rejects duplicate object keys, lone surrogates, control characters in
/// strings and trailing content, so what it accepts means one thing only.
public struct JSONParser: Sendable {
    public var maximumDepth: Int
    public var maximumBytes: Int

    public init(maximumDepth: Int = 64, maximumBytes: Int = 1 << 20) {
        self.maximumDepth = maximumDepth
        self.maximumBytes = maximumBytes
    }

    public func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
        guard bytes.count <= maximumBytes else {
            throw JSONParseError(message: "the text is longer than \(maximumBytes) bytes", offset: maximumBytes)
        }
        var scanner = Scanner(bytes: Array(bytes), maximumDepth: maximumDepth)
        scanner.skipWhitespace()
        let value = try scanner.value(depth: 0)
        scanner.skipWhitespace()
        guard scanner.isAtEnd else { throw scanner.error("unexpected content after the value") }
        return value
    }

    public func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// Parses a document a person wrote (a scenario file) and remembers where each value and key starts, so
    /// that an error found later, in what the value means, can name its line and column.
    public func parseDocument(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONDocument {
        guard bytes.count <= maximumBytes else {
            throw JSONParseError(message: "the text is longer than \(maximumBytes) bytes", offset: maximumBytes)
        }
        var scanner = Scanner(bytes: Array(bytes), maximumDepth: maximumDepth)
        scanner.locations = [:]
        scanner.skipWhitespace()
        let value = try scanner.value(depth: 0)
        scanner.skipWhitespace()
        guard scanner.isAtEnd else { throw scanner.error("unexpected content after the value") }
        return JSONDocument(value: value, bytes: scanner.bytes, locations: scanner.locations ?? [:])
    }
}

private struct Scanner {
    let bytes: [UInt8]
    let maximumDepth: Int
    var offset = 0
    /// Where each value (and each member's key) starts, by JSON Pointer; recorded only by `parseDocument`.
    var locations: [String: JSONDocument.Location]?
    /// The pointer of the value being read, while recording.
    var pointer = ""

    init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    var isAtEnd: Bool { offset >= bytes.count }

    func error(_ message: String) -> JSONParseError {
        JSONParseError(message: message, offset: offset)
    }

    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    mutating func expect(_ literal: StaticString, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
        let count = literal.utf8CodeUnitCount
        let matches =
            bytes.count - offset >= count
            && literal.withUTF8Buffer { expected in
                (0..<count).allSatisfy { bytes[offset + $0] == expected[$0] }
            }
        guard matches else { throw error("unknown literal; expected \(literal)") }
        offset += count
        return value
    }

    mutating func value(depth: Int) throws(JSONParseError) -> JSONValue {
        guard offset < bytes.count else { throw error("the text ends where a value should be") }
        if locations != nil {
            locations![pointer, default: JSONDocument.Location(key: nil, value: offset)].value = offset
        }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "n"): return try expect("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("unexpected character; expected a value")
        }
    }

    mutating func object(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= maximumDepth else { throw error("nested deeper than \(maximumDepth) levels") }
        offset += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
                throw error("expected a string key")
            }
            let keyOffset = offset
            let key = try string()
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw error("expected ':'") }
            offset += 1
            skipWhitespace()
            let parent = pointer
            if locations != nil {
                pointer = JSONDocument.pointer(parent, key)
                locations![pointer] = JSONDocument.Location(key: keyOffset, value: offset)
            }
            // A duplicate is reported at its key, after its value parsed (one hash lookup per member).
            guard members.updateValue(try value(depth: depth), forKey: key) == nil else {
                throw JSONParseError(message: "duplicate key \"\(key)\"", offset: keyOffset)
            }
            pointer = parent
            skipWhitespace()
            guard offset < bytes.count else { throw error("the text ends inside an object") }
            if bytes[offset] == UInt8(ascii: ",") {
                offset += 1
            } else if bytes[offset] == UInt8(ascii: "}") {
                offset += 1
                return .object(members)
            } else {
                throw error("expected ',' or '}'")
            }
        }
    }

    mutating func array(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= maximumDepth else { throw error("nested deeper than \(maximumDepth) levels") }
        offset += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            return .array(elements)
        }
        let parent = pointer
        while true {
            skipWhitespace()
            if locations != nil { pointer = JSONDocument.pointer(parent, String(elements.count)) }
            elements.append(try value(depth: depth))
            pointer = parent
            skipWhitespace()
            guard offset < bytes.count else { throw error("the text ends inside an array") }
            if bytes[offset] == UInt8(ascii: ",") {
                offset += 1
            } else if bytes[offset] == UInt8(ascii: "]") {
                offset += 1
                return .array(elements)
            } else {
                throw error("expected ',' or ']'")
            }
        }
    }

    mutating func string() throws(JSONParseError) -> String {
        offset += 1
        let start = offset
        // The common case, no escapes: one scan, then the bytes become the string as they are (ASCII needs no
        // validation; `String(validating:)` is generic and costs more than the scan).
        var isASCII = true
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let end = offset
                let decoded = bytes.withUnsafeBufferPointer {
                    let slice = UnsafeBufferPointer(rebasing: $0[start..<end])
                    return isASCII ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self)
                }
                guard let string = decoded else {
                    throw JSONParseError(message: "string is not valid UTF-8", offset: start - 1)
                }
                offset += 1
                return string
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            isASCII = isASCII && byte < 0x80
            offset += 1
        }
        var output = Array(bytes[start..<offset])
        while true {
            guard offset < bytes.count else {
                throw JSONParseError(message: "unterminated string", offset: start - 1)
            }
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                guard let string = String(validating: output, as: UTF8.self) else {
                    throw JSONParseError(message: "string is not valid UTF-8", offset: start - 1)
                }
                return string
            case UInt8(ascii: "\\"):
                offset += 1
                try escape(into: &output)
            case 0x00..<0x20:
                throw error("control character in string")
            default:
                output.append(byte)
                offset += 1
            }
        }
    }

    mutating func escape(into output: inout [UInt8]) throws(JSONParseError) {
        guard offset < bytes.count else { throw error("unterminated escape") }
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800..<0xDC00).contains(scalar) {
                guard bytes.count - offset >= 6, bytes[offset] == UInt8(ascii: "\\"),
                    bytes[offset + 1] == UInt8(ascii: "u")
                else { throw error("lone high surrogate") }
                offset += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw error("lone low surrogate")
            }
            output.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
        default:
            throw error("unknown escape")
        }
    }

    mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard bytes.count - offset >= 4 else { throw error("short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }

    mutating func number() throws(JSONParseError) -> JSONValue {
        let start = offset
        var integral = true
        if bytes[offset] == UInt8(ascii: "-") {
            offset += 1
        }
        guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("expected a digit") }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < bytes.count, isDigit(bytes[offset]) { throw error("leading zero in number") }
        } else {
            skipDigits()
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            integral = false
            offset += 1
            guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("expected a digit after '.'") }
            skipDigits()
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            integral = false
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("expected a digit in exponent") }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        if integral, let integer = Int64(text) {
            return .integer(integer)
        }
        guard let double = Double(text), double.isFinite else {
            throw JSONParseError(message: "number out of range", offset: start)
        }
        return .double(double)
    }

    func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    mutating func skipDigits() {
        while offset < bytes.count, isDigit(bytes[offset]) {
            offset += 1
        }
    }
}
