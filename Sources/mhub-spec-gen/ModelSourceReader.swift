/// Reads matter.js's specification model (`support/models/src/v1.4/spec.ts`): the call tree that starts at
/// `Matter(` after the imports, as `SourceElement`s. Only the literal subset the generated file uses is accepted;
/// anything else stops with its line, so a change of format is noticed rather than misread.
struct ModelSourceReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The root element: the first `Name(` call after `export const … =`.
    mutating func readRoot() throws(ModelSourceError) -> SourceElement {
        guard let start = find("= Matter(") else { throw error("no `= Matter(` in the source") }
        offset = start + 2
        return try element()
    }

    private func find(_ marker: String) -> Int? {
        let needle = Array(marker.utf8)
        guard needle.count <= bytes.count else { return nil }
        for index in 0...(bytes.count - needle.count) where bytes[index..<index + needle.count].elementsEqual(needle) {
            return index
        }
        return nil
    }

    private var line: Int { bytes[..<min(offset, bytes.count)].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 } }

    private func error(_ message: String) -> ModelSourceError {
        ModelSourceError(line: line, message: message)
    }

    // MARK: Elements

    /// `Kind({ properties }, child, child, …)`.
    private mutating func element() throws(ModelSourceError) -> SourceElement {
        let kind = try identifier()
        try expect("(")
        skipSpace()
        guard case .object(let properties) = try value() else {
            throw error("\(kind)'s first argument is not an object")
        }
        var children: [SourceElement] = []
        while true {
            skipSpace()
            if peek == UInt8(ascii: ")") {
                offset += 1
                return SourceElement(kind: kind, properties: properties, children: children)
            }
            try expect(",")
            skipSpace()
            if peek == UInt8(ascii: ")") { continue }
            children.append(try element())
        }
    }

    // MARK: Values

    private mutating func value() throws(ModelSourceError) -> SourceValue {
        skipSpace()
        guard let byte = peek else { throw error("the source ends inside a value") }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return .string(try concatenatedString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(number())
        default:
            let word = try identifier()
            switch word {
            case "null": return .null
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: throw error("unexpected `\(word)` where a value belongs")
            }
        }
    }

    private mutating func object() throws(ModelSourceError) -> SourceValue {
        try expect("{")
        var members: [(name: String, value: SourceValue)] = []
        while true {
            skipSpace()
            if peek == UInt8(ascii: "}") {
                offset += 1
                return .object(members)
            }
            let name = peek == UInt8(ascii: "\"") ? try quoted() : try identifier()
            try expect(":")
            members.append((name, try value()))
            skipSpace()
            if peek == UInt8(ascii: ",") {
                offset += 1
            } else if peek != UInt8(ascii: "}") {
                throw error("expected `,` or `}` after member `\(name)`")
            }
        }
    }

    private mutating func array() throws(ModelSourceError) -> SourceValue {
        try expect("[")
        var elements: [SourceValue] = []
        while true {
            skipSpace()
            if peek == UInt8(ascii: "]") {
                offset += 1
                return .array(elements)
            }
            elements.append(try value())
            skipSpace()
            if peek == UInt8(ascii: ",") {
                offset += 1
            } else if peek != UInt8(ascii: "]") {
                throw error("expected `,` or `]` in an array")
            }
        }
    }

    /// `"a" + "b" + …`, as one string.
    private mutating func concatenatedString() throws(ModelSourceError) -> String {
        var text = try quoted()
        while true {
            let mark = offset
            skipSpace()
            guard peek == UInt8(ascii: "+") else {
                offset = mark
                return text
            }
            offset += 1
            skipSpace()
            text += try quoted()
        }
    }

    private mutating func quoted() throws(ModelSourceError) -> String {
        guard let quote = peek, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw error("expected a string")
        }
        offset += 1
        var scalars: [UInt8] = []
        while let byte = peek {
            offset += 1
            if byte == quote { return String(decoding: scalars, as: UTF8.self) }
            guard byte == UInt8(ascii: "\\") else {
                scalars.append(byte)
                continue
            }
            guard let escaped = peek else { break }
            offset += 1
            switch escaped {
            case UInt8(ascii: "n"): scalars.append(UInt8(ascii: "\n"))
            case UInt8(ascii: "t"): scalars.append(UInt8(ascii: "\t"))
            case UInt8(ascii: "r"): scalars.append(UInt8(ascii: "\r"))
            case UInt8(ascii: "u"):
                guard offset + 4 <= bytes.count,
                    let code = UInt32(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16),
                    let scalar = Unicode.Scalar(code)
                else { throw error("a bad \\u escape") }
                offset += 4
                scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
            default: scalars.append(escaped)
            }
        }
        throw error("the source ends inside a string")
    }

    private mutating func number() -> String {
        let start = offset
        if peek == UInt8(ascii: "-") { offset += 1 }
        while let byte = peek, byte.isNumberByte { offset += 1 }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    // MARK: Tokens

    private var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func identifier() throws(ModelSourceError) -> String {
        skipSpace()
        let start = offset
        while let byte = peek, byte.isIdentifierByte { offset += 1 }
        guard offset > start else { throw error("expected a name") }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    private mutating func expect(_ token: Character) throws(ModelSourceError) {
        skipSpace()
        guard let byte = peek, let ascii = token.asciiValue, byte == ascii else {
            throw error("expected `\(token)`")
        }
        offset += 1
    }

    /// White space and comments.
    private mutating func skipSpace() {
        while let byte = peek {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
                || byte == UInt8(ascii: "\r")
            {
                offset += 1
            } else if byte == UInt8(ascii: "/"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "/") {
                while let next = peek, next != UInt8(ascii: "\n") { offset += 1 }
            } else if byte == UInt8(ascii: "/"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "*") {
                offset += 2
                while offset + 1 < bytes.count,
                    !(bytes[offset] == UInt8(ascii: "*") && bytes[offset + 1] == UInt8(ascii: "/"))
                {
                    offset += 1
                }
                offset += 2
            } else {
                return
            }
        }
    }
}

extension UInt8 {
    fileprivate var isIdentifierByte: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || self == UInt8(ascii: "_")
            || self == UInt8(ascii: "$")
    }

    fileprivate var isNumberByte: Bool {
        isIdentifierByte || self == UInt8(ascii: ".")
    }
}
