import MatterSpecification

/// Swift source text for the tables' values: each value as the initializer call that makes it, arguments left out
/// where they are their defaults, so the generated files read like the specification's own tables.
enum SwiftLiteral {
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static func hex(_ number: UInt32, digits: Int = 4) -> String {
        let text = String(number, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    static func value(_ value: SpecValue) -> String {
        switch value {
        case .null: ".null"
        case .bool(let flag): ".bool(\(flag))"
        case .integer(let number): ".integer(\(number))"
        case .number(let number): ".number(\(number))"
        case .string(let text): ".string(\(string(text)))"
        case .list(let elements): ".list([\(elements.map(Self.value).joined(separator: ", "))])"
        case .object(let members):
            ".object([\(members.map { "SpecMember(\(string($0.name)), \(Self.value($0.value)))" }.joined(separator: ", "))])"
        }
    }

    /// `Type(label: value, …)` over the arguments that are present.
    static func call(_ type: String, _ arguments: [(String, String?)]) -> String {
        let present = arguments.compactMap { label, value in value.map { "\(label): \($0)" } }
        return "\(type)(\(present.joined(separator: ", ")))"
    }

    /// An array literal with one element per line (`swift format` keeps those breaks and indents them); `nil` for
    /// none, so the argument is left out.
    static func list(_ elements: [String]) -> String? {
        guard !elements.isEmpty else { return nil }
        return "[\n" + elements.map { $0 + ",\n" }.joined() + "]"
    }

    static func field(_ field: SpecField) -> String {
        call(
            "SpecField",
            [
                ("id", field.id.map { hex($0) }), ("name", string(field.name)), ("type", field.type.map(string)),
                ("conformance", field.conformance.map(string)), ("constraint", field.constraint.map(string)),
                ("default", field.default.map(value)), ("quality", field.quality.map(string)),
                ("access", field.access.map(string)),
                ("fields", list(field.fields.map { Self.field($0) })),
            ])
    }

    static func fields(_ fields: [SpecField]) -> String? {
        list(fields.map { field($0) })
    }

    static func feature(_ feature: SpecFeature) -> String {
        call(
            "SpecFeature",
            [
                ("bit", "\(feature.bit)"), ("code", string(feature.code)), ("name", string(feature.name)),
                ("conformance", feature.conformance.map(string)),
            ])
    }

    static func attribute(_ attribute: SpecAttribute) -> String {
        call(
            "SpecAttribute",
            [
                ("id", hex(attribute.id)), ("name", string(attribute.name)), ("type", attribute.type.map(string)),
                ("access", attribute.access.map(string)), ("conformance", attribute.conformance.map(string)),
                ("constraint", attribute.constraint.map(string)), ("default", attribute.default.map(value)),
                ("quality", attribute.quality.map(string)), ("fields", fields(attribute.fields)),
            ])
    }

    static func command(_ command: SpecCommand) -> String {
        call(
            "SpecCommand",
            [
                ("id", hex(command.id, digits: 2)), ("name", string(command.name)),
                ("direction", command.direction.map { ".\($0.rawValue)" }), ("response", command.response.map(string)),
                ("access", command.access.map(string)), ("conformance", command.conformance.map(string)),
                ("fields", fields(command.fields)),
            ])
    }

    static func event(_ event: SpecEvent) -> String {
        call(
            "SpecEvent",
            [
                ("id", hex(event.id, digits: 2)), ("name", string(event.name)),
                ("priority", event.priority.map { ".\($0.rawValue)" }), ("access", event.access.map(string)),
                ("conformance", event.conformance.map(string)), ("fields", fields(event.fields)),
            ])
    }

    static func datatype(_ datatype: SpecDatatype) -> String {
        call(
            "SpecDatatype",
            [
                ("name", string(datatype.name)), ("type", datatype.type.map(string)),
                ("conformance", datatype.conformance.map(string)), ("fields", fields(datatype.fields)),
            ])
    }

    static func requirement(_ requirement: SpecRequirement) -> String {
        call(
            "SpecRequirement",
            [
                ("id", requirement.id.map { hex($0) }), ("name", string(requirement.name)),
                ("element", ".\(requirement.element.rawValue)"), ("conformance", requirement.conformance.map(string)),
                ("constraint", requirement.constraint.map(string)), ("default", requirement.default.map(value)),
                (
                    "children",
                    list(
                        requirement.children.map { Self.requirement($0) })
                ),
            ])
    }
}
