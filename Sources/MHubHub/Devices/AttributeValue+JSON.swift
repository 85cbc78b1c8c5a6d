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
        // A byte string comes as text; every other type as the value JSON already is (`MatterValueCheck`'s rules).
        if case .bytes = type, json != .null {
            guard case .string(let text) = json, let bytes = decodeBytes(text) else {
                throw InteractionError(.invalidDataType, "\(what) must be bytes as Base64 or hex, not \(json.typeName)")
            }
            return try MatterValueCheck.conform(.bytes(bytes), to: type, nullable: nullable, what: what)
        }
        return try MatterValueCheck.conform(untyped(json), to: type, nullable: nullable, what: what)
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

    static func decodeBytes(_ text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        // Lower-case hexadecimal of whole bytes is read as hex; anything else as Base64.
        if utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }),
            case .success(let bytes) = HexText.decode(text)
        {
            return bytes
        }
        return Base64.decodeLeniently(utf8)
    }
}
