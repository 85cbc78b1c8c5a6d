import MHubDNSSD
import MHubHub
import MatterDataModel

/// The parts of the hub's state its advertisements depend on, so the advertiser plans again only when
/// one of them changed (the hub changes after every request).
public struct AdvertisingFacts: Hashable, Sendable {
    /// A node's operational identity on one fabric it joined: the `_matter._tcp` instance `<CFID>-<NodeID>`.
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
    /// The simulated devices on the network whose own node serves on a port, in ID order (docs/dns-sd.md,
    /// "Devices on the network").
    public var networkDevices: [NetworkDevice]
    /// The Thread network a client set (`set_thread_dataset`): `_meshcop._udp` names it instead of the configured one.
    public var threadNetwork: ThreadNetwork?
    /// The HomeKit face, once its port serves: `_hap._tcp`.
    public var homeKit: HAPAdvertisement?

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
        networkDevices: [NetworkDevice] = []
    ) {
        self.compressedFabricID = compressedFabricID
        self.window = window
        self.joinedFabrics = joinedFabrics
        self.networkDevices = networkDevices
    }

    /// The facts of `hub`. Simulated devices made unreachable by a fault (`set_fault device_unreachable`)
    /// are left out: discovery does not find them.
    public init(hub: borrowing Hub) {
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
        networkDevices = NetworkDevice.all(of: hub)
        homeKit = hub.run.homeKit.map {
            HAPAdvertisement(
                name: $0.name + " " + String($0.deviceID.filter { $0 != ":" }.suffix(6)), port: $0.port,
                deviceID: $0.deviceID, configurationNumber: HAPAdvertisement.advertised($0.configurationNumber),
                paired: $0.paired, model: "mhub", setupHash: $0.setupHash)
        }
    }
}
