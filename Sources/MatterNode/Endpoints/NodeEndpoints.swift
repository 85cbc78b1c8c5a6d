import MatterDataModel
import MatterInteraction

/// The endpoints the owner serves through the node, above endpoint 0 (and the bridge's Aggregator): the home's
/// devices as bridged endpoints in the bridge layout, one device's own endpoints in the device layout
/// (`MatterNodeLayout`). A view of the hub's state that the owner hands the node with each input that reads it, never
/// kept between inputs (docs/matter.md, "The bridge").
///
/// The hub's dictionaries are copy-on-write values: a view holds them without copying, and since the node lets go
/// of it when the input is done, the hub's next change copies nothing. The node asks only for what a read reports,
/// so no input costs work in proportion to the home's size beyond what it answers.
public protocol NodeEndpoints: Sendable {
    /// Every endpoint number, ascending.
    var endpointIDs: [EndpointID] { get }
    /// What endpoint `endpoint` shows, if there is one.
    func endpoint(_ endpoint: EndpointID) -> NodeEndpoint?
    /// The owner's own clusters and device types on endpoint 0, beside the Root Node's that the node serves itself
    /// (a device's OTA Software Update Requestor, device type 0x0012): none in the bridge.
    var rootExtension: NodeEndpoint? { get }
}

extension NodeEndpoints {
    public var rootExtension: NodeEndpoint? { nil }
}

/// One endpoint the owner serves: a device endpoint, as the layout shows it (`NodeEndpoint+Layout`).
public struct NodeEndpoint: Sendable {
    /// The device endpoint's own device types (a bridge adds Bridged Node on the device's first endpoint).
    public var deviceTypes: [DeviceTypeRef]
    /// The device endpoint's server clusters as the hub models them; a bridge replaces its Descriptor, if any, with
    /// its own, and a device's node serves it as it is.
    public var clusters: [ClusterID: ClusterData]
    /// The bridged numbers of the device endpoints in this one's PartsList (a composed device), for the bridge's
    /// Descriptor.
    public var parts: [EndpointID]
    /// Who the device is, on a bridged device's first endpoint only (where Bridged Node and Bridged Device Basic
    /// Information go).
    public var device: BridgedDeviceInfo?

    public init(
        deviceTypes: [DeviceTypeRef], clusters: [ClusterID: ClusterData], parts: [EndpointID] = [],
        device: BridgedDeviceInfo?
    ) {
        self.deviceTypes = deviceTypes
        self.clusters = clusters
        self.parts = parts
        self.device = device
    }
}

/// Bridged Device Basic Information's values for one device (`ClusterDefinition.bridgedDeviceBasicInformation`).
public struct BridgedDeviceInfo: Hashable, Sendable {
    /// NodeLabel: the device's name in the home.
    public var nodeLabel: String
    public var reachable: Bool
    /// UniqueID: stable for the device's life (it is stored with the device).
    public var uniqueID: String
    public var vendorName: String
    public var vendorID: UInt16
    public var productName: String
    public var productID: UInt16
    public var productLabel: String
    public var serialNumber: String
    public var hardwareVersion: UInt16
    public var hardwareVersionString: String
    public var softwareVersion: UInt32
    public var softwareVersionString: String

    public init(
        nodeLabel: String, reachable: Bool, uniqueID: String, vendorName: String, vendorID: UInt16,
        productName: String, productID: UInt16, productLabel: String, serialNumber: String, hardwareVersion: UInt16,
        hardwareVersionString: String, softwareVersion: UInt32, softwareVersionString: String
    ) {
        self.nodeLabel = nodeLabel
        self.reachable = reachable
        self.uniqueID = uniqueID
        self.vendorName = vendorName
        self.vendorID = vendorID
        self.productName = productName
        self.productID = productID
        self.productLabel = productLabel
        self.serialNumber = serialNumber
        self.hardwareVersion = hardwareVersion
        self.hardwareVersionString = hardwareVersionString
        self.softwareVersion = softwareVersion
        self.softwareVersionString = softwareVersionString
    }

    /// The attribute `attribute` of Bridged Device Basic Information.
    func value(_ attribute: AttributeID) -> AttributeValue? {
        switch attribute {
        case 0x0001: .string(vendorName)
        case 0x0002: .unsigned(UInt64(vendorID))
        case 0x0003: .string(productName)
        case 0x0004: .unsigned(UInt64(productID))
        case 0x0005: .string(nodeLabel)
        case 0x0007: .unsigned(UInt64(hardwareVersion))
        case 0x0008: .string(hardwareVersionString)
        case 0x0009: .unsigned(UInt64(softwareVersion))
        case 0x000A: .string(softwareVersionString)
        case 0x000E: .string(productLabel)
        case 0x000F: .string(serialNumber)
        case 0x0011: .bool(reachable)
        case 0x0012: .string(uniqueID)
        default: GlobalAttributes.values(for: .bridgedDeviceBasicInformation)[attribute]
        }
    }
}

/// No endpoints: what the node serves above endpoint 0 when the owner hands it none.
public struct NoNodeEndpoints: NodeEndpoints {
    public init() {}
    public var endpointIDs: [EndpointID] { [] }
    public func endpoint(_ endpoint: EndpointID) -> NodeEndpoint? { nil }
}

/// What changed in the endpoints the node serves, as the hub says it after its commit (`HubOutput.bridgeChanged`),
/// with the node's own endpoint numbers.
public enum BridgeChange: Hashable, Sendable {
    /// These attributes changed (Bridged Device Basic Information's too: a name, reachability).
    case attributes([AttributePath])
    /// Endpoints appeared or left (devices joined or left the home): the PartsLists that list them change.
    case endpoints(added: [EndpointID], removed: [EndpointID])
    /// A bridged device raised an event; its number is the hub's, one above the last.
    case event(EventRecord)
}

/// A command or attribute write on an endpoint the owner serves, for the hub's device logic
/// (`MatterNodeAction.bridgedRequest`).
public struct BridgedRequest: Hashable, Sendable {
    public enum Operation: Hashable, Sendable {
        /// A command and its fields by context tag.
        case invoke(cluster: ClusterID, command: CommandID, fields: [UInt32: AttributeValue])
        case write(cluster: ClusterID, attribute: AttributeID, value: AttributeValue)
    }

    /// The node's ticket: the hub's answer names it (`MatterNode.bridgedRequestAnswered`).
    public var id: UInt64
    /// The endpoint as the node numbers it: a bridged endpoint in the bridge layout, the device's own endpoint in
    /// the device layout.
    public var endpoint: EndpointID
    public var operation: Operation

    public init(id: UInt64, endpoint: EndpointID, operation: Operation) {
        self.id = id
        self.endpoint = endpoint
        self.operation = operation
    }
}

/// The hub's answer to a `BridgedRequest`.
public enum BridgedAnswer: Hashable, Sendable {
    /// An Interaction Model status (SUCCESS for a command answered by status, or a write done).
    case status(UInt8)
    /// A command's response command and its fields by context tag.
    case response(command: CommandID, fields: [UInt32: AttributeValue])
    /// The device never answered (`device_unresponsive`): the node sends nothing, and the controller times out.
    case noAnswer
}
