import MatterDataModel

/// A Matter value checked against the type a write or a command field needs: whole numbers within the type's range,
/// strings and byte strings within their length, null only where nullable, each refusal with its Interaction Model
/// status. A value over Matter (TLV) comes here as it is; one from a control client's JSON after `MatterValueReader`
/// read it, so both answer the same, in the words JSON's types have.
///
/// Integers of either sign are one kind on the wire, so a non-negative signed value is read as an unsigned one and
/// the other way round; a list or structure keeps its elements as they came (a number by sign, bytes as bytes).
enum MatterValueCheck {
    static func conform(_ value: AttributeValue, to type: AttributeType, nullable: Bool, what: String)
        throws(InteractionError) -> AttributeValue
    {
        if value == .null {
            guard nullable else { throw InteractionError(.constraintError, "\(what) may not be null") }
            return .null
        }
        switch type {
        case .bool:
            guard case .bool = value else { throw typeError(what, "true or false", value) }
            return value
        case .uint8, .uint16, .uint32, .uint64, .enum8, .enum16, .bitmap8, .bitmap16, .bitmap32:
            let number = try wholeNumber(value, what: what)
            guard number >= 0, let range = type.integerRange, number <= range.upperBound else {
                throw InteractionError(.constraintError, "\(what) \(number) is outside the range of its type")
            }
            return .unsigned(UInt64(number))
        case .int8, .int16, .int32, .int64:
            let number = try wholeNumber(value, what: what)
            guard let range = type.integerRange, range.contains(number) else {
                throw InteractionError(.constraintError, "\(what) \(number) is outside the range of its type")
            }
            return .signed(number)
        case .float:
            // mhub's float attributes are the specification's `single` (the concentration measurements): a value is
            // kept at single precision, so it goes out as the TLV single-precision float CHIP's cluster objects
            // expect (a 21.3 kept as a double would go out as a double, and fail to decode).
            switch value {
            case .float(let number): return .float(Double(Float(number)))
            case .signed(let number): return .float(Double(Float(number)))
            case .unsigned(let number): return .float(Double(Float(number)))
            default: throw typeError(what, "a number", value)
            }
        case .string(let maxLength):
            guard case .string(let text) = value else { throw typeError(what, "a string", value) }
            guard text.utf8.count <= maxLength else {
                throw InteractionError(.constraintError, "\(what) is longer than \(maxLength) bytes")
            }
            return value
        case .bytes(let maxLength):
            guard case .bytes(let bytes) = value else { throw typeError(what, "bytes", value) }
            guard bytes.count <= maxLength else {
                throw InteractionError(.constraintError, "\(what) is longer than \(maxLength) bytes")
            }
            return value
        case .list:
            guard case .list = value else { throw typeError(what, "a list", value) }
            return value
        case .structure:
            guard case .structure = value else { throw typeError(what, "an object", value) }
            return value
        }
    }

    /// A command's fields by context tag as the device logic takes them, by name (`Hub.commandFields`'s rules).
    static func commandFields(_ fields: [UInt32: AttributeValue], command: CommandDefinition)
        throws(InteractionError) -> [String: AttributeValue]
    {
        var named: [(CommandField, AttributeValue)] = []
        for (tag, value) in fields.sorted(by: { $0.key < $1.key }) {
            guard let field = command.field(tag) else {
                throw InteractionError(.invalidCommand, "\(command.name) has no field \(tag)")
            }
            named.append((field, value))
        }
        return try Hub.commandFields(
            named, command: command, isNull: { $0 == .null },
            read: { (value, field) throws(InteractionError) in
                try conform(value, to: field.type, nullable: field.nullable, what: field.name)
            })
    }

    /// A value's number: wire integers of either sign within Int64 (`AttributeValue.wholeNumber`).
    private static func wholeNumber(_ value: AttributeValue, what: String) throws(InteractionError) -> Int64 {
        guard let number = value.wholeNumber else { throw typeError(what, "a whole number", value) }
        return number
    }

    private static func typeError(_ what: String, _ expected: String, _ value: AttributeValue) -> InteractionError {
        InteractionError(.invalidDataType, "\(what) must be \(expected), not \(value.typeName)")
    }
}
