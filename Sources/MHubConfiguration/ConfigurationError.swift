import MHubJSON

/// Why a configuration file cannot be used; names the key and the reason.
public struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The dotted path of the key, e.g. `hub.passcode`; empty for the file as a whole.
    public var key: String
    public var reason: String

    public init(key: String, reason: String) {
        self.key = key
        self.reason = reason
    }

    public var description: String { key.isEmpty ? reason : "\(key): \(reason)" }
}

/// One object of the configuration, read by the one JSON-object reader; every failure names the key's dotted path.
typealias ConfigurationObject = JSONObjectReader<ConfigurationReading>

/// How the configuration words a failure: the dotted key, then the reason.
struct ConfigurationReading: JSONReadContext {
    var nullIsAbsent: Bool { false }

    func failure(_ error: JSONReadError) -> ConfigurationError {
        let key = error.path.dotted
        return switch error.problem {
        case .notAnObject(_, let found): ConfigurationError(key: key, reason: "must be an object, not \(found)")
        case .wrongType(let expected, let found):
            ConfigurationError(key: key, reason: "must be \(expected.phrase), not \(found)")
        case .notWholeNumber(_, let bounds), .outOfRange(let bounds, _):
            ConfigurationError(key: key, reason: "must be a whole number from \(bounds.lower) to \(bounds.upper)")
        case .notAChoice(let choices, let found):
            ConfigurationError(key: key, reason: "must be one of \(choices.joined(separator: ", ")), not \"\(found)\"")
        case .missing: ConfigurationError(key: key, reason: "is required")
        case .unknownMember: ConfigurationError(key: key, reason: "unknown key")
        case .invalid(let reason): ConfigurationError(key: key, reason: reason)
        }
    }
}

extension JSONObjectReader where Context == ConfigurationReading {
    init(_ value: JSONValue, at path: JSONPath) throws(ConfigurationError) {
        try self.init(value, at: path, what: "it", context: ConfigurationReading())
    }

    /// The dotted path of member `key`, as errors name it.
    func keyPath(_ key: String) -> String { path(key).dotted }

    /// A string, or `nil` when the key is absent or `null`.
    mutating func optionalString(_ key: String) throws(ConfigurationError) -> String? {
        guard let value = raw(key), value != .null else { return nil }
        guard case .string(let text) = value else {
            throw failure(key, .wrongType(expected: .string, found: value.typeName))
        }
        return text
    }

    /// Fails on the first key (in key order) that was never read.
    func rejectUnknownKeys() throws(ConfigurationError) {
        try rejectUnknown(in: "")
    }
}
