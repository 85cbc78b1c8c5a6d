import MHubJSON

// The OHF Matter Server's commands about finding and reaching nodes (docs/protocol.md §6): `discover`, `ping_node`,
// `get_node_ip_addresses`, `commission_on_network`, and mhub's `import_test_node`.

/// A commissionable device as `discover` shows it (OHF `CommissionableNodeData`).
public struct CommissionableNode: ProtocolValue {
    /// The DNS-SD instance name when the device is advertised, else none.
    public var instanceName: String?
    public var hostName: String?
    public var port: Int64?
    public var longDiscriminator: Int64
    public var vendorID: Int64
    public var productID: Int64
    public var commissioningMode: Int64
    public var deviceType: Int64
    public var deviceName: String
    public var pairingInstruction: String
    public var pairingHint: Int64
    public var mrpRetryIntervalIdle: Int64
    public var mrpRetryIntervalActive: Int64
    public var supportsTCP: Bool
    public var addresses: [String]

    public init(
        instanceName: String?, hostName: String?, port: Int64?, longDiscriminator: Int64, vendorID: Int64,
        productID: Int64, commissioningMode: Int64, deviceType: Int64, deviceName: String, pairingInstruction: String,
        pairingHint: Int64, mrpRetryIntervalIdle: Int64, mrpRetryIntervalActive: Int64, supportsTCP: Bool,
        addresses: [String]
    ) {
        self.instanceName = instanceName
        self.hostName = hostName
        self.port = port
        self.longDiscriminator = longDiscriminator
        self.vendorID = vendorID
        self.productID = productID
        self.commissioningMode = commissioningMode
        self.deviceType = deviceType
        self.deviceName = deviceName
        self.pairingInstruction = pairingInstruction
        self.pairingHint = pairingHint
        self.mrpRetryIntervalIdle = mrpRetryIntervalIdle
        self.mrpRetryIntervalActive = mrpRetryIntervalActive
        self.supportsTCP = supportsTCP
        self.addresses = addresses
    }

    public static let what = "a commissionable node"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        instanceName = try object.string("instance_name")
        hostName = try object.string("host_name")
        port = try object.integer("port")
        longDiscriminator = try object.integer("long_discriminator") ?? 0
        vendorID = try object.integer("vendor_id") ?? 0
        productID = try object.integer("product_id") ?? 0
        commissioningMode = try object.integer("commissioning_mode") ?? 0
        deviceType = try object.integer("device_type") ?? 0
        deviceName = try object.string("device_name") ?? ""
        pairingInstruction = try object.string("pairing_instruction") ?? ""
        pairingHint = try object.integer("pairing_hint") ?? 0
        mrpRetryIntervalIdle = try object.integer("mrp_retry_interval_idle") ?? 0
        mrpRetryIntervalActive = try object.integer("mrp_retry_interval_active") ?? 0
        supportsTCP = try object.bool("supports_tcp") ?? false
        addresses = try object.strings("addresses")
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("addresses", addresses)
        json.member("commissioning_mode", commissioningMode)
        json.member("device_name", deviceName)
        json.member("device_type", deviceType)
        json.member("host_name", hostName)
        json.member("instance_name", instanceName)
        json.member("long_discriminator", longDiscriminator)
        json.member("mrp_retry_interval_active", mrpRetryIntervalActive)
        json.member("mrp_retry_interval_idle", mrpRetryIntervalIdle)
        json.member("pairing_hint", pairingHint)
        json.member("pairing_instruction", pairingInstruction)
        json.member("port", port)
        json.member("product_id", productID)
        json.member("rotating_id", JSONValue.null)
        json.member("supports_tcp", supportsTCP)
        json.member("vendor_id", vendorID)
        json.endObject()
    }
}

/// `ping_node`'s reply: each address the node answers at, and whether it answered.
public struct PingResult: ProtocolValue {
    public var reachable: [String: Bool]

    public init(reachable: [String: Bool]) {
        self.reachable = reachable
    }

    public static let what = "a ping result"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        reachable = [:]
        for (address, value) in object.members {
            if case .bool(let answered) = value { reachable[address] = answered }
        }
    }

    public func write(to json: inout JSONTextWriter) {
        reachable.write(to: &json)
    }
}

/// `import_test_node`'s reply: the IDs the dump's nodes got, in its order.
public struct ImportedNodes: ProtocolValue {
    public var nodeIDs: [Int64]

    public init(nodeIDs: [Int64]) {
        self.nodeIDs = nodeIDs
    }

    public static let what = "the imported nodes"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        nodeIDs = try object.integers("node_ids")
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("node_ids", nodeIDs)
        json.endObject()
    }
}

/// `get_node_ip_addresses`' reply: the addresses, as text.
public struct NodeAddresses: ProtocolReply, JSONWritable, Hashable {
    public var addresses: [String]

    public init(_ addresses: [String]) {
        self.addresses = addresses
    }

    public init(json: JSONValue) throws(ProtocolViolation) {
        guard case .array(let values) = json else { throw ProtocolViolation("the addresses are \(json.typeName)") }
        addresses = values.compactMap { if case .string(let text) = $0 { text } else { nil } }
    }

    public func write(to json: inout JSONTextWriter) {
        addresses.write(to: &json)
    }
}

// MARK: requests

public struct Discover: ProtocolRequest {
    public typealias Reply = [CommissionableNode]
    public static let command = HubCommand.discover

    public init() {}

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) {}

    public var arguments: [String: JSONValue] { [:] }
}

/// `ping_node {node_id, attempts?}`: `attempts` is OHF's and taken unused.
public struct PingNode: ProtocolRequest {
    public typealias Reply = PingResult
    public static let command = HubCommand.pingNode
    public var nodeID: UInt64
    public var attempts: Int?

    public init(nodeID: UInt64, attempts: Int? = nil) {
        self.nodeID = nodeID
        self.attempts = attempts
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        nodeID = try args.requiredInteger("node_id")
        attempts = try args.integer("attempts")
    }

    public var arguments: [String: JSONValue] {
        var args: [String: JSONValue] = ["node_id": .integer(Int64(bitPattern: nodeID))]
        if let attempts { args["attempts"] = .integer(Int64(attempts)) }
        return args
    }
}

/// `get_node_ip_addresses {node_id, prefer_cache?, scoped?}`: link-local addresses with their interface when
/// `scoped`; `prefer_cache` is OHF's and taken unused.
public struct GetNodeIPAddresses: ProtocolRequest {
    public typealias Reply = NodeAddresses
    public static let command = HubCommand.getNodeIPAddresses
    public var nodeID: UInt64
    public var preferCache: Bool?
    public var scoped: Bool

    public init(nodeID: UInt64, scoped: Bool = false) {
        self.nodeID = nodeID
        self.scoped = scoped
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        nodeID = try args.requiredInteger("node_id")
        preferCache = try args.bool("prefer_cache")
        scoped = try args.bool("scoped") ?? false
    }

    public var arguments: [String: JSONValue] {
        ["node_id": .integer(Int64(bitPattern: nodeID)), "scoped": .bool(scoped)]
    }
}

/// `commission_on_network {setup_pin_code, filter_type?, filter?, ip_addr?}`: by passcode, with an optional filter
/// (0 none, 1 short discriminator, 2 long discriminator, 3 vendor); `ip_addr` is OHF's and taken unused. Answers
/// as `commission_with_code` does.
public struct CommissionOnNetwork: ProtocolRequest {
    public typealias Reply = MatterNodeData
    public static let command = HubCommand.commissionOnNetwork
    public var setupPinCode: UInt32
    public var filterType: Int
    public var filter: Int64?
    public var ipAddress: String?

    public init(setupPinCode: UInt32, filterType: Int = 0, filter: Int64? = nil) {
        self.setupPinCode = setupPinCode
        self.filterType = filterType
        self.filter = filter
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        setupPinCode = try args.requiredInteger("setup_pin_code")
        filterType = try args.integer("filter_type") ?? 0
        filter = try args.integer("filter")
        ipAddress = try args.string("ip_addr")
    }

    public var arguments: [String: JSONValue] {
        var args: [String: JSONValue] = [
            "setup_pin_code": .integer(Int64(setupPinCode)), "filter_type": .integer(Int64(filterType)),
        ]
        if let filter { args["filter"] = .integer(filter) }
        if let ipAddress { args["ip_addr"] = .string(ipAddress) }
        return args
    }
}

/// `import_test_node {dump}`: a diagnostics dump's nodes (a device's `data.node`, or a server's `data.server.nodes`).
public struct ImportTestNode: ProtocolRequest {
    public typealias Reply = ImportedNodes
    public static let command = HubCommand.importTestNode
    public var dump: String

    public init(dump: String) {
        self.dump = dump
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        dump = try args.requiredString("dump")
    }

    public var arguments: [String: JSONValue] { ["dump": .string(dump)] }
}
