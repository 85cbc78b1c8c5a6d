import MHubJSON
import MatterDataModel

/// Reads a JSON value as a Matter value of a given type, for writes and command fields.
///
/// Numbers must be whole and within the type's range; structures may be keyed by field ID
/// (`"0"`, as the OHF Matter Server writes them) or by name; byte strings are Base64 or hex.
enum MatterValueReader {
    static func read(_ json: JSONValue, as type: AttributeType, nullable: Bool, what: String)
        throws(InteractionError) -> AttributeValue
    {
        if json == .null {
            guard nullable else { throw InteractionError(.constraintError, "\(what) may not be null") }
            return .null
        }
        switch type {
        case .bool:
            guard case .bool(let flag) = json else { throw typeError(what, "true or false", json) }
            return .bool(flag)
        case .uint8, .uint16, .uint32, .uint64, .enum8, .enum16, .bitmap8, .bitmap16, .bitmap32:
            guard case .integer(let number) = json else { throw typeError(what, "a whole number", json) }
            guard number >= 0, let range = type.integerRange, number <= range.upperBound else {
                throw InteractionError(.constraintError, "\(what) \(number) is outside the range of its type")
            }
            return .unsigned(UInt64(number))
        case .int8, .int16, .int32, .int64:
            guard case .integer(let number) = json else { throw typeError(what, "a whole number", json) }
            guard let range = type.integerRange, range.contains(number) else {
                throw InteractionError(.constraintError, "\(what) \(number) is outside the range of its type")
            }
            return .signed(number)
        case .float:
            switch json {
            case .double(let number): return .float(number)
            case .integer(let number): return .float(Double(number))
            default: throw typeError(what, "a number", json)
            }
        case .string(let maxLength):
            guard case .string(let text) = json else { throw typeError(what, "a string", json) }
            guard text.utf8.count <= maxLength else {
                throw InteractionError(.constraintError, "\(what) is longer than \(maxLength) bytes")
            }
            return .string(text)
        case .bytes(let maxLength):
            guard case .string(let text) = json, let bytes = decodeBytes(text) else {
                throw typeError(what, "bytes as Base64 or hex", json)
            }
            guard bytes.count <= maxLength else {
                throw InteractionError(.constraintError, "\(what) is longer than \(maxLength) bytes")
            }
            return .bytes(bytes)
        case .list:
            guard case .array(let values) = json else { throw typeError(what, "a list", json) }
            return .list(values.map(untyped))
        case .structure:
            guard case .object = json else { throw typeError(what, "an object", json) }
            return untyped(json)
        }
    }

    /// A value without a schema: numbers become signed or unsigned by sign.
    static func untyped(_ json: JSONValue) -> AttributeValue {
        switch json {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .integer(let number): number >= 0 ? .unsigned(UInt64(number)) : .signed(number)
        case .double(let number): .float(number)
        case .string(let text): .string(text)
        case .array(let values): .list(values.map(untyped))
        case .object(let members):
            .structure(
                Dictionary(
                    members.compactMap { key, value in UInt32(key).map { ($0, untyped(value)) } },
                    uniquingKeysWith: { first, _ in first }))
        }
    }

    private static func typeError(_ what: String, _ expected: String, _ json: JSONValue) -> InteractionError {
        InteractionError(.invalidDataType, "\(what) must be \(expected), not \(json.typeName)")
    }

    static func decodeBytes(_ text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        if utf8.count % 2 == 0, utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }) {
            return stride(from: 0, to: utf8.count, by: 2).compactMap {
                UInt8(String(decoding: utf8[$0..<$0 + 2], as: UTF8.self), radix: 16)
            }
        }
        return Base64.decodeLeniently(utf8)
    }
}
