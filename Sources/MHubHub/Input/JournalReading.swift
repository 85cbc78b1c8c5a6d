import MHubJSON

/// Why a journal line's JSON does not hold what it must: the member's path and what is wrong.
struct JournalFieldError: Error {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}

/// An object of a journal line, read by the one JSON-object reader; every failure names the member's path.
typealias JournalObject = JSONObjectReader<JournalReading>

/// How the input journal words a failure: the value's path, dotted from the line (`line.random`) or, inside an
/// entry's input, from the input (`input.matter.session_opened.kind`), then what is wrong. The journal writes `null`
/// for a value it does not have, so `null` reads as absent.
struct JournalReading: JSONReadContext {
    /// What the paths start from: `line`, or `input` for an entry's input.
    var root: String

    var nullIsAbsent: Bool { true }

    /// `path` as the journal's errors name it.
    func name(_ path: JSONPath) -> String {
        JSONPath([.key(root)] + path.components).dotted
    }

    func failure(_ error: JSONReadError) -> JournalFieldError {
        let name = name(error.path)
        return switch error.problem {
        case .notAnObject: failure(at: error.path, isNot: "an object")
        case .wrongType(let expected, _): failure(at: error.path, isNot: expected.phrase)
        case .notWholeNumber: failure(at: error.path, isNot: "a whole number")
        case .outOfRange(let bounds, let value):
            JournalFieldError("\(name) is \(value), not from \(bounds.lower) to \(bounds.upper)")
        case .notAChoice(let choices, let found):
            JournalFieldError("\(name): \"\(found)\" is not one of \(choices.joined(separator: ", "))")
        case .missing: JournalFieldError("\(name) is missing")
        case .unknownMember(let what, _): JournalFieldError("\(name): \(what) has no such member")
        case .invalid(let reason): JournalFieldError("\(name): \(reason)")
        }
    }

    /// The value at `path` is not `what` ("a string", "hexadecimal bytes").
    func failure(at path: JSONPath, isNot what: String) -> JournalFieldError {
        JournalFieldError("\(name(path)) is not \(what)")
    }

    /// An object of one member, its name, and a reader of the object to read that member with: how the journal
    /// writes a value of an enum case (`{"session_ended": {…}}`).
    func single(_ value: JSONValue, at path: JSONPath) throws(JournalFieldError) -> (String, JournalObject) {
        guard case .object(let members) = value, members.count == 1, let name = members.keys.first else {
            throw failure(at: path, isNot: "a name or an object of one member")
        }
        return (name, JournalObject(members: members, at: path, context: self))
    }
}

/// The reads the journal's own format needs: `UInt64`s as decimal text, bytes and random values as hexadecimal,
/// strict lists of strings, and enums by their names.
extension JSONObjectReader where Context == JournalReading {
    /// A line of the journal, or an entry's input, as the root of its paths.
    init(_ value: JSONValue, root: String) throws(JournalFieldError) {
        try self.init(value, what: root, context: JournalReading(root: root))
    }

    /// The value at member `key` is not `what`.
    func failure(_ key: String, isNot what: String) -> JournalFieldError {
        context.failure(at: path(key), isNot: what)
    }

    /// A `UInt64`, written as decimal text (JSON numbers stop at 2^63).
    mutating func unsigned(_ key: String) throws(JournalFieldError) -> UInt64 {
        guard let number = UInt64(try requiredString(key)) else {
            throw failure(key, isNot: "an unsigned 64-bit number as text")
        }
        return number
    }

    /// Bytes as hexadecimal text; `nil` when absent.
    mutating func bytes(_ key: String) throws(JournalFieldError) -> [UInt8]? {
        guard let text = try string(key) else { return nil }
        guard let bytes = try? HexText.decode(text).get() else { throw failure(key, isNot: "hexadecimal bytes") }
        return bytes
    }

    mutating func requiredBytes(_ key: String) throws(JournalFieldError) -> [UInt8] {
        guard let bytes = try bytes(key) else { throw failure(key, .missing) }
        return bytes
    }

    /// Random values: 16 hexadecimal digits each, one after another (`InputJournalValues.encode(random:)`).
    mutating func random(_ key: String) throws(JournalFieldError) -> [UInt64] {
        let text = try requiredString(key)
        guard text.utf8.count % 16 == 0 else { throw failure(key, isNot: "16 digits a value") }
        guard let bytes = try? HexText.decode(text).get() else { throw failure(key, isNot: "hexadecimal") }
        return stride(from: 0, to: bytes.count, by: 8).map { start in
            bytes[start..<start + 8].reduce(0) { $0 << 8 | UInt64($1) }
        }
    }

    /// A list of strings, every element one.
    mutating func requiredStrings(_ key: String) throws(JournalFieldError) -> [String] {
        try requiredArray(key).map { (element) throws(JournalFieldError) in
            guard case .string(let text) = element.value else {
                throw context.failure(
                    JSONReadError(
                        path: element.path, problem: .wrongType(expected: .string, found: element.value.typeName)))
            }
            return text
        }
    }

    /// A value named by a string, such as an enum's raw value; `what` names the kind in the failure ("session kind").
    mutating func named<T>(_ key: String, _ what: String, _ value: (String) -> T?) throws(JournalFieldError) -> T {
        let name = try requiredString(key)
        guard let named = value(name) else { throw failure(key, "unknown \(what) \"\(name)\"") }
        return named
    }
}
