/// A JSON text a person wrote, parsed, with where each value and key starts (`JSONParser.parseDocument`), so
/// that every error about what a value means names its line and column, as the parser's own errors do.
///
/// Values are found by JSON Pointer (RFC 6901): `""` is the whole document, `/timeline/3/at` the `at` member
/// of the fourth element of `timeline`.
public struct JSONDocument: Sendable {
    /// Where a value starts, and for an object's member where its key starts (byte offsets).
    public struct Location: Hashable, Sendable {
        public var key: Int?
        public var value: Int
    }

    /// A line and column, both from 1; the column counts characters (Unicode scalars), not bytes.
    public struct Position: Hashable, Sendable, CustomStringConvertible {
        public var line: Int
        public var column: Int

        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }

        public var description: String { "line \(line), column \(column)" }
    }

    public let value: JSONValue
    let bytes: [UInt8]
    let locations: [String: Location]

    /// The pointer of `parent`'s member or element `token`, escaped as RFC 6901 says (`~0`, `~1`).
    public static func pointer(_ parent: String, _ token: String) -> String {
        guard token.contains("~") || token.contains("/") else { return "\(parent)/\(token)" }
        var escaped = ""
        for character in token {
            switch character {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.append(character)
            }
        }
        return "\(parent)/\(escaped)"
    }

    /// Where the value at `pointer` starts; for a pointer the document does not have (a missing member), where
    /// its nearest existing parent starts.
    public func position(of pointer: String) -> Position {
        var current = pointer
        while true {
            if let location = locations[current] { return position(atOffset: location.value) }
            guard let slash = current.lastIndex(of: "/") else { return position(atOffset: 0) }
            current = String(current[..<slash])
        }
    }

    /// Where the key of the member at `pointer` starts (for an unknown key), else where its value does.
    public func positionOfKey(_ pointer: String) -> Position {
        if let key = locations[pointer]?.key { return position(atOffset: key) }
        return position(of: pointer)
    }

    /// The line and column of a byte offset in the text (of a parse error's offset, too).
    public func position(atOffset offset: Int) -> Position {
        Self.position(atOffset: offset, in: bytes)
    }

    public static func position(atOffset offset: Int, in bytes: [UInt8]) -> Position {
        var line = 1
        var column = 1
        for byte in bytes.prefix(max(0, min(offset, bytes.count))) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return Position(line: line, column: column)
    }
}
