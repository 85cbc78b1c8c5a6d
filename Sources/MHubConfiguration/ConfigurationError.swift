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

/// Reads the members of one JSON object, remembering which keys were read so that the rest can be
/// reported as unknown.
struct ConfigurationObject {
    let path: String
    let members: [String: JSONValue]
    private var known: Set<String> = []

    init(_ value: JSONValue, path: String) throws(ConfigurationError) {
        guard case .object(let members) = value else {
            throw ConfigurationError(key: path, reason: "must be an object, not \(value.typeName)")
        }
        self.path = path
        self.members = members
    }

    func keyPath(_ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    mutating func raw(_ key: String) -> JSONValue? {
        known.insert(key)
        return members[key]
    }

    mutating func string(_ key: String, default fallback: String) throws(ConfigurationError) -> String {
        guard let value = raw(key) else { return fallback }
        guard case .string(let string) = value else {
            throw ConfigurationError(key: keyPath(key), reason: "must be a string, not \(value.typeName)")
        }
        return string
    }

    mutating func integer<T: FixedWidthInteger>(
        _ key: String, default fallback: T, in range: ClosedRange<T>
    ) throws(ConfigurationError) -> T {
        guard let value = raw(key) else { return fallback }
        guard case .integer(let integer) = value, let number = T(exactly: integer), range.contains(number) else {
            throw ConfigurationError(
                key: keyPath(key), reason: "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    mutating func optionalString(_ key: String) throws(ConfigurationError) -> String? {
        guard let value = raw(key), value != .null else { return nil }
        guard case .string(let string) = value else {
            throw ConfigurationError(key: keyPath(key), reason: "must be a string, not \(value.typeName)")
        }
        return string
    }

    mutating func bool(_ key: String, default fallback: Bool) throws(ConfigurationError) -> Bool {
        guard let value = raw(key) else { return fallback }
        guard case .bool(let flag) = value else {
            throw ConfigurationError(key: keyPath(key), reason: "must be true or false, not \(value.typeName)")
        }
        return flag
    }

    mutating func choice(_ key: String, default fallback: String, in choices: [String]) throws(ConfigurationError)
        -> String
    {
        let value = try string(key, default: fallback)
        guard choices.contains(value) else {
            throw ConfigurationError(
                key: keyPath(key), reason: "must be one of \(choices.joined(separator: ", ")), not \"\(value)\"")
        }
        return value
    }

    mutating func object(_ key: String) throws(ConfigurationError) -> ConfigurationObject {
        try ConfigurationObject(raw(key) ?? .object([:]), path: keyPath(key))
    }

    /// Fails on the first key (in sorted order) that was never read.
    func rejectUnknownKeys() throws(ConfigurationError) {
        if let unknown = members.keys.sorted().first(where: { !known.contains($0) }) {
            throw ConfigurationError(key: keyPath(unknown), reason: "unknown key")
        }
    }
}
