import MHubHub

extension AdvertisingFacts {
    /// A simulated device on the network, its own Matter node on its own UDP port (docs/dns-sd.md, "Devices on the
    /// network"): `_matterc._udp` while its window is open, `_matter._tcp` per fabric it joined.
    public struct NetworkDevice: Hashable, Sendable {
        public var id: SimulatedDeviceID
        /// The UDP port its node serves on, which its records point at.
        public var port: UInt16
        /// What `_matterc._udp` says of it while its window is open; `nil` while it is closed.
        public var commissionable: CommissionableDevice?
        /// Its operational identities, in fabric index order.
        public var fabrics: [OperationalIdentity]

        public init(
            id: SimulatedDeviceID, port: UInt16, commissionable: CommissionableDevice? = nil,
            fabrics: [OperationalIdentity] = []
        ) {
            self.id = id
            self.port = port
            self.commissionable = commissionable
            self.fabrics = fabrics
        }

        /// The devices on the network of `hub` whose node listens, in ID order, but those made unreachable by a
        /// fault.
        ///
        /// A fabric counts from AddNOC on, while the fail-safe still holds it, as the hub's own do: CHIP's
        /// commissioner finds the node over `_matter._tcp` for CASE before CommissioningComplete
        /// (`DnssdServer::AdvertiseOperational` runs at AddNOC; matter-commissionee.md §7). A fabric the fail-safe
        /// rolls back leaves the node's report, and so the records.
        /// Made after every input the hub takes, so it walks only the devices whose nodes reported, not every
        /// simulated device.
        static func all(of hub: borrowing Hub) -> [NetworkDevice] {
            let unreachable = hub.faults.unreachableDevices
            return hub.run.deviceNodes.keys.sorted().compactMap { id in
                guard !unreachable.contains(id), let node = hub.run.deviceNodes[id], let port = node.port,
                    let device = hub.state.simulatedDevices[id], let spec = hub.networkDeviceSpec(of: id)
                else { return nil }
                let commissionable = node.window.map { window in
                    let (discriminator, enhanced) =
                        switch window {
                        case .basic(let discriminator): (discriminator, false)
                        case .administrator(let window): (window.discriminator, window.enhanced)
                        }
                    return CommissionableDevice(
                        name: device.name, vendorID: spec.vendorID, productID: spec.productID,
                        discriminator: discriminator, deviceType: spec.deviceTypeID == 0 ? nil : spec.deviceTypeID,
                        enhanced: enhanced)
                }
                let fabrics = node.matter.fabrics.sorted { $0.fabricIndex < $1.fabricIndex }.map {
                    OperationalIdentity(
                        fabricIndex: $0.fabricIndex, compressedFabricID: $0.compressedFabricID, nodeID: $0.nodeID)
                }
                return NetworkDevice(id: spec.deviceID, port: port, commissionable: commissionable, fabrics: fabrics)
            }
        }
    }

    /// A device's open commissioning window as `_matterc._udp` describes it (reference A.1): `CM=1`, its own
    /// discriminator, vendor and product, primary device type and name.
    public struct CommissionableDevice: Hashable, Sendable {
        public var name: String
        public var vendorID: UInt16
        public var productID: UInt16
        public var discriminator: UInt16
        /// Its primary device type (endpoint 1's first), if it has one.
        public var deviceType: UInt32?
        /// An administrator's enhanced window (`CM=2`), or a basic one (`CM=1`: its own, or an administrator's).
        public var enhanced: Bool

        public init(
            name: String, vendorID: UInt16, productID: UInt16, discriminator: UInt16, deviceType: UInt32?,
            enhanced: Bool = false
        ) {
            self.enhanced = enhanced
            self.name = name
            self.vendorID = vendorID
            self.productID = productID
            self.discriminator = discriminator
            self.deviceType = deviceType
        }
    }
}
