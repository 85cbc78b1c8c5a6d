import MHubJSON

// Firmware updates (docs/protocol.md §15): an update offered to a device, found by an OHF client and installed.

/// An update waiting for a node, as python-matter-server's `MatterSoftwareVersion` (`check_node_update`).
public struct MatterSoftwareVersion: ProtocolValue {
    public var vendorID: Int64
    public var productID: Int64
    public var softwareVersion: Int64
    public var softwareVersionString: String
    public var minApplicableSoftwareVersion: Int64
    public var maxApplicableSoftwareVersion: Int64
    public var releaseNotesURL: String?
    /// Where it was found: `local` for mhub's own table (not the CSA's DCL).
    public var updateSource: String

    public init(
        vendorID: Int64, productID: Int64, softwareVersion: Int64, softwareVersionString: String,
        minApplicableSoftwareVersion: Int64, maxApplicableSoftwareVersion: Int64, releaseNotesURL: String?,
        updateSource: String
    ) {
        self.vendorID = vendorID
        self.productID = productID
        self.softwareVersion = softwareVersion
        self.softwareVersionString = softwareVersionString
        self.minApplicableSoftwareVersion = minApplicableSoftwareVersion
        self.maxApplicableSoftwareVersion = maxApplicableSoftwareVersion
        self.releaseNotesURL = releaseNotesURL
        self.updateSource = updateSource
    }

    public static let what = "a software version"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        vendorID = try object.integer("vid") ?? 0
        productID = try object.integer("pid") ?? 0
        softwareVersion = try object.requiredInteger("software_version")
        softwareVersionString = try object.string("software_version_string") ?? ""
        minApplicableSoftwareVersion = try object.integer("min_applicable_software_version") ?? 0
        maxApplicableSoftwareVersion = try object.integer("max_applicable_software_version") ?? 0
        releaseNotesURL = try object.string("release_notes_url")
        updateSource = try object.string("update_source") ?? ""
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("firmware_information", JSONValue.null)
        json.member("max_applicable_software_version", maxApplicableSoftwareVersion)
        json.member("min_applicable_software_version", minApplicableSoftwareVersion)
        json.member("pid", productID)
        json.member("release_notes_url", releaseNotesURL)
        json.member("software_version", softwareVersion)
        json.member("software_version_string", softwareVersionString)
        json.member("update_source", updateSource)
        json.member("vid", vendorID)
        json.endObject()
    }
}

// MARK: requests

/// Offers an update to a device, named by its node or its simulated device (admin); `null` withdraws the offer.
/// The offer goes as given, and the hub checks it.
public struct SetFirmwareUpdate: ProtocolRequest {
    public typealias Reply = FirmwareStatus
    public static let command = HubCommand.setFirmwareUpdate
    public var nodeID: UInt64?
    public var simulatedDeviceID: Int64?
    public var update: JSONValue

    public init(nodeID: UInt64? = nil, simulatedDeviceID: Int64? = nil, update: FirmwareUpdateOffer?) {
        self.nodeID = nodeID
        self.simulatedDeviceID = simulatedDeviceID
        self.update = update.map { JSONText($0).value } ?? .null
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        nodeID = try args.integer("node_id")
        simulatedDeviceID = try args.integer("simulated_device_id")
        guard args.members["update"] != nil else {
            throw args.failure("update", "argument 'update' is required (an update, or null to withdraw one)")
        }
        update = args.raw("update") ?? .null
    }

    public var arguments: [String: JSONValue] {
        var args: [String: JSONValue] = ["update": update]
        if let nodeID { args["node_id"] = .integer(Int64(bitPattern: nodeID)) }
        if let simulatedDeviceID { args["simulated_device_id"] = .integer(simulatedDeviceID) }
        return args
    }
}

/// The update waiting for a node, or null.
public struct CheckNodeUpdate: ProtocolRequest {
    public typealias Reply = MatterSoftwareVersion?
    public static let command = HubCommand.checkNodeUpdate
    public var nodeID: UInt64

    public init(nodeID: UInt64) {
        self.nodeID = nodeID
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        nodeID = try args.requiredInteger("node_id")
    }

    public var arguments: [String: JSONValue] { ["node_id": .integer(Int64(bitPattern: nodeID))] }
}

/// Installs the offered update, named by its version number or its version string; replies once the device runs it.
public struct UpdateNode: ProtocolRequest {
    public typealias Reply = NoReply
    public static let command = HubCommand.updateNode
    public var nodeID: UInt64
    /// The version as sent: a number, or a version string.
    public var softwareVersion: String
    @usableFromInline var sentAsNumber: Bool

    public init(nodeID: UInt64, softwareVersion: Int64) {
        self.nodeID = nodeID
        self.softwareVersion = String(softwareVersion)
        sentAsNumber = true
    }

    public init(nodeID: UInt64, softwareVersionString: String) {
        self.nodeID = nodeID
        softwareVersion = softwareVersionString
        sentAsNumber = false
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        nodeID = try args.requiredInteger("node_id")
        switch args.raw("software_version") {
        case .integer(let version)?: (softwareVersion, sentAsNumber) = (String(version), true)
        case .string(let text)?: (softwareVersion, sentAsNumber) = (text, false)
        case nil: throw args.failure("software_version", .missing)
        case let other?:
            throw args.failure(
                "software_version", "software_version must be a number or a string, not \(other.typeName)")
        }
    }

    public var arguments: [String: JSONValue] {
        [
            "node_id": .integer(Int64(bitPattern: nodeID)),
            "software_version": sentAsNumber ? .integer(Int64(softwareVersion) ?? 0) : .string(softwareVersion),
        ]
    }
}

/// What a node runs after an update, as its Basic Information says (`0/40/9` and `0/40/10`, null when unread):
/// `mhubctl device update --json`.
public struct InstalledSoftware: ProtocolValue {
    public var nodeID: Int64
    public var softwareVersion: JSONValue
    public var softwareVersionString: JSONValue

    public init(nodeID: Int64, softwareVersion: JSONValue?, softwareVersionString: JSONValue?) {
        self.nodeID = nodeID
        self.softwareVersion = softwareVersion ?? .null
        self.softwareVersionString = softwareVersionString ?? .null
    }

    public static let what = "the installed software"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        nodeID = try object.requiredInteger("node_id")
        softwareVersion = object.raw("software_version") ?? .null
        softwareVersionString = object.raw("software_version_string") ?? .null
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("node_id", nodeID)
        json.member("software_version", softwareVersion)
        json.member("software_version_string", softwareVersionString)
        json.endObject()
    }
}
