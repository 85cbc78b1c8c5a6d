import MatterDataModel

/// Swift source for a generated `ClusterDefinition`: the initializer calls that make it, arguments left out where
/// they are their defaults.
enum ClusterDefinitionSource {
    static func file(_ definition: ClusterDefinition, choice: ClusterChoice, header: String) -> String {
        var documentation = [
            "\(choice.cluster) (\(SwiftLiteral.hex(definition.id))), revision \(definition.revision)"
                + (choice.features.isEmpty ? "." : ", features \(choice.features.joined(separator: ", ")).")
        ]
        if !choice.notes.isEmpty { documentation += [""] + choice.notes }
        let comment = documentation.map { "    ///" + ($0.isEmpty ? "" : " " + $0) + "\n" }.joined()
        return header + "extension ClusterDefinition {\n" + comment
            + "    public static let \(choice.name) = \(cluster(definition))\n}\n"
    }

    static func cluster(_ definition: ClusterDefinition) -> String {
        SwiftLiteral.call(
            "ClusterDefinition",
            [
                ("id", SwiftLiteral.hex(definition.id)), ("name", SwiftLiteral.string(definition.name)),
                ("revision", "\(definition.revision)"),
                (
                    "featureMap",
                    definition.featureMap == 0 ? nil : "0x" + String(definition.featureMap, radix: 16, uppercase: true)
                ),
                ("attributes", SwiftLiteral.list(definition.attributes.map(attribute)) ?? "[]"),
                ("commands", SwiftLiteral.list(definition.commands.map(command))),
                ("responses", SwiftLiteral.list(definition.responses.map(command))),
            ])
    }

    static func attribute(_ attribute: AttributeDefinition) -> String {
        SwiftLiteral.call(
            "AttributeDefinition",
            [
                ("id", SwiftLiteral.hex(attribute.id)), ("name", SwiftLiteral.string(attribute.name)),
                ("type", type(attribute.type)), ("writable", attribute.writable ? "true" : nil),
                (
                    "writePrivilege",
                    privilege(attribute.writePrivilege)
                ),
                ("nullable", attribute.nullable ? "true" : nil),
                ("range", attribute.range.map(range)),
                ("default", value(attribute.default, type: attribute.type)),
            ])
    }

    static func command(_ command: CommandDefinition) -> String {
        SwiftLiteral.call(
            "CommandDefinition",
            [
                ("id", SwiftLiteral.hex(command.id, digits: 2)), ("name", SwiftLiteral.string(command.name)),
                ("fields", SwiftLiteral.list(command.fields.map(field))),
                ("response", command.response.map { SwiftLiteral.hex($0, digits: 2) }),
                ("privilege", privilege(command.privilege)),
                ("timed", command.timed ? "true" : nil),
            ])
    }

    static func field(_ field: CommandField) -> String {
        SwiftLiteral.call(
            "CommandField",
            [
                ("id", "\(field.id)"), ("name", SwiftLiteral.string(field.name)), ("type", type(field.type)),
                ("nullable", field.nullable ? "true" : nil), ("optional", field.optional ? "true" : nil),
            ])
    }

    /// A privilege argument; `nil` for Operate, the initializers' default.
    static func privilege(_ privilege: AccessPrivilege) -> String? {
        switch privilege {
        case .operate: nil
        case .view: ".view"
        case .proxyView: ".proxyView"
        case .manage: ".manage"
        case .administer: ".administer"
        }
    }

    static func type(_ type: AttributeType) -> String {
        switch type {
        case .string(let length): ".string(maxLength: \(length))"
        case .bytes(let length): ".bytes(maxLength: \(length))"
        default: ".\(type)"
        }
    }

    static func range(_ range: ClosedRange<Int64>) -> String {
        "\(range.lowerBound)...\(range.upperBound)"
    }

    static func value(_ value: AttributeValue, type: AttributeType) -> String {
        switch value {
        case .null: ".null"
        case .bool(let flag): ".bool(\(flag))"
        case .signed(let number): ".signed(\(number))"
        case .unsigned(let number):
            switch type {
            case .bitmap8, .bitmap16, .bitmap32: ".unsigned(0x\(String(number, radix: 16, uppercase: true)))"
            default: ".unsigned(\(number))"
            }
        case .float(let number): ".float(\(number))"
        case .string(let text): ".string(\(SwiftLiteral.string(text)))"
        case .bytes(let octets): ".bytes([\(octets.map { "\($0)" }.joined(separator: ", "))])"
        case .list(let elements):
            ".list([\(elements.map { Self.value($0, type: .structure) }.joined(separator: ", "))])"
        case .structure(let fields):
            fields.isEmpty
                ? ".structure([:])"
                : ".structure([\(fields.keys.sorted().map { "\($0): \(Self.value(fields[$0]!, type: .structure))" }.joined(separator: ", "))])"
        }
    }
}
