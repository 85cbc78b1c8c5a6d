import MHubProtocol
import MatterDataModel

/// Milliseconds since the Unix epoch: the hub's one notion of time, always passed in.
public typealias Timestamp = Int64

public typealias StructureID = Int64
public typealias RoomID = Int64
public typealias SimulatedDeviceID = Int64

// A home (a "structure" in the Google Home APIs) and its rooms are the protocol's `Structure` and `Room`.

/// The fabric the hub commissions devices onto.
public struct FabricIdentity: Hashable, Sendable {
    public var fabricID: UInt64
    public var compressedFabricID: UInt64

    public init(fabricID: UInt64, compressedFabricID: UInt64) {
        self.fabricID = fabricID
        self.compressedFabricID = compressedFabricID
    }
}

/// A device commissioned onto the hub's fabric, or a device on the network that is not (yet) in the hub's home
/// (`membership`).
public struct Node: Hashable, Sendable {
    /// Whether a node is in the hub's home.
    public enum Membership: Int, Hashable, Sendable {
        /// Commissioned onto the hub's fabric: in a structure, listed, bridged.
        case home = 0
        /// A simulated device on the network as its own Matter node, not in the hub's home: its state lives here
        /// (what controllers and `device_*` requests change), but it is in no structure, no listing and no bridge
        /// (docs/matter.md, "Devices on the network").
        case nearby = 1
    }

    public var id: NodeID
    public var structureID: StructureID
    public var roomID: RoomID?
    public var name: String
    /// The template's key, e.g. `on-off-light`.
    public var template: String
    /// The simulated device it was commissioned from.
    public var simulatedDeviceID: SimulatedDeviceID?
    public var commissionedAt: Timestamp
    public var data: NodeData
    /// The endpoint numbers of this device's application endpoints (every endpoint but 0) on the hub's own Matter
    /// node, where they are bridged (docs/matter.md, "The bridge"): given once, stored with the node, never reused.
    public var bridgedEndpoints: [EndpointID: EndpointID]
    /// In the home, or only on the network.
    public var membership: Membership = .home

    /// Whether it is in the hub's home (not only on the network).
    public var isInHome: Bool { membership == .home }

    public init(
        id: NodeID, structureID: StructureID, roomID: RoomID?, name: String, template: String,
        simulatedDeviceID: SimulatedDeviceID?, commissionedAt: Timestamp, data: NodeData,
        bridgedEndpoints: [EndpointID: EndpointID] = [:]
    ) {
        self.id = id
        self.structureID = structureID
        self.roomID = roomID
        self.name = name
        self.template = template
        self.simulatedDeviceID = simulatedDeviceID
        self.commissionedAt = commissionedAt
        self.data = data
        self.bridgedEndpoints = bridgedEndpoints
    }
}

/// A simulated device waiting nearby: commissionable until a completed session adds it to the fabric.
public struct SimulatedDevice: Hashable, Sendable {
    public var id: SimulatedDeviceID
    public var template: String
    public var name: String
    public var vendorID: UInt16
    public var productID: UInt16
    public var discriminator: UInt16
    public var passcode: UInt32
    public var serialNumber: String
    /// Set while it is on the fabric; a commissioned device is not commissionable.
    public var nodeID: NodeID?
    /// The network it joins at `network_setup`; its template's (`DeviceNetwork.defaultFor`) unless set.
    public var network: DeviceNetwork?
    /// What it runs, and the update offered to it.
    public var firmware = DeviceFirmware()
    /// Whether it is its own Matter node on the network (`on_network`): its own port, passcode, attestation and
    /// fabrics, commissionable by any controller (docs/matter.md, "Devices on the network").
    public var onNetwork = false
    /// The node that holds its state while it is on the network (`Node.Membership.nearby` until mhub's own
    /// commissioning puts it in the home, when `nodeID` is the same). Not stored: found from the nodes at load.
    public var networkNodeID: NodeID?

    /// The network it joins.
    public var joins: DeviceNetwork {
        network ?? DeviceNetwork.defaultFor(template: SimulatedLayout(stored: template)?.key ?? template)
    }

    public init(
        id: SimulatedDeviceID, template: String, name: String, vendorID: UInt16, productID: UInt16,
        discriminator: UInt16, passcode: UInt32, serialNumber: String, nodeID: NodeID?
    ) {
        self.id = id
        self.template = template
        self.name = name
        self.vendorID = vendorID
        self.productID = productID
        self.discriminator = discriminator
        self.passcode = passcode
        self.serialNumber = serialNumber
        self.nodeID = nodeID
    }
}

/// Who a connection is, for permissions: a Unix user, a token's name, or loopback.
public struct Principal: Hashable, Sendable, CustomStringConvertible {
    public var name: String

    public init(_ name: String) {
        self.name = name
    }

    public var description: String { name }
}

/// A connected client as the hub sees it.
public struct ClientInfo: Hashable, Sendable {
    /// Unique for the daemon's lifetime.
    public var connectionID: UInt64
    public var principal: Principal
    public var scope: Scope
    /// How it is connected, for "busy" messages: e.g. `unix uid 1000` or `ws 127.0.0.1:51234`.
    public var peer: String

    public init(connectionID: UInt64, principal: Principal, scope: Scope, peer: String) {
        self.connectionID = connectionID
        self.principal = principal
        self.scope = scope
        self.peer = peer
    }
}
