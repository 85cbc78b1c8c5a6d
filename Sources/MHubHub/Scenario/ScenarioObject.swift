import MHubJSON

/// Reads the members of one object of a scenario file, remembering which keys were read so that the rest can be
/// named as unknown, and placing every error at the line and column of the value (or key) it is about.
struct ScenarioObject {
    let document: JSONDocument
    let pointer: String
    let members: [String: JSONValue]
    private var known: Set<String> = []

    init(_ value: JSONValue, at pointer: String, in document: JSONDocument, what: String) throws(ScenarioError) {
        guard case .object(let members) = value else {
            throw ScenarioError(
                position: document.position(of: pointer), pointer: pointer,
                reason: "\(what) must be an object, not \(value.typeName)")
        }
        self.document = document
        self.pointer = pointer
        self.members = members
    }

    func pointer(_ key: String) -> String { JSONDocument.pointer(pointer, key) }

    /// An error about the value of `key` (or about the object itself when `key` is nil).
    func error(_ key: String?, _ reason: String) -> ScenarioError {
        let at = key.map { pointer($0) } ?? pointer
        return ScenarioError(position: document.position(of: at), pointer: at, reason: reason)
    }

    var position: JSONDocument.Position { document.position(of: pointer) }

    mutating func raw(_ key: String) -> JSONValue? {
        known.insert(key)
        return members[key]
    }

    mutating func string(_ key: String) throws(ScenarioError) -> String? {
        guard let value = raw(key) else { return nil }
        guard case .string(let text) = value else {
            throw error(key, "\"\(key)\" must be a string, not \(value.typeName)")
        }
        return text
    }

    mutating func requiredString(_ key: String) throws(ScenarioError) -> String {
        guard let text = try string(key) else { throw error(nil, "needs \"\(key)\"") }
        return text
    }

    mutating func choice(_ key: String, in choices: [String]) throws(ScenarioError) -> String? {
        guard let text = try string(key) else { return nil }
        guard choices.contains(text) else {
            throw error(key, "\"\(key)\" must be one of \(choices.joined(separator: ", ")), not \"\(text)\"")
        }
        return text
    }

    mutating func integer(_ key: String, in range: ClosedRange<Int64>) throws(ScenarioError) -> Int64? {
        guard let value = raw(key) else { return nil }
        guard case .integer(let number) = value else {
            throw error(key, "\"\(key)\" must be a whole number, not \(value.typeName)")
        }
        guard range.contains(number) else {
            throw error(key, "\"\(key)\" must be from \(range.lowerBound) to \(range.upperBound), not \(number)")
        }
        return number
    }

    mutating func bool(_ key: String) throws(ScenarioError) -> Bool? {
        guard let value = raw(key) else { return nil }
        guard case .bool(let flag) = value else {
            throw error(key, "\"\(key)\" must be true or false, not \(value.typeName)")
        }
        return flag
    }

    /// The elements of an array member with their pointers; `[]` when the key is absent.
    mutating func array(_ key: String) throws(ScenarioError) -> [(value: JSONValue, pointer: String)] {
        guard let value = raw(key) else { return [] }
        guard case .array(let elements) = value else {
            throw error(key, "\"\(key)\" must be an array, not \(value.typeName)")
        }
        return elements.enumerated().map { ($0.element, JSONDocument.pointer(pointer(key), String($0.offset))) }
    }

    /// Names the first key that was never read, at the key itself.
    func rejectUnknownKeys(_ what: String) throws(ScenarioError) {
        guard let unknown = members.keys.filter({ !known.contains($0) }).sorted().first else { return }
        let at = pointer(unknown)
        throw ScenarioError(
            position: document.positionOfKey(at), pointer: at,
            reason: "unknown key \"\(unknown)\" in \(what); it takes \(known.sorted().joined(separator: ", "))")
    }
}
