import MHubJSON

/// One object of a scenario file, read by the one JSON-object reader; every failure is placed at the line and
/// column of the value (or, for an unknown key, the key) it is about.
typealias ScenarioObject = JSONObjectReader<ScenarioReading>

/// How a scenario file words a failure, and where in the file it is.
struct ScenarioReading: JSONReadContext {
    let document: JSONDocument

    var nullIsAbsent: Bool { false }

    func failure(_ error: JSONReadError) -> ScenarioError {
        let key = "\"\(error.key)\""
        switch error.problem {
        case .notAnObject(let what, let found):
            return self.error(at: error.path, "\(what) must be an object, not \(found)")
        case .wrongType(let expected, let found):
            return self.error(at: error.path, "\(key) must be \(expected.phrase), not \(found)")
        case .notWholeNumber(let found, _):
            return self.error(at: error.path, "\(key) must be a whole number, not \(found)")
        case .outOfRange(let bounds, let value):
            return self.error(at: error.path, "\(key) must be from \(bounds.lower) to \(bounds.upper), not \(value)")
        case .notAChoice(let choices, let found):
            return self.error(
                at: error.path, "\(key) must be one of \(choices.joined(separator: ", ")), not \"\(found)\"")
        case .missing:
            return self.error(at: error.path.parent, "needs \(key)")
        case .unknownMember(let what, let known):
            let pointer = error.path.pointer
            return ScenarioError(
                position: document.positionOfKey(pointer), pointer: pointer,
                reason: "unknown key \(key) in \(what); it takes \(known.joined(separator: ", "))")
        case .invalid(let reason):
            return self.error(at: error.path, reason)
        }
    }

    func error(at path: JSONPath, _ reason: String) -> ScenarioError {
        let pointer = path.pointer
        return ScenarioError(position: document.position(of: pointer), pointer: pointer, reason: reason)
    }
}

extension JSONObjectReader where Context == ScenarioReading {
    init(_ value: JSONValue, at path: JSONPath, in document: JSONDocument, what: String) throws(ScenarioError) {
        try self.init(value, at: path, what: what, context: ScenarioReading(document: document))
    }

    /// An error about the value of `key` (or about the object itself when `key` is nil).
    func error(_ key: String?, _ reason: String) -> ScenarioError {
        failure(key, reason)
    }

    /// Where the object starts in the file.
    var position: JSONDocument.Position { context.document.position(of: path.pointer) }
}
