import MHubJSON
import MatterDataModel

/// An `AttributeValue` as JSON that keeps its exact type: `{"b": true}`, `{"s": -1}`, `{"u": "18446744073709551615"}`
/// (unsigned as text, beyond JSON's safe integers), `{"f": 1.5}`, `{"t": "text"}`, `{"x": "0a0b"}` (bytes in
/// lowercase hexadecimal), `{"l": […]}`, `{"o": {"<field tag>": …}}`, and `null`. The form schema 3 of the
/// database kept node data in (`NodeDataCodec`) and the input journal's values.
public enum TaggedAttributeValue {
    public static func encode(_ value: AttributeValue) -> JSONValue {
        switch value {
        case .null: .null
        case .bool(let flag): ["b": .bool(flag)]
        case .signed(let number): ["s": .integer(number)]
        case .unsigned(let number): ["u": .string(String(number))]
        case .float(let number): ["f": .double(number)]
        case .string(let text): ["t": .string(text)]
        case .bytes(let bytes): ["x": .string(HexText.encode(bytes, uppercase: false))]
        case .list(let values): ["l": .array(values.map(encode))]
        case .structure(let fields):
            ["o": .object(Dictionary(uniqueKeysWithValues: fields.map { (String($0.key), encode($0.value)) }))]
        }
    }

    public struct DecodingError: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    public static func decode(_ json: JSONValue) throws(DecodingError) -> AttributeValue {
        if json == .null { return .null }
        guard case .object(let members) = json, members.count == 1, let (tag, inner) = members.first else {
            throw DecodingError(description: "malformed attribute value")
        }
        switch (tag, inner) {
        case ("b", .bool(let flag)): return .bool(flag)
        case ("s", .integer(let number)): return .signed(number)
        case ("u", .string(let text)):
            guard let number = UInt64(text) else { break }
            return .unsigned(number)
        case ("f", .double(let number)): return .float(number)
        case ("f", .integer(let number)): return .float(Double(number))
        case ("t", .string(let text)): return .string(text)
        case ("x", .string(let text)):
            guard case .success(let bytes) = HexText.decode(text) else { throw DecodingError(description: "bad hex") }
            return .bytes(bytes)
        case ("l", .array(let values)):
            var list: [AttributeValue] = []
            for value in values {
                list.append(try decode(value))
            }
            return .list(list)
        case ("o", .object(let fields)):
            var structure: [UInt32: AttributeValue] = [:]
            for (key, value) in fields {
                guard let field = UInt32(key) else { throw DecodingError(description: "bad field \(key)") }
                structure[field] = try decode(value)
            }
            return .structure(structure)
        default: break
        }
        throw DecodingError(description: "malformed attribute value \(tag)")
    }
}
