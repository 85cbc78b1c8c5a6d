/// One SQLite value: a bound parameter or a column of a result row, in SQLite's five storage classes.
///
/// An empty blob and an empty text are values, distinct from `.null`. Text is UTF-8 and may contain
/// NUL characters. SQLite stores a NaN `.real` as NULL, and a column's declared type can convert a value
/// on insertion (type affinity): an untyped or `ANY` column keeps every value as given.
public enum SQLiteValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// Whether the value is `.null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The integer of an `.integer`, else `nil` (no conversion from other kinds).
    public var int64Value: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The integer of an `.integer` if it fits in `Int`, else `nil`.
    public var intValue: Int? {
        int64Value.flatMap { Int(exactly: $0) }
    }

    /// The number of a `.real` or an `.integer` (converted, possibly rounded), else `nil`.
    public var doubleValue: Double? {
        switch self {
        case .real(let value): value
        case .integer(let value): Double(value)
        case .null, .text, .blob: nil
        }
    }

    /// The string of a `.text`, else `nil`.
    public var stringValue: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    /// The bytes of a `.blob`, else `nil`.
    public var blobValue: [UInt8]? {
        if case .blob(let value) = self { return value }
        return nil
    }
}

extension SQLiteValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral {
    public init(integerLiteral value: Int64) {
        self = .integer(value)
    }

    public init(floatLiteral value: Double) {
        self = .real(value)
    }

    public init(stringLiteral value: String) {
        self = .text(value)
    }
}
