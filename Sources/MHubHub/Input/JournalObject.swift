import MHubJSON

/// Why a journal line's JSON does not hold what it must: the member's path and what is wrong.
struct JournalFieldError: Error {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}

/// A JSON object of a journal line, read member by member; each error names the member's path
/// (`input.matter.session_opened.kind`).
struct JournalObject {
    let members: [String: JSONValue]
    let path: String

    init(_ value: JSONValue, at path: String) throws(JournalFieldError) {
        guard case .object(let members) = value else { throw JournalFieldError("\(path) is not an object") }
        self.members = members
        self.path = path
    }

    func has(_ key: String) -> Bool { members[key] != nil }

    func value(_ key: String) throws(JournalFieldError) -> JSONValue {
        guard let value = members[key] else { throw JournalFieldError("\(path).\(key) is missing") }
        return value
    }

    func object(_ key: String) throws(JournalFieldError) -> JournalObject {
        try JournalObject(try value(key), at: "\(path).\(key)")
    }

    func integer(_ key: String) throws(JournalFieldError) -> Int64 {
        guard case .integer(let number) = try value(key) else {
            throw JournalFieldError("\(path).\(key) is not a whole number")
        }
        return number
    }

    /// A whole number that fits `T`.
    func integer<T: FixedWidthInteger>(_ key: String, as type: T.Type) throws(JournalFieldError) -> T {
        guard let number = T(exactly: try integer(key)) else {
            throw JournalFieldError("\(path).\(key) is out of range for \(T.self)")
        }
        return number
    }

    func optionalInteger<T: FixedWidthInteger>(_ key: String, as type: T.Type) throws(JournalFieldError) -> T? {
        guard let value = members[key], value != .null else { return nil }
        return try integer(key, as: type)
    }

    /// A `UInt64`, written as decimal text (JSON numbers stop at 2^63).
    func unsigned(_ key: String) throws(JournalFieldError) -> UInt64 {
        guard let number = UInt64(try string(key)) else {
            throw JournalFieldError("\(path).\(key) is not an unsigned 64-bit number as text")
        }
        return number
    }

    func bool(_ key: String) throws(JournalFieldError) -> Bool {
        guard case .bool(let flag) = try value(key) else { throw JournalFieldError("\(path).\(key) is not a boolean") }
        return flag
    }

    func string(_ key: String) throws(JournalFieldError) -> String {
        guard case .string(let text) = try value(key) else { throw JournalFieldError("\(path).\(key) is not a string") }
        return text
    }

    func optionalString(_ key: String) throws(JournalFieldError) -> String? {
        guard let value = members[key], value != .null else { return nil }
        return try string(key)
    }

    func array(_ key: String) throws(JournalFieldError) -> [JSONValue] {
        guard case .array(let elements) = try value(key) else {
            throw JournalFieldError("\(path).\(key) is not a list")
        }
        return elements
    }

    func strings(_ key: String) throws(JournalFieldError) -> [String] {
        try array(key).map { (element) throws(JournalFieldError) in
            guard case .string(let text) = element else { throw JournalFieldError("\(path).\(key) holds a non-string") }
            return text
        }
    }

    /// Bytes as hexadecimal text.
    func bytes(_ key: String) throws(JournalFieldError) -> [UInt8] {
        switch HexText.decode(try string(key)) {
        case .success(let bytes): return bytes
        case .failure: throw JournalFieldError("\(path).\(key) is not hexadecimal bytes")
        }
    }

    func optionalBytes(_ key: String) throws(JournalFieldError) -> [UInt8]? {
        guard let value = members[key], value != .null else { return nil }
        return try bytes(key)
    }

    /// Random values: 16 hexadecimal digits each, one after another.
    func random(_ key: String) throws(JournalFieldError) -> [UInt64] {
        let digits = Array(try string(key).utf8)
        guard digits.count % 16 == 0 else { throw JournalFieldError("\(path).\(key) is not 16 digits a value") }
        var values: [UInt64] = []
        var index = 0
        while index < digits.count {
            guard let value = UInt64(String(decoding: digits[index..<index + 16], as: UTF8.self), radix: 16) else {
                throw JournalFieldError("\(path).\(key) is not hexadecimal")
            }
            values.append(value)
            index += 16
        }
        return values
    }
}
