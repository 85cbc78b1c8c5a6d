/// Reads the members of one JSON object, strictly: each read names the member and checks its type (and range or
/// choices), the members read are remembered so that `rejectUnknown` can name the first one nobody asked for, and
/// every failure carries the path of the value it is about. What `TLVFieldReader` is for TLV structures, for the
/// control protocol's arguments, scenario files and the configuration alike; each says its failures its own way
/// through `Context`.
public struct JSONObjectReader<Context: JSONReadContext> {
    /// The object's own path.
    public let path: JSONPath
    public let members: [String: JSONValue]
    /// Every key asked for, present or not; sized once for the dozen or so reads of a typical object, so that
    /// reading does not regrow it from empty.
    private var known = Set<String>(minimumCapacity: 12)
    public let context: Context

    /// `value` must be an object; `what` names it in the failure when it is not ("a fault", "args").
    public init(_ value: JSONValue, at path: JSONPath = .root, what: String, context: Context) throws(Context.Failure) {
        guard case .object(let members) = value else {
            throw context.failure(
                JSONReadError(path: path, problem: .notAnObject(what: what, found: value.typeName)))
        }
        self.init(members: members, at: path, context: context)
    }

    public init(members: [String: JSONValue], at path: JSONPath = .root, context: Context) {
        self.context = context
        self.path = path
        self.members = members
    }

    public func path(_ key: String) -> JSONPath { path.appending(key) }

    /// The failure `problem` about member `key`, or about the object itself when `key` is nil.
    public func failure(_ key: String?, _ problem: JSONReadError.Problem) -> Context.Failure {
        context.failure(JSONReadError(path: key.map(path(_:)) ?? path, problem: problem))
    }

    /// The failure of a rule of the caller's own about member `key` (or the object), worded by the caller.
    public func failure(_ key: String?, _ reason: String) -> Context.Failure {
        failure(key, .invalid(reason))
    }

    /// The member's value as it is, marked as read; `nil` when absent (or `null`, where null counts as absent).
    public mutating func raw(_ key: String) -> JSONValue? {
        known.insert(key)
        let value = members[key]
        if context.nullIsAbsent, case .null? = value { return nil }
        return value
    }

    public mutating func string(_ key: String) throws(Context.Failure) -> String? {
        guard let value = raw(key) else { return nil }
        guard case .string(let text) = value else {
            throw failure(key, .wrongType(expected: .string, found: value.typeName))
        }
        return text
    }

    public mutating func requiredString(_ key: String) throws(Context.Failure) -> String {
        guard let text = try string(key) else { throw failure(key, .missing) }
        return text
    }

    public mutating func string(_ key: String, default fallback: String) throws(Context.Failure) -> String {
        try string(key) ?? fallback
    }

    /// A string that must be one of `choices`.
    public mutating func choice(_ key: String, in choices: [String]) throws(Context.Failure) -> String? {
        guard let text = try string(key) else { return nil }
        guard choices.contains(text) else { throw failure(key, .notAChoice(choices: choices, found: text)) }
        return text
    }

    public mutating func choice(_ key: String, default fallback: String, in choices: [String])
        throws(Context.Failure) -> String
    {
        let text = try string(key, default: fallback)
        guard choices.contains(text) else { throw failure(key, .notAChoice(choices: choices, found: text)) }
        return text
    }

    /// A whole number of type `T`, within `range` when one is given (else `T`'s own).
    ///
    /// Inlinable and thin: the typed messages read their arguments in code generic over `Context`, where a call into
    /// this module cannot be specialized for `T`; unspecialized, every read looked up `ClosedRange<T>` and
    /// `Optional<T>` metadata at run time (a twelfth of `device_command`'s pipelined rate). Here `T` is concrete
    /// in the caller, and the work is done in `wholeNumber`, which is not generic over `T` at all.
    @inlinable public mutating func integer<T: FixedWidthInteger>(
        _ key: String, as type: T.Type = T.self, in range: ClosedRange<T>? = nil
    ) throws(Context.Failure) -> T? {
        let bounds = range ?? T.min...T.max
        let number = try wholeNumber(
            key, from: Int64(clamping: bounds.lowerBound), through: Int64(clamping: bounds.upperBound)
        ) { JSONReadError.Bounds(lower: "\(bounds.lowerBound)", upper: "\(bounds.upperBound)") }
        return number.map { T(truncatingIfNeeded: $0) }
    }

    /// A whole number from `lower` through `upper`; `written` words the bounds (as the caller's type has them), and
    /// is called only for a failure, so a successful read converts no number to text.
    @usableFromInline mutating func wholeNumber(
        _ key: String, from lower: Int64, through upper: Int64, written: () -> JSONReadError.Bounds
    ) throws(Context.Failure) -> Int64? {
        guard let value = raw(key) else { return nil }
        guard case .integer(let number) = value else {
            throw failure(key, .notWholeNumber(found: value.typeName, bounds: written()))
        }
        guard number >= lower, number <= upper else {
            throw failure(key, .outOfRange(bounds: written(), value: "\(number)"))
        }
        return number
    }

    @inlinable public mutating func requiredInteger<T: FixedWidthInteger>(
        _ key: String, as type: T.Type = T.self, in range: ClosedRange<T>? = nil
    ) throws(Context.Failure) -> T {
        guard let number = try integer(key, as: T.self, in: range) else { throw failure(key, .missing) }
        return number
    }

    @inlinable public mutating func integer<T: FixedWidthInteger>(
        _ key: String, default fallback: T, in range: ClosedRange<T>
    )
        throws(Context.Failure) -> T
    {
        try integer(key, as: T.self, in: range) ?? fallback
    }

    public mutating func bool(_ key: String) throws(Context.Failure) -> Bool? {
        guard let value = raw(key) else { return nil }
        guard case .bool(let flag) = value else {
            throw failure(key, .wrongType(expected: .bool, found: value.typeName))
        }
        return flag
    }

    public mutating func bool(_ key: String, default fallback: Bool) throws(Context.Failure) -> Bool {
        try bool(key) ?? fallback
    }

    public mutating func requiredBool(_ key: String) throws(Context.Failure) -> Bool {
        guard let flag = try bool(key) else { throw failure(key, .missing) }
        return flag
    }

    /// The member's value as it is, of any type; absent is a failure.
    public mutating func requiredRaw(_ key: String) throws(Context.Failure) -> JSONValue {
        guard let value = raw(key) else { throw failure(key, .missing) }
        return value
    }

    /// The elements of an array member with their paths; `[]` when the member is absent.
    public mutating func array(_ key: String) throws(Context.Failure) -> [(value: JSONValue, path: JSONPath)] {
        guard let value = raw(key) else { return [] }
        guard case .array(let elements) = value else {
            throw failure(key, .wrongType(expected: .array, found: value.typeName))
        }
        let base = path(key)
        return elements.enumerated().map { ($0.element, base.appending(index: $0.offset)) }
    }

    /// The elements of an array member with their paths; absent is a failure.
    public mutating func requiredArray(_ key: String) throws(Context.Failure) -> [(value: JSONValue, path: JSONPath)] {
        guard raw(key) != nil else { throw failure(key, .missing) }
        return try array(key)
    }

    /// A member that is an object, read by a reader of its own; an absent member reads as an empty object.
    public mutating func object(_ key: String, what: String = "it") throws(Context.Failure) -> JSONObjectReader {
        try JSONObjectReader(raw(key) ?? .object([:]), at: path(key), what: what, context: context)
    }

    /// A member that is an object, read by a reader of its own; absent is a failure.
    public mutating func requiredObject(_ key: String, what: String = "it") throws(Context.Failure)
        -> JSONObjectReader
    {
        try JSONObjectReader(requiredRaw(key), at: path(key), what: what, context: context)
    }

    /// An element of one of this object's array members (from `array(_:)`) that is an object, read by a reader of
    /// its own.
    public func element(_ element: (value: JSONValue, path: JSONPath), what: String) throws(Context.Failure)
        -> JSONObjectReader
    {
        try JSONObjectReader(element.value, at: element.path, what: what, context: context)
    }

    /// Fails on the first member, in key order, that was never read; `what` names the object ("a fault", a
    /// command's name).
    public func rejectUnknown(in what: String) throws(Context.Failure) {
        // One pass, no array built: nearly every object has all its members read.
        var unknown: String?
        for key in members.keys where !known.contains(key) && (unknown.map { key < $0 } ?? true) { unknown = key }
        if let unknown { throw failure(unknown, .unknownMember(in: what, known: known.sorted())) }
    }
}
