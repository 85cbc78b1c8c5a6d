/// The wire type of an attribute or command field, as far as the hub checks values against it.
///
/// Specification types map onto these: `temperature` is `int16`, `percent` is `uint8`, `percent100ths`,
/// `vendor-id` and `group-id` are `uint16`, `fabric-idx` is `uint8`, `epoch-s` and `cluster-id` are
/// `uint32`, `octstr` is `bytes` and `map16` is `bitmap16` (Matter Core Specification 7.18).
/// Unsigned types, enums and bitmaps carry `AttributeValue.unsigned`, signed types `.signed`.
public enum AttributeType: Hashable, Sendable {
    case bool
    case uint8
    case uint16
    case uint32
    case uint64
    case int8
    case int16
    case int32
    case int64
    case enum8
    case enum16
    case bitmap8
    case bitmap16
    case bitmap32
    /// A UTF-8 string of at most `maxLength` bytes.
    case string(maxLength: Int)
    /// An octet string of at most `maxLength` bytes.
    case bytes(maxLength: Int)
    case float
    case list
    case structure

    /// The values an integer type can carry; `nil` for every other type.
    ///
    /// `uint64` reports `0...Int64.max` because a `ClosedRange<Int64>` cannot reach `UInt64.max`;
    /// `accepts(_:)` still takes every `UInt64` for it.
    public var integerRange: ClosedRange<Int64>? {
        switch self {
        case .uint8, .enum8, .bitmap8: 0...Int64(UInt8.max)
        case .uint16, .enum16, .bitmap16: 0...Int64(UInt16.max)
        case .uint32, .bitmap32: 0...Int64(UInt32.max)
        case .uint64: 0...Int64.max
        case .int8: Int64(Int8.min)...Int64(Int8.max)
        case .int16: Int64(Int16.min)...Int64(Int16.max)
        case .int32: Int64(Int32.min)...Int64(Int32.max)
        case .int64: Int64.min...Int64.max
        case .bool, .string, .bytes, .float, .list, .structure: nil
        }
    }

    /// Whether `value` has this type's shape and fits its natural range or maximum length.
    ///
    /// `null` is never accepted here: nullability belongs to the attribute or field.
    public func accepts(_ value: AttributeValue) -> Bool {
        switch self {
        case .bool:
            if case .bool = value { return true }
            return false
        case .uint8, .uint16, .uint32, .enum8, .enum16, .bitmap8, .bitmap16, .bitmap32:
            guard case .unsigned(let number) = value, let range = integerRange else { return false }
            return number <= UInt64(range.upperBound)
        case .uint64:
            if case .unsigned = value { return true }
            return false
        case .int8, .int16, .int32, .int64:
            guard case .signed(let number) = value, let range = integerRange else { return false }
            return range.contains(number)
        case .string(let maxLength):
            guard case .string(let text) = value else { return false }
            return text.utf8.count <= maxLength
        case .bytes(let maxLength):
            guard case .bytes(let octets) = value else { return false }
            return octets.count <= maxLength
        case .float:
            if case .float = value { return true }
            return false
        case .list:
            if case .list = value { return true }
            return false
        case .structure:
            if case .structure = value { return true }
            return false
        }
    }
}
