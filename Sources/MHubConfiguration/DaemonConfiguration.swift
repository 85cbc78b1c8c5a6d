import MHubJSON
import MatterOnboarding

/// The configuration of `mhubd`, read from a JSON file (`docs/configuration.md` documents every key).
///
/// Every key is optional; unknown keys and wrong types are errors that name the key, so a typo never
/// passes silently.
public struct DaemonConfiguration: Equatable, Sendable {
    public var logLevel: LogLevel = .info
    public var hub = HubIdentity()
    /// Where the database lives; `nil` means the default state directory (docs/configuration.md).
    public var stateDirectory: String?
    /// How durable a commit is before its request is answered.
    public var storageSync = StorageSync.full
    public var control = ControlConfiguration()
    public var commissioning = CommissioningConfiguration()
    public var simulatedDevices: [SimulatedDeviceDeclaration] = []
    public var matter = MatterConfiguration()
    public var udc = UDCConfiguration()
    public var dnsSD = DNSSDConfiguration()
    public var thread = ThreadConfiguration()
    public var homeKit = HomeKitConfiguration()

    public init() {}

    /// Reads a configuration from the text of a JSON file.
    public static func decode(_ bytes: some Collection<UInt8>) throws(ConfigurationError) -> DaemonConfiguration {
        let value: JSONValue
        do {
            value = try JSONParser(maximumBytes: 1 << 20).parse(bytes)
        } catch {
            throw ConfigurationError(key: "", reason: error.description)
        }
        return try decode(value)
    }

    public static func decode(_ value: JSONValue) throws(ConfigurationError) -> DaemonConfiguration {
        var configuration = DaemonConfiguration()
        var root = try ConfigurationObject(value, at: .root)
        let level = try root.string("log_level", default: configuration.logLevel.rawValue)
        guard let logLevel = LogLevel(rawValue: level) else {
            let choices = LogLevel.allCases.map(\.rawValue).joined(separator: ", ")
            throw ConfigurationError(key: "log_level", reason: "must be one of \(choices), not \"\(level)\"")
        }
        configuration.logLevel = logLevel
        var hub = try root.object("hub")
        configuration.hub = try HubIdentity.decode(&hub)
        try hub.rejectUnknownKeys()
        if let directory = try root.optionalString("state_directory") {
            guard directory.hasPrefix("/") else {
                throw ConfigurationError(key: "state_directory", reason: "must be an absolute path")
            }
            configuration.stateDirectory = directory
        }
        let sync = try root.choice(
            "storage_sync", default: configuration.storageSync.rawValue, in: StorageSync.allCases.map(\.rawValue))
        configuration.storageSync = StorageSync(rawValue: sync) ?? .full
        var control = try root.object("control")
        configuration.control = try ControlConfiguration.decode(&control)
        try control.rejectUnknownKeys()
        var commissioning = try root.object("commissioning")
        configuration.commissioning = try CommissioningConfiguration.decode(&commissioning)
        try commissioning.rejectUnknownKeys()
        configuration.simulatedDevices = try decodeSimulatedDevices(root.raw("simulated_devices"))
        try decodeDiscoverySections(&root, into: &configuration)
        try root.rejectUnknownKeys()
        return configuration
    }

    /// `matter`, `udc`, `dns_sd`, `thread` and `homekit`: what the hub advertises and serves for discovery.
    private static func decodeDiscoverySections(
        _ root: inout ConfigurationObject, into configuration: inout DaemonConfiguration
    ) throws(ConfigurationError) {
        var matter = try root.object("matter")
        configuration.matter = try MatterConfiguration.decode(&matter)
        try matter.rejectUnknownKeys()
        var udc = try root.object("udc")
        configuration.udc = try UDCConfiguration.decode(&udc)
        try udc.rejectUnknownKeys()
        var dnsSD = try root.object("dns_sd")
        configuration.dnsSD = try DNSSDConfiguration.decode(&dnsSD)
        try dnsSD.rejectUnknownKeys()
        var thread = try root.object("thread")
        configuration.thread = try ThreadConfiguration.decode(&thread)
        try thread.rejectUnknownKeys()
        var homeKit = try root.object("homekit")
        configuration.homeKit = try HomeKitConfiguration.decode(&homeKit)
        try homeKit.rejectUnknownKeys()
    }

    private static func decodeSimulatedDevices(_ value: JSONValue?) throws(ConfigurationError)
        -> [SimulatedDeviceDeclaration]
    {
        guard let value else { return [] }
        guard case .array(let entries) = value else {
            throw ConfigurationError(key: "simulated_devices", reason: "must be an array")
        }
        var devices: [SimulatedDeviceDeclaration] = []
        for (index, entry) in entries.enumerated() {
            var object = try ConfigurationObject(
                entry, at: JSONPath.root.appending("simulated_devices").appending(index: index))
            let template = try object.choice("template", default: "", in: DeviceTemplateNames.all)
            var device = SimulatedDeviceDeclaration(
                template: template,
                discriminator: try object.integer("discriminator", default: 0, in: 0...Discriminator.maximum),
                passcode: try object.integer("passcode", default: 0, in: 0...UInt32.max))
            guard object.members["discriminator"] != nil, object.members["passcode"] != nil else {
                throw ConfigurationError(key: object.path.dotted, reason: "needs \"discriminator\" and \"passcode\"")
            }
            guard SetupPasscode.isValid(device.passcode) else {
                throw ConfigurationError(
                    key: object.keyPath("passcode"), reason: "\(device.passcode) is not a valid setup passcode")
            }
            device.name = try object.optionalString("name")
            if object.members["vendor_id"] != nil {
                device.vendorID = try object.integer("vendor_id", default: 0, in: 1...0xFFF4)
            }
            if object.members["product_id"] != nil {
                device.productID = try object.integer("product_id", default: 0, in: 1...UInt16.max)
            }
            device.serialNumber = try object.optionalString("serial_number")
            if object.members["network"] != nil {
                device.network = try object.choice("network", default: "", in: SimulatedDeviceDeclaration.networks)
            }
            if object.members["on_network"] != nil { device.onNetwork = try object.bool("on_network", default: false) }
            try object.rejectUnknownKeys()
            devices.append(device)
        }
        return devices
    }

    /// The configuration as JSON, in the file's own keys; what `mhubd` logs as its effective configuration.
    public var json: JSONValue {
        [
            "log_level": .string(logLevel.rawValue),
            "hub": hub.json,
            "state_directory": stateDirectory.map { .string($0) } ?? .null,
            "storage_sync": .string(storageSync.rawValue),
            "control": control.json,
            "commissioning": commissioning.json,
            "simulated_devices": .array(simulatedDevices.map(\.json)),
            "matter": matter.json,
            "udc": udc.json,
            "dns_sd": dnsSD.json,
            "thread": thread.json,
            "homekit": homeKit.json,
        ]
    }
}

/// Who the hub says it is when it is itself commissioned (Matter Basic Information and onboarding).
public struct HubIdentity: Equatable, Sendable {
    public var name = "mhub"
    /// 0xFFF1 is a test vendor ID (Matter Core Specification 2.5.2, "Test Vendor IDs").
    public var vendorID: UInt16 = 0xFFF1
    public var productID: UInt16 = 0x8001
    public var discriminator: UInt16 = 3840
    /// The CHIP example apps' default passcode, so tools that assume it work out of the box.
    public var passcode: UInt32 = 20_202_021
    /// The primary device type its DNS-SD records carry (`DT`, `_T`): 0x000E, Aggregator (a bridge).
    public var deviceType: UInt32 = 0x000E
    /// Basic Information VendorName, ProductName and SerialNumber of the hub's own node (0–32 bytes each).
    public var vendorName = "mhub"
    public var productName = "mhub hub"
    public var serialNumber = "MHUB-HUB-0001"

    public init() {}

    static func decode(_ object: inout ConfigurationObject) throws(ConfigurationError) -> HubIdentity {
        var identity = HubIdentity()
        identity.name = try object.string("name", default: identity.name)
        guard (1...32).contains(identity.name.utf8.count) else {
            throw ConfigurationError(key: object.keyPath("name"), reason: "must be 1 to 32 bytes of UTF-8")
        }
        identity.vendorID = try object.integer("vendor_id", default: identity.vendorID, in: 0...UInt16.max)
        identity.productID = try object.integer("product_id", default: identity.productID, in: 0...UInt16.max)
        identity.discriminator = try object.integer(
            "discriminator", default: identity.discriminator, in: 0...Discriminator.maximum)
        identity.passcode = try object.integer("passcode", default: identity.passcode, in: 0...UInt32.max)
        identity.deviceType = try object.integer("device_type", default: identity.deviceType, in: 0...UInt32.max)
        identity.vendorName = try object.string("vendor_name", default: identity.vendorName)
        identity.productName = try object.string("product_name", default: identity.productName)
        identity.serialNumber = try object.string("serial_number", default: identity.serialNumber)
        for (key, value) in [
            ("vendor_name", identity.vendorName), ("product_name", identity.productName),
            ("serial_number", identity.serialNumber),
        ] where value.utf8.count > 32 {
            throw ConfigurationError(key: object.keyPath(key), reason: "must be at most 32 bytes of UTF-8")
        }
        if let violation = identity.setupPayload.violations(mode: .produce).first {
            let key =
                switch violation.rule {
                case .passcodeRange, .passcodeTrivial: "passcode"
                case .vendorID: "vendor_id"
                case .productID: "product_id"
                default: "discriminator"
                }
            throw ConfigurationError(key: object.keyPath(key), reason: violation.message)
        }
        return identity
    }

    /// The hub's own onboarding payload: on-network discovery, standard flow.
    public var setupPayload: SetupPayload {
        SetupPayload(
            vendorID: vendorID, productID: productID, discoveryCapabilities: .onNetwork,
            discriminator: discriminator, passcode: passcode)
    }

    var json: JSONValue {
        [
            "name": .string(name),
            "vendor_id": .integer(Int64(vendorID)),
            "product_id": .integer(Int64(productID)),
            "discriminator": .integer(Int64(discriminator)),
            "passcode": .integer(Int64(passcode)),
            "device_type": .integer(Int64(deviceType)),
            "vendor_name": .string(vendorName),
            "product_name": .string(productName),
            "serial_number": .string(serialNumber),
        ]
    }
}
