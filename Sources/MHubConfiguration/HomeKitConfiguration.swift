import MHubJSON

/// The hub's HomeKit face: its home served as a HomeKit bridge over HAP/IP (docs/homekit.md, `homekit.*`).
public struct HomeKitConfiguration: Equatable, Sendable {
    /// Whether `mhubd` serves HAP at all.
    public var enabled = true
    /// The TCP port; 0 picks a free one (`_hap._tcp` advertises it). 51826 is the port HAP-python and Homebridge
    /// default to.
    public var port: UInt16 = 51826
    /// The setup code controllers pair with, `XXX-XX-XXX`; nil: one is made at the first start, kept, logged once and
    /// shown by `mhubctl hub homekit`.
    public var setupCode: String?
    /// The bridge's name (`_hap._tcp`'s instance name and its Accessory Information); nil: the hub's name.
    public var name: String?

    public init() {}

    /// Whether `code` is a setup code HAP takes: `XXX-XX-XXX` of digits, not all the same digit, and neither
    /// `123-45-678` nor `876-54-321` (the ADK's `HAPAccessorySetupIsValidSetupCode`; aiohomekit's `check_pin_format`).
    public static func isValidSetupCode(_ code: String) -> Bool {
        let bytes = Array(code.utf8)
        guard bytes.count == 10, bytes[3] == UInt8(ascii: "-"), bytes[6] == UInt8(ascii: "-") else { return false }
        let digits = bytes.enumerated().filter { $0.offset != 3 && $0.offset != 6 }.map(\.element)
        guard digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return false }
        guard Set(digits).count > 1 else { return false }
        return code != "123-45-678" && code != "876-54-321"
    }

    static func decode(_ object: inout ConfigurationObject) throws(ConfigurationError) -> HomeKitConfiguration {
        var homeKit = HomeKitConfiguration()
        homeKit.enabled = try object.bool("enabled", default: homeKit.enabled)
        homeKit.port = try object.integer("port", default: homeKit.port, in: 0...UInt16.max)
        if let code = try object.optionalString("setup_code") {
            guard isValidSetupCode(code) else {
                throw ConfigurationError(
                    key: object.keyPath("setup_code"),
                    reason: "\"\(code)\" is not a HomeKit setup code: XXX-XX-XXX of digits, not all one digit, "
                        + "neither 123-45-678 nor 876-54-321")
            }
            homeKit.setupCode = code
        }
        if let name = try object.optionalString("name") {
            guard !name.isEmpty, name.utf8.count <= 64 else {
                throw ConfigurationError(key: object.keyPath("name"), reason: "must be 1 to 64 bytes")
            }
            homeKit.name = name
        }
        return homeKit
    }

    var json: JSONValue {
        [
            "enabled": .bool(enabled),
            "port": .integer(Int64(port)),
            "setup_code": setupCode.map { .string($0) } ?? .null,
            "name": name.map { .string($0) } ?? .null,
        ]
    }
}
