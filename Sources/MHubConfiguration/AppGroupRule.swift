import MHubJSON

/// Who may use an app group (`control.app_groups`; docs/configuration.md, "App groups").
///
/// An app group (`group.com.example.app`) is what an iOS app and its Matter Add Device extension both name to
/// share one commissioning session (docs/protocol.md §7). With no rules configured, any connection with the
/// commission scope may name any app group; once rules are given, only the groups they list, by the principals they
/// name (`*` for any).
public struct AppGroupRule: Equatable, Sendable {
    public var name: String
    public var principals: [String]

    public init(name: String, principals: [String]) {
        self.name = name
        self.principals = principals
    }

    /// `group.` and a reverse-DNS identifier (letters, digits, `.`, `-`, `_`), at most 128 bytes, as Apple's app
    /// group identifiers are.
    public static func isValidName(_ name: String) -> Bool {
        guard name.hasPrefix("group."), name.utf8.count > 6, name.utf8.count <= 128 else { return false }
        return name.utf8.dropFirst(6).allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }

    static func decode(_ value: JSONValue, at path: JSONPath) throws(ConfigurationError) -> [AppGroupRule] {
        guard case .array(let entries) = value else {
            throw ConfigurationError(key: path.dotted, reason: "must be an array of {\"name\", \"principals\"}")
        }
        var rules: [AppGroupRule] = []
        for (index, entry) in entries.enumerated() {
            var object = try ConfigurationObject(entry, at: path.appending(index: index))
            let name = try object.string("name", default: "")
            guard isValidName(name) else {
                throw ConfigurationError(
                    key: object.keyPath("name"), reason: "must be an app group such as \"group.com.example.app\"")
            }
            guard !rules.contains(where: { $0.name == name }) else {
                throw ConfigurationError(key: object.keyPath("name"), reason: "names \(name) a second time")
            }
            guard case .array(let list)? = object.raw("principals") else {
                throw ConfigurationError(
                    key: object.keyPath("principals"),
                    reason: "must be an array of principals (\"uid:1000\", \"loopback\", a token's name, \"*\")")
            }
            var principals: [String] = []
            for item in list {
                guard case .string(let principal) = item, !principal.isEmpty else {
                    throw ConfigurationError(key: object.keyPath("principals"), reason: "must hold non-empty strings")
                }
                principals.append(principal)
            }
            try object.rejectUnknownKeys()
            rules.append(AppGroupRule(name: name, principals: principals))
        }
        return rules
    }

    var json: JSONValue {
        ["name": .string(name), "principals": .array(principals.map { .string($0) })]
    }
}
