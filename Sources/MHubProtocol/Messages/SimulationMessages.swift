import MHubJSON

// Simulated devices and their firmware (docs/protocol.md §9, §15): what `get_simulated_devices`,
// `add_simulated_device`, `simulated_device_added` and `set_firmware_update` carry.

/// A simulated device waiting nearby, or on the fabric.
public struct SimulatedDeviceInfo: ProtocolValue, Identifiable {
    public var id: Int64
    /// The template's key, or `bridge`.
    public var template: String
    public var name: String
    public var vendorID: UInt16
    public var productID: UInt16
    public var discriminator: UInt16
    public var passcode: UInt32
    public var serialNumber: String
    public var qrCode: String
    public var manualCode: String
    public var manualCodeGrouped: String
    public var commissionable: Bool
    public var nodeID: UInt64?
    public var reachable: Bool
    /// The network it joins (`wifi`, `thread`, `ethernet`).
    public var network: String
    public var firmware: FirmwareStatus
    /// Application endpoints of one type, or a bridge's bridged devices and their template.
    public var endpoints: Int64?
    public var bridgedDevices: Int64?
    public var bridgedTemplate: String?
    /// Its own Matter node, for a device on the network (`on_network`); nil for a device that is not.
    public var matterNode: DeviceMatterNodeInfo?

    public init(
        id: Int64, template: String, name: String, vendorID: UInt16, productID: UInt16, discriminator: UInt16,
        passcode: UInt32, serialNumber: String, qrCode: String, manualCode: String, manualCodeGrouped: String,
        commissionable: Bool, nodeID: UInt64?, reachable: Bool, network: String, firmware: FirmwareStatus,
        endpoints: Int64? = nil, bridgedDevices: Int64? = nil, bridgedTemplate: String? = nil
    ) {
        self.id = id
        self.template = template
        self.name = name
        self.vendorID = vendorID
        self.productID = productID
        self.discriminator = discriminator
        self.passcode = passcode
        self.serialNumber = serialNumber
        self.qrCode = qrCode
        self.manualCode = manualCode
        self.manualCodeGrouped = manualCodeGrouped
        self.commissionable = commissionable
        self.nodeID = nodeID
        self.reachable = reachable
        self.network = network
        self.firmware = firmware
        self.endpoints = endpoints
        self.bridgedDevices = bridgedDevices
        self.bridgedTemplate = bridgedTemplate
    }

    /// Its application endpoints of one type, or a bridge's bridged devices; 1 for others.
    public var deviceCount: Int { Int(bridgedDevices ?? endpoints ?? 1) }

    public static let what = "a simulated device"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        id = try object.requiredInteger("simulated_device_id")
        template = try object.requiredString("template")
        name = try object.requiredString("name")
        vendorID = try object.integer("vendor_id") ?? 0
        productID = try object.integer("product_id") ?? 0
        discriminator = try object.requiredInteger("discriminator")
        passcode = try object.requiredInteger("passcode")
        serialNumber = try object.string("serial_number") ?? ""
        qrCode = try object.requiredString("qr_code")
        manualCode = try object.requiredString("manual_code")
        manualCodeGrouped = try object.string("manual_code_grouped") ?? manualCode
        commissionable = try object.bool("commissionable") ?? false
        nodeID = try object.integer("node_id")
        reachable = try object.bool("reachable") ?? true
        network = try object.string("network") ?? ""
        firmware =
            try object.raw("firmware").map { json throws(ProtocolViolation) in try FirmwareStatus(json: json) }
            ?? FirmwareStatus(softwareVersion: 0, softwareVersionString: "", update: nil)
        endpoints = try object.integer("endpoints")
        bridgedDevices = try object.integer("bridged_devices")
        bridgedTemplate = try object.string("bridged_template")
        matterNode = try object.raw("matter_node").map { json throws(ProtocolViolation) in
            try DeviceMatterNodeInfo(json: json)
        }
    }

    /// Whether it is its own Matter node on the network.
    public var onNetwork: Bool { matterNode != nil }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        if let bridgedDevices { json.member("bridged_devices", bridgedDevices) }
        if let bridgedTemplate { json.member("bridged_template", bridgedTemplate) }
        json.member("commissionable", commissionable)
        json.member("discriminator", Int64(discriminator))
        if let endpoints { json.member("endpoints", endpoints) }
        json.member("firmware", firmware)
        json.member("manual_code", manualCode)
        json.member("manual_code_grouped", manualCodeGrouped)
        if let matterNode { json.member("matter_node", matterNode) }
        json.member("name", name)
        json.member("network", network)
        json.member("node_id", nodeID.map { Int64(bitPattern: $0) })
        json.member("passcode", Int64(passcode))
        json.member("product_id", Int64(productID))
        json.member("qr_code", qrCode)
        json.member("reachable", reachable)
        json.member("serial_number", serialNumber)
        json.member("simulated_device_id", id)
        json.member("template", template)
        json.member("vendor_id", Int64(vendorID))
        json.endObject()
    }
}

/// A simulated device's own Matter node on the network (docs/matter.md, "Devices on the network"): the node that
/// holds its state, where it listens, whether it is commissionable, and the fabrics it is on.
public struct DeviceMatterNodeInfo: ProtocolValue {
    /// The node (`get_node`, `device_read`) that holds its state; in the hub's home only once mhub commissioned it.
    public var nodeID: UInt64
    /// Its UDP port, once its node listens.
    public var port: UInt16?
    /// Whether its commissioning window is open (with its own passcode and discriminator).
    public var commissioningWindowOpen: Bool
    /// Why its node is off, if it could not start; or why its window closed.
    public var problem: String?
    /// The fabrics it is on, as its node reports them.
    public var fabrics: [MatterFabricInfo]
    /// Its secure sessions now.
    public var sessions: Int64

    public init(
        nodeID: UInt64, port: UInt16?, commissioningWindowOpen: Bool, problem: String?, fabrics: [MatterFabricInfo],
        sessions: Int64
    ) {
        self.nodeID = nodeID
        self.port = port
        self.commissioningWindowOpen = commissioningWindowOpen
        self.problem = problem
        self.fabrics = fabrics
        self.sessions = sessions
    }

    public static let what = "a device's Matter node"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        nodeID = try object.requiredInteger("node_id")
        port = try object.integer("port")
        commissioningWindowOpen = try object.bool("commissioning_window_open") ?? false
        problem = try object.string("problem")
        fabrics = try [MatterFabricInfo](json: object.raw("fabrics") ?? [])
        sessions = try object.integer("sessions") ?? 0
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("commissioning_window_open", commissioningWindowOpen)
        json.member("fabrics", fabrics)
        json.member("node_id", Int64(bitPattern: nodeID))
        json.member("port", port.map { Int64($0) })
        json.member("problem", problem)
        json.member("sessions", sessions)
        json.endObject()
    }
}

/// `reset_simulated_device {simulated_device_id}`: a factory reset of a device on the network that is not in the hub's
/// home: it leaves every fabric, its state is the template's again, and it is commissionable with its own codes.
public struct ResetSimulatedDevice: ProtocolRequest {
    public typealias Reply = SimulatedDeviceInfo
    public static let command = HubCommand.resetSimulatedDevice
    public var id: Int64

    public init(id: Int64) {
        self.id = id
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        id = try args.requiredInteger("simulated_device_id")
    }

    public var arguments: [String: JSONValue] { ["simulated_device_id": .integer(id)] }
}

/// `simulated_device_removed`.
public struct SimulatedDeviceRemoved: ProtocolValue {
    public var id: Int64

    public init(id: Int64) {
        self.id = id
    }

    public static let what = "a removed simulated device"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        id = try object.requiredInteger("simulated_device_id")
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("simulated_device_id", id)
        json.endObject()
    }
}

/// A device's firmware: what it runs, and the update offered to it, if any.
public struct FirmwareStatus: ProtocolValue {
    public var softwareVersion: UInt32
    public var softwareVersionString: String
    public var update: FirmwareUpdateOffer?

    public init(softwareVersion: UInt32, softwareVersionString: String, update: FirmwareUpdateOffer?) {
        self.softwareVersion = softwareVersion
        self.softwareVersionString = softwareVersionString
        self.update = update
    }

    public static let what = "a device's firmware"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        softwareVersion = try object.requiredInteger("software_version")
        softwareVersionString = try object.requiredString("software_version_string")
        update = try object.raw("update").map { json throws(ProtocolViolation) in try FirmwareUpdateOffer(json: json) }
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("software_version", Int64(softwareVersion))
        json.member("software_version_string", softwareVersionString)
        json.member("update", update)
        json.endObject()
    }
}

/// An update offered to a device (`set_firmware_update`, `firmware_update`).
public struct FirmwareUpdateOffer: ProtocolValue {
    public var softwareVersion: UInt32
    public var softwareVersionString: String
    public var releaseNotesURL: String?
    public var sizeBytes: Int64

    public init(softwareVersion: UInt32, softwareVersionString: String, releaseNotesURL: String?, sizeBytes: Int64) {
        self.softwareVersion = softwareVersion
        self.softwareVersionString = softwareVersionString
        self.releaseNotesURL = releaseNotesURL
        self.sizeBytes = sizeBytes
    }

    public static let what = "a firmware update"

    /// Read strictly, as a request or a scenario gives it: `{software_version, software_version_string,
    /// release_notes_url?, size_bytes?}`, the size `defaultSize` when none is given. The caller checks the ranges and
    /// rejects what was not read.
    @inlinable
    public init<Context: JSONReadContext>(readingArguments args: inout JSONObjectReader<Context>, defaultSize: Int64)
        throws(Context.Failure)
    {
        softwareVersion = try args.requiredInteger("software_version")
        softwareVersionString = try args.requiredString("software_version_string")
        releaseNotesURL = try args.string("release_notes_url")
        sizeBytes = try args.integer("size_bytes") ?? defaultSize
    }

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        softwareVersion = try object.requiredInteger("software_version")
        softwareVersionString = try object.requiredString("software_version_string")
        releaseNotesURL = try object.string("release_notes_url")
        sizeBytes = try object.integer("size_bytes") ?? 0
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("release_notes_url", releaseNotesURL)
        json.member("size_bytes", sizeBytes)
        json.member("software_version", Int64(softwareVersion))
        json.member("software_version_string", softwareVersionString)
        json.endObject()
    }
}

// MARK: requests

public struct GetSimulatedDevices: ProtocolRequest {
    public typealias Reply = [SimulatedDeviceInfo]
    public static let command = HubCommand.getSimulatedDevices

    public init() {}

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) {}

    public var arguments: [String: JSONValue] { [:] }
}

/// Creates a simulated device (admin); what is not given is chosen by the hub (docs/protocol.md §9).
public struct AddSimulatedDevice: ProtocolRequest, Hashable {
    public typealias Reply = SimulatedDeviceInfo
    public static let command = HubCommand.addSimulatedDevice
    public var template: String
    public var name: String?
    public var discriminator: UInt16?
    public var passcode: UInt32?
    public var vendorID: UInt16?
    public var productID: UInt16?
    public var serialNumber: String?
    public var network: String?
    /// The update offered from the start, as `set_firmware_update` takes it.
    public var firmwareUpdate: JSONValue?
    public var endpoints: Int?
    public var bridgedDevices: Int?
    public var bridgedTemplate: String?
    /// Its own Matter node on the network (docs/matter.md, "Devices on the network"); the configuration's
    /// `matter.devices_on_network` when not given.
    public var onNetwork: Bool?

    public init(
        template: String, name: String? = nil, discriminator: UInt16? = nil, passcode: UInt32? = nil,
        vendorID: UInt16? = nil, productID: UInt16? = nil, serialNumber: String? = nil, network: String? = nil,
        firmwareUpdate: JSONValue? = nil, endpoints: Int? = nil, bridgedDevices: Int? = nil,
        bridgedTemplate: String? = nil, onNetwork: Bool? = nil
    ) {
        self.template = template
        self.name = name
        self.discriminator = discriminator
        self.passcode = passcode
        self.vendorID = vendorID
        self.productID = productID
        self.serialNumber = serialNumber
        self.network = network
        self.firmwareUpdate = firmwareUpdate
        self.endpoints = endpoints
        self.bridgedDevices = bridgedDevices
        self.bridgedTemplate = bridgedTemplate
        self.onNetwork = onNetwork
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        template = try args.requiredString("template")
        name = try args.string("name")
        discriminator = try args.integer("discriminator")
        passcode = try args.integer("passcode")
        vendorID = try args.integer("vendor_id")
        productID = try args.integer("product_id")
        serialNumber = try args.string("serial_number")
        network = try args.string("network")
        firmwareUpdate = args.raw("firmware_update")
        endpoints = try args.integer("endpoints")
        bridgedDevices = try args.integer("bridged_devices")
        bridgedTemplate = try args.string("bridged_template")
        onNetwork = try args.bool("on_network")
    }

    public var arguments: [String: JSONValue] {
        var args: [String: JSONValue] = ["template": .string(template)]
        if let name { args["name"] = .string(name) }
        if let discriminator { args["discriminator"] = .integer(Int64(discriminator)) }
        if let passcode { args["passcode"] = .integer(Int64(passcode)) }
        if let vendorID { args["vendor_id"] = .integer(Int64(vendorID)) }
        if let productID { args["product_id"] = .integer(Int64(productID)) }
        if let serialNumber { args["serial_number"] = .string(serialNumber) }
        if let network { args["network"] = .string(network) }
        if let firmwareUpdate { args["firmware_update"] = firmwareUpdate }
        if let endpoints { args["endpoints"] = .integer(Int64(endpoints)) }
        if let bridgedDevices { args["bridged_devices"] = .integer(Int64(bridgedDevices)) }
        if let bridgedTemplate { args["bridged_template"] = .string(bridgedTemplate) }
        if let onNetwork { args["on_network"] = .bool(onNetwork) }
        return args
    }
}

/// Removes a simulated device that is not on the fabric.
public struct RemoveSimulatedDevice: ProtocolRequest {
    public typealias Reply = NoReply
    public static let command = HubCommand.removeSimulatedDevice
    public var id: Int64

    public init(id: Int64) {
        self.id = id
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        id = try args.requiredInteger("simulated_device_id")
    }

    public var arguments: [String: JSONValue] { ["simulated_device_id": .integer(id)] }
}
