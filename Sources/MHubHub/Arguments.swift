import MHubJSON
import MHubProtocol

/// A request's `args` (and the objects inside them, such as a firmware update), read by the one JSON-object reader;
/// every failure is InvalidArguments naming the argument.
typealias Arguments = JSONObjectReader<ArgumentReading>

/// How a request's arguments word a failure; `null` is the same as an absent argument.
struct ArgumentReading: JSONReadContext {
    var nullIsAbsent: Bool { true }

    func failure(_ error: JSONReadError) -> HubError {
        let name = "argument '\(error.key)'"
        return switch error.problem {
        case .notAnObject(let what, let found): HubError(.invalidArguments, "\(what) must be an object, not \(found)")
        case .wrongType(let expected, let found):
            HubError(.invalidArguments, "\(name) must be \(expected.phrase), not \(found)")
        case .notWholeNumber(_, let bounds), .outOfRange(let bounds, _):
            HubError(.invalidArguments, "\(name) must be a whole number from \(bounds.lower) to \(bounds.upper)")
        case .notAChoice(let choices, let found):
            HubError(.invalidArguments, "\(name) must be one of \(choices.joined(separator: ", ")), not \"\(found)\"")
        case .missing: HubError(.invalidArguments, "\(name) is required")
        case .unknownMember(let what, _): HubError(.invalidArguments, "\(what) takes no argument '\(error.key)'")
        case .invalid(let reason): HubError(.invalidArguments, reason)
        }
    }
}

extension JSONObjectReader where Context == ArgumentReading {
    /// A request's `args`: absent or `null` is no argument; anything else must be an object.
    init(_ value: JSONValue?) throws(HubError) {
        switch value {
        case nil, .null?: self.init(members: [:], context: ArgumentReading())
        case let value?: try self.init(value, what: "args", context: ArgumentReading())
        }
    }

    /// Fails on the first argument (in key order) the command did not read.
    func rejectUnknown(command: HubCommand) throws(HubError) {
        try rejectUnknown(in: command.rawValue)
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
