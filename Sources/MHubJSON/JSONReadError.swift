/// Why a member of a JSON object could not be read: where, and what was wrong, as facts. Each kind of input words
/// them its own way (`JSONReadContext`): a request's arguments, a scenario file, the configuration.
public struct JSONReadError: Error, Hashable, Sendable {
    public enum Problem: Hashable, Sendable {
        /// The value must be an object; `what` says what it is (`"a fault"`, `"args"`).
        case notAnObject(what: String, found: String)
        case wrongType(expected: Expected, found: String)
        /// A number was wanted, from `bounds`, and the value is not a whole number.
        case notWholeNumber(found: String, bounds: Bounds)
        case outOfRange(bounds: Bounds, value: String)
        case notAChoice(choices: [String], found: String)
        /// A required member is absent (`path` names it).
        case missing
        /// A member nobody read; `path` names it; `known` are the members that were read, sorted.
        case unknownMember(in: String, known: [String])
        /// A rule of the caller's own, worded by it.
        case invalid(String)
    }

    public enum Expected: Hashable, Sendable {
        case string
        case bool
        case array
        case object

        /// As the messages name it: "a string", "true or false".
        public var phrase: String {
            switch self {
            case .string: "a string"
            case .bool: "true or false"
            case .array: "an array"
            case .object: "an object"
            }
        }
    }

    /// A range of whole numbers, written out (the type's own bounds when no narrower range was asked for).
    public struct Bounds: Hashable, Sendable {
        public var lower: String
        public var upper: String

        public init(lower: String, upper: String) {
            self.lower = lower
            self.upper = upper
        }
    }

    public var path: JSONPath
    public var problem: Problem

    public init(path: JSONPath, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    /// The member's key, `""` for a value that is not a member.
    public var key: String { path.lastKey ?? "" }
}

/// A kind of JSON input the object reader reads: how it words a failure, and whether a member that is `null` counts
/// as absent (a request's arguments) or as a value of the wrong type (scenario files, the configuration).
public protocol JSONReadContext {
    associatedtype Failure: Error
    var nullIsAbsent: Bool { get }
    func failure(_ error: JSONReadError) -> Failure
}
