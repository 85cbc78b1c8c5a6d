import MHubJSON
import MHubProtocol

/// Reads a request's `args`, with an InvalidArguments error naming the argument for anything wrong,
/// and rejects arguments the command does not know.
struct Arguments {
    let values: [String: JSONValue]
    private var known: Set<String> = []

    init(_ value: JSONValue?) throws(HubError) {
        switch value {
        case nil, .null?: values = [:]
        case .object(let members)?: values = members
        case let other?: throw HubError(.invalidArguments, "args must be an object, not \(other.typeName)")
        }
    }

    mutating func raw(_ name: String) -> JSONValue? {
        known.insert(name)
        if case .null? = values[name] { return nil }
        return values[name]
    }

    mutating func string(_ name: String) throws(HubError) -> String? {
        guard let value = raw(name) else { return nil }
        guard case .string(let string) = value else {
            throw HubError(.invalidArguments, "argument '\(name)' must be a string, not \(value.typeName)")
        }
        return string
    }

    mutating func requiredString(_ name: String) throws(HubError) -> String {
        guard let value = try string(name) else { throw HubError(.invalidArguments, "argument '\(name)' is required") }
        return value
    }

    mutating func integer<T: FixedWidthInteger>(_ name: String, as type: T.Type = T.self) throws(HubError) -> T? {
        guard let value = raw(name) else { return nil }
        guard case .integer(let number) = value, let result = T(exactly: number) else {
            throw HubError(
                .invalidArguments, "argument '\(name)' must be a whole number from \(T.min) to \(T.max)")
        }
        return result
    }

    mutating func requiredInteger<T: FixedWidthInteger>(_ name: String, as type: T.Type = T.self) throws(HubError)
        -> T
    {
        guard let value: T = try integer(name) else {
            throw HubError(.invalidArguments, "argument '\(name)' is required")
        }
        return value
    }

    mutating func bool(_ name: String) throws(HubError) -> Bool? {
        guard let value = raw(name) else { return nil }
        guard case .bool(let flag) = value else {
            throw HubError(.invalidArguments, "argument '\(name)' must be true or false, not \(value.typeName)")
        }
        return flag
    }

    /// Fails on the first argument (in sorted order) the command did not read.
    func rejectUnknown(command: HubCommand) throws(HubError) {
        try rejectUnknown(in: command.rawValue)
    }

    /// Fails on the first member (in sorted order) that was not read, naming what they belong to ("an update").
    func rejectUnknown(in what: String) throws(HubError) {
        if let unknown = values.keys.sorted().first(where: { !known.contains($0) }) {
            throw HubError(.invalidArguments, "\(what) takes no argument '\(unknown)'")
        }
    }
}

/// Names: 1 to 64 bytes of UTF-8, not only white space.
///
/// White space is trimmed from both ends by finding the first and the last other character; a name with none to trim
/// is returned as it is.
func validatedName(_ name: String, what: String) throws(HubError) -> String {
    guard let first = name.firstIndex(where: { !$0.isWhitespace }),
        let last = name.lastIndex(where: { !$0.isWhitespace }),
        name.utf8[first...last].count <= 64
    else {
        throw HubError(.invalidArguments, "\(what) must be 1 to 64 bytes of text, not only spaces")
    }
    return first == name.startIndex && last == name.index(before: name.endIndex) ? name : String(name[first...last])
}
