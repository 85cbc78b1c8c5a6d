import MHubJSON

/// How commissioning sessions behave (docs/configuration.md, `commissioning.*`).
public struct CommissioningConfiguration: Equatable, Sendable {
    public static let timingProfiles = ["instant", "realistic"]

    /// `instant` (every step at once, for tests) or `realistic` (steps take seconds).
    public var timingProfile = "instant"
    /// The fail-safe: a session not completed by then is cancelled and rolled back.
    public var sessionTimeoutSeconds = 300
    /// How long a session outlives its owner's connection before it is rolled back.
    public var disconnectGraceMilliseconds = 5000

    public init() {}

    static func decode(_ object: inout ConfigurationObject) throws(ConfigurationError) -> CommissioningConfiguration {
        var settings = CommissioningConfiguration()
        settings.timingProfile = try object.choice(
            "timing_profile", default: settings.timingProfile, in: timingProfiles)
        settings.sessionTimeoutSeconds = try object.integer(
            "session_timeout_s", default: settings.sessionTimeoutSeconds, in: 1...86_400)
        settings.disconnectGraceMilliseconds = try object.integer(
            "disconnect_grace_ms", default: settings.disconnectGraceMilliseconds, in: 0...3_600_000)
        return settings
    }

    var json: JSONValue {
        [
            "timing_profile": .string(timingProfile),
            "session_timeout_s": .integer(Int64(sessionTimeoutSeconds)),
            "disconnect_grace_ms": .integer(Int64(disconnectGraceMilliseconds)),
        ]
    }
}

/// A simulated device declared in the configuration: created at first start and by `reset`.
public struct SimulatedDeviceDeclaration: Equatable, Sendable {
    public var template: String
    public var name: String?
    public var discriminator: UInt16
    public var passcode: UInt32
    public var vendorID: UInt16?
    public var productID: UInt16?
    public var serialNumber: String?
    /// The network it joins (`wifi`, `thread` or `ethernet`); nil is its template's.
    public var network: String?
    /// Whether it is its own Matter node on the network; nil is `matter.devices_on_network`.
    public var onNetwork: Bool?

    /// The networks a simulated device may join (MHubHub's `DeviceNetwork`).
    public static let networks = ["wifi", "thread", "ethernet"]

    public init(template: String, discriminator: UInt16, passcode: UInt32) {
        self.template = template
        self.discriminator = discriminator
        self.passcode = passcode
    }

    var json: JSONValue {
        var members: [String: JSONValue] = [
            "template": .string(template), "discriminator": .integer(Int64(discriminator)),
            "passcode": .integer(Int64(passcode)),
        ]
        if let name { members["name"] = .string(name) }
        if let vendorID { members["vendor_id"] = .integer(Int64(vendorID)) }
        if let productID { members["product_id"] = .integer(Int64(productID)) }
        if let serialNumber { members["serial_number"] = .string(serialNumber) }
        if let network { members["network"] = .string(network) }
        if let onNetwork { members["on_network"] = .bool(onNetwork) }
        return .object(members)
    }
}
