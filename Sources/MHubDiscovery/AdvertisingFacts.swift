import MHubHub
import MatterDataModel

/// The parts of the hub's state its advertisements depend on, so the advertiser plans again only when
/// one of them changed (the hub changes after every request).
public struct AdvertisingFacts: Hashable, Sendable {
    /// A simulated device waiting to be commissioned, as `_matterc._udp` describes it.
    public struct CommissionableDevice: Hashable, Sendable {
        public var id: SimulatedDeviceID
        public var name: String
        public var vendorID: UInt16
        public var productID: UInt16
        public var discriminator: UInt16
        /// Its template's device type, if the template is known.
        public var deviceType: UInt32?

        public init(
            id: SimulatedDeviceID, name: String, vendorID: UInt16, productID: UInt16, discriminator: UInt16,
            deviceType: UInt32?
        ) {
            self.id = id
            self.name = name
            self.vendorID = vendorID
            self.productID = productID
            self.discriminator = discriminator
            self.deviceType = deviceType
        }
    }

    /// The hub's operational identity on one fabric it joined: the `_matter._tcp` instance `<CFID>-<NodeID>`.
    public struct OperationalIdentity: Hashable, Sendable {
        public var fabricIndex: UInt8
        public var compressedFabricID: UInt64
        public var nodeID: UInt64

        public init(fabricIndex: UInt8, compressedFabricID: UInt64, nodeID: UInt64) {
            self.fabricIndex = fabricIndex
            self.compressedFabricID = compressedFabricID
            self.nodeID = nodeID
        }
    }

    /// The hub's own fabric, onto which it commissions its simulated devices.
    public var compressedFabricID: UInt64
    public var window: CommissioningWindow?
    /// The fabrics the hub's Matter node has joined (committed or still under the fail-safe), in index order.
    public var joinedFabrics: [OperationalIdentity]
    /// Commissioned nodes to advertise, in ID order (empty unless simulated devices are advertised).
    public var operationalNodes: [NodeID]
    /// Commissionable simulated devices, in ID order (empty unless simulated devices are advertised).
    public var commissionableDevices: [CommissionableDevice]
    /// The Thread network a client set (`set_thread_dataset`): `_meshcop._udp` names it instead of the configured one.
    public var threadNetwork: ThreadNetwork?

    /// What `_meshcop._udp` says of the Thread network a dataset describes.
    public struct ThreadNetwork: Hashable, Sendable {
        public var name: String
        public var extendedPANID: [UInt8]
        public var activeTimestampSeconds: UInt64

        public init(name: String, extendedPANID: [UInt8], activeTimestampSeconds: UInt64) {
            self.name = name
            self.extendedPANID = extendedPANID
            self.activeTimestampSeconds = activeTimestampSeconds
        }
    }

    public init(
        compressedFabricID: UInt64, window: CommissioningWindow? = nil, joinedFabrics: [OperationalIdentity] = [],
        operationalNodes: [NodeID] = [], commissionableDevices: [CommissionableDevice] = []
    ) {
        self.compressedFabricID = compressedFabricID
        self.window = window
        self.joinedFabrics = joinedFabrics
        self.operationalNodes = operationalNodes
        self.commissionableDevices = commissionableDevices
    }

    /// The facts of `hub`. Simulated devices made unreachable by a fault (`set_fault unreachable_device`)
    /// are left out: discovery does not find them.
    public init(hub: borrowing Hub, includeSimulatedDevices: Bool) {
        self.init(
            compressedFabricID: hub.state.fabric.compressedFabricID, window: hub.desk.window,
            joinedFabrics: hub.run.matter.fabrics.map {
                OperationalIdentity(
                    fabricIndex: $0.fabricIndex, compressedFabricID: $0.compressedFabricID, nodeID: $0.nodeID)
            })
        threadNetwork = hub.state.preferences.threadDataset.map {
            ThreadNetwork(
                name: $0.networkName, extendedPANID: $0.extendedPANID, activeTimestampSeconds: $0.activeTimestampSeconds
            )
        }
        guard includeSimulatedDevices else { return }
        let unreachable = hub.faults.unreachableDevices
        operationalNodes = hub.state.nodes.values
            .filter { node in node.simulatedDeviceID.map { !unreachable.contains($0) } ?? true }
            .map(\.id).sorted()
        commissionableDevices = hub.state.simulatedDevices.values
            .filter { $0.nodeID == nil && !unreachable.contains($0.id) }
            .sorted { $0.id < $1.id }
            .map {
                CommissionableDevice(
                    id: $0.id, name: $0.name, vendorID: $0.vendorID, productID: $0.productID,
                    discriminator: $0.discriminator, deviceType: SimulatedLayout(stored: $0.template)?.deviceTypeID)
            }
    }
}
