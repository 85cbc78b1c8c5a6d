/// A JSON value, as read by `JSONParser` and written by `JSONWriter`.
///
/// Numbers written without a fraction or exponent that fit in 64 bits stay exact integers.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// A short name of the value's type, for error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self {
            return members[key]
        }
        return nil
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral, ExpressibleByFloatLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(nilLiteral: ()) { self = .null }
    /// A repeated key keeps its last value. Inserted one by one into a dictionary of the literal's size, not through
    /// `Dictionary(_:uniquingKeysWith:)`'s generic merge.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        var members = [String: JSONValue](minimumCapacity: elements.count)
        for (key, value) in elements {
            members[key] = value
        }
        self = .object(members)
    }
}
