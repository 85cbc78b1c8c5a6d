/// Lookups and lexical rules shared by request and response heads.
enum HTTPHeaderFields {
    /// The value of the first field named `name`, compared case-insensitively (RFC 9110 §5.1).
    static func first(_ name: String, in headers: [(name: String, value: String)]) -> String? {
        headers.first { equalIgnoringASCIICase($0.name, name) }?.value
    }

    /// The values of every field named `name`, in order.
    static func all(_ name: String, in headers: [(name: String, value: String)]) -> [String] {
        headers.filter { equalIgnoringASCIICase($0.name, name) }.map(\.value)
    }

    /// The elements of every comma-separated list in the fields named `name`, trimmed, empty ones dropped.
    ///
    /// RFC 9110 §5.3 makes repeated list fields equivalent to one field with the values joined by commas, and
    /// §5.6.1 lets list elements be empty.
    static func listElements(_ name: String, in headers: [(name: String, value: String)]) -> [String] {
        all(name, in: headers).flatMap { value in
            value.split(separator: ",").map { trimmingWhitespace(Substring($0)) }.filter { !$0.isEmpty }
        }
    }

    /// Whether any list element of the fields named `name` equals `token`, ignoring ASCII case.
    static func listContains(_ name: String, token: String, in headers: [(name: String, value: String)]) -> Bool {
        listElements(name, in: headers).contains { equalIgnoringASCIICase($0, token) }
    }

    /// Whether `text` is a non-empty `token` (RFC 9110 §5.6.2), the grammar of methods and field names.
    static func isToken(_ text: some Collection<UInt8>) -> Bool {
        !text.isEmpty && text.allSatisfy(isTokenCharacter)
    }

    /// `text` without leading and trailing spaces and tabs (RFC 9110 §5.6.3 "OWS").
    static func trimmingWhitespace(_ text: Substring) -> String {
        let isWhitespace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = text.firstIndex(where: { !isWhitespace($0) }),
            let end = text.lastIndex(where: { !isWhitespace($0) })
        else { return "" }
        return String(text[start...end])
    }

    static func equalIgnoringASCIICase(_ left: String, _ right: String) -> Bool {
        left.utf8.elementsEqual(right.utf8) { lowercased($0) == lowercased($1) }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "a")...UInt8(ascii: "z"):
            true
        default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}
