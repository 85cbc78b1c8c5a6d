import MHubJSON
import MatterDataModel
import MatterNode

/// What commissioning leaves on a device, as a real commissioner leaves it (docs/matter.md, "Commissioning: what a
/// controller sends"): the hub's fabric in Operational Credentials, labelled with the hub's fabric label
/// (`set_default_fabric_label`); the hub's administrator entry in Access Control (what AddNOC's CaseAdminSubject
/// makes); and the network it joined at `network_setup` in Network Commissioning and General Diagnostics.
///
/// A value: the device, its node ID, the hub's fabric and preferences in; the attribute changes out.
struct CommissionedNodeState {
    let device: SimulatedDevice
    let nodeID: NodeID
    let fabric: FabricIdentity
    let fabricVendorID: UInt16
    let preferences: HubPreferences
    /// The network the device joined (`SimulatedDevice.joins`, read from its stored layout once).
    let network: DeviceNetwork

    init(
        device: SimulatedDevice, nodeID: NodeID, fabric: FabricIdentity, fabricVendorID: UInt16,
        preferences: HubPreferences
    ) {
        self.device = device
        self.nodeID = nodeID
        self.fabric = fabric
        self.fabricVendorID = fabricVendorID
        self.preferences = preferences
        network = device.joins
    }

    /// The hub's fabric index on its devices: the first fabric they join.
    static let fabricIndex: UInt64 = 1

    /// Endpoint 0's attribute values to set, by cluster; a cluster whose values are all given (Network
    /// Commissioning, whose attributes differ by interface) replaces the template's.
    var changes: [(cluster: ClusterID, values: [AttributeID: AttributeValue], replacesCluster: Bool)] {
        var changes: [(cluster: ClusterID, values: [AttributeID: AttributeValue], replacesCluster: Bool)] = [
            (ClusterDefinition.operationalCredentials.id, operationalCredentials, false),
            (ClusterDefinition.accessControl.id, [0x0000: .list([administratorEntry])], false),
            (ClusterDefinition.networkCommissioning.id, networkCommissioning, true),
            (ClusterDefinition.generalDiagnostics.id, [0x0000: .list([networkInterface])], false),
        ]
        if network == .thread, let dataset = preferences.threadDataset {
            changes.append((Self.threadNetworkDiagnostics, threadNetworkDiagnostics(dataset), true))
        }
        return changes
    }

    /// Thread Network Diagnostics (0x0035).
    static let threadNetworkDiagnostics: ClusterID = 0x0035

    /// Thread Network Diagnostics, revision 3, without features (Matter Core Specification 11.14; CHIP SDK
    /// `data_model/1.4/clusters/DiagnosticsThread.xml`, whose revision 3 added ExtAddress and Rloc16, both provisional
    /// in 1.4 and left out here): the network of the dataset the device joined (channel, name,
    /// PAN IDs, mesh-local prefix, active timestamp) and its role, a sleepy end device for battery devices (those with a
    /// battery Power Source: sensors, detectors, locks, blinds) and a router for mains-powered ones (RoutingRoleEnum: 2 SleepyEndDevice, 5 Router). What a
    /// Thread stack measures (neighbours, routes, counters) is empty or null: mhub has no radio.
    func threadNetworkDiagnostics(_ dataset: ThreadDataset) -> [AttributeID: AttributeValue] {
        let sleepy = SimulatedLayout(stored: device.template)?.template.onBattery ?? false
        let extendedPANID = dataset.extendedPANID.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let values: [AttributeID: AttributeValue] = [
            0x0000: .unsigned(UInt64(dataset.channel)), 0x0001: .unsigned(sleepy ? 2 : 5),
            0x0002: .string(dataset.networkName), 0x0003: .unsigned(UInt64(dataset.panID)),
            0x0004: .unsigned(extendedPANID),
            // Ipv6PrefixStruct's octet string: the prefix length in bits, then the prefix.
            0x0005: .bytes([64] + dataset.meshLocalPrefix), 0x0007: .list([]), 0x0008: .list([]),
            0x0009: .null, 0x000A: .null, 0x000B: .null, 0x000C: .null, 0x000D: .null,
            0x0038: .unsigned(dataset.activeTimestampSeconds << 16), 0x0039: .null, 0x003A: .null,
            0x003B: .null, 0x003C: .null, 0x003D: .null, 0x003E: .list([]),
        ]
        return Self.withGlobalAttributes(values, accepted: [], generated: [], featureMap: 0, revision: 3)
    }

    /// A cluster's attribute values with its global attributes added (Matter Core Specification 7.13), as
    /// `GlobalAttributes.values(for:)` adds them to a definition's: AttributeList is every attribute and the globals.
    static func withGlobalAttributes(
        _ values: [AttributeID: AttributeValue], accepted: [UInt64], generated: [UInt64], featureMap: UInt64,
        revision: UInt64
    ) -> [AttributeID: AttributeValue] {
        var values = values
        let globals = GlobalAttributes.definitions.map(\.id)
        values[GlobalAttributes.generatedCommandList] = .list(generated.map { .unsigned($0) })
        values[GlobalAttributes.acceptedCommandList] = .list(accepted.map { .unsigned($0) })
        values[GlobalAttributes.attributeList] = .list(
            (values.keys.filter { !globals.contains($0) }.sorted() + globals.sorted()).map { .unsigned(UInt64($0)) })
        values[GlobalAttributes.featureMap] = .unsigned(featureMap)
        values[GlobalAttributes.clusterRevision] = .unsigned(revision)
        return values
    }

    /// Fabrics (FabricDescriptorStruct, Matter Core Specification 11.18.4.5), CommissionedFabrics and
    /// CurrentFabricIndex. RootPublicKey is not a real key: the hub's own fabric, on which it keeps its simulated
    /// devices, has no root certificate; it is 0x04 followed by the fabric's IDs, so it is stable per hub.
    var operationalCredentials: [AttributeID: AttributeValue] {
        var rootKey: [UInt8] = [0x04]
        for value in [fabric.fabricID, fabric.compressedFabricID, fabric.fabricID ^ 0x4D48_5542, ~fabric.fabricID] {
            for shift in stride(from: 56, through: 0, by: -8) {
                rootKey.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            }
        }
        let descriptor: AttributeValue = .structure([
            1: .bytes(rootKey), 2: .unsigned(UInt64(fabricVendorID)), 3: .unsigned(fabric.fabricID),
            4: .unsigned(nodeID), 5: .string(preferences.effectiveFabricLabel), 0xFE: .unsigned(Self.fabricIndex),
        ])
        return [0x0001: .list([descriptor]), 0x0003: .unsigned(1), 0x0005: .unsigned(Self.fabricIndex)]
    }

    /// AccessControlEntryStruct (Matter Core Specification 9.10.5.6): Administer over CASE for the hub's node, on the
    /// hub's fabric, no targets.
    var administratorEntry: AttributeValue {
        .structure([
            1: .unsigned(UInt64(AccessPrivilege.administer.rawValue)),
            2: .unsigned(UInt64(AccessControlEntry.AuthMode.case.rawValue)),
            3: .list([.unsigned(FabricIdentity.hubNodeID)]), 4: .null, 0xFE: .unsigned(Self.fabricIndex),
        ])
    }

    /// The network's ID in Network Commissioning: the SSID, the Extended PAN ID, or the Ethernet interface's name.
    var networkID: [UInt8] {
        switch network {
        case .wifi: Array((preferences.wifi?.ssid ?? "").utf8)
        case .thread: preferences.threadDataset?.extendedPANID ?? []
        case .ethernet: Array("eth0".utf8)
        }
    }

    /// Network Commissioning (0x0031) for the interface the device has (Matter Core Specification 11.9): one network,
    /// connected, the last attempt a success. Wi-Fi and Thread take the commands that add networks; Ethernet none, and
    /// its attributes are `ClusterDefinition.ethernetNetworkCommissioning`'s, as the hub's own endpoint 0 has them.
    var networkCommissioning: [AttributeID: AttributeValue] {
        var values: [AttributeID: AttributeValue] = [
            0x0000: .unsigned(1), 0x0001: ClusterDefinition.networks(networkID, connected: true),
            0x0004: .bool(true), 0x0005: .unsigned(0), 0x0006: .bytes(networkID), 0x0007: .null,
        ]
        var accepted: [UInt64] = []
        var generated: [UInt64] = []
        switch network {
        case .wifi:
            values[0x0002] = .unsigned(10)
            values[0x0003] = .unsigned(20)
            values[0x0008] = .list([.unsigned(0)])
            accepted = [0x00, 0x02, 0x04, 0x06, 0x08]
            generated = [0x01, 0x05, 0x07]
        case .thread:
            values[0x0002] = .unsigned(10)
            values[0x0003] = .unsigned(20)
            // SupportedThreadFeatures (bit 0 BorderRouter … none for an end device) and ThreadVersion 4 (1.3).
            values[0x0009] = .unsigned(0)
            values[0x000A] = .unsigned(4)
            accepted = [0x00, 0x03, 0x04, 0x06, 0x08]
            generated = [0x01, 0x05, 0x07]
        case .ethernet:
            return ClusterTemplate(.ethernetNetworkCommissioning, overrides: values).makeData().attributes
        }
        return Self.withGlobalAttributes(
            values, accepted: accepted, generated: generated, featureMap: network.networkCommissioningFeature,
            revision: 2)
    }

    /// General Diagnostics' NetworkInterface (Matter Core Specification 11.12.6.1): the operational interface, a
    /// locally administered hardware address made from the node ID (an EUI-64 for Thread). The device's IP addresses
    /// are left empty: the hub serves every device (`get_node_ip_addresses`).
    var networkInterface: AttributeValue {
        let length = network == .thread ? 8 : 6
        var address: [UInt8] = [0x02, 0x4D, 0x48]
        while address.count < length {
            let shift = UInt64(8 * (length - address.count - 1))
            address.append(UInt8(truncatingIfNeeded: nodeID >> shift))
        }
        let name =
            switch network {
            case .wifi: "wlan0"
            case .thread: "thread0"
            case .ethernet: "eth0"
            }
        return .structure([
            0: .string(name), 1: .bool(true), 2: .null, 3: .null, 4: .bytes(address), 5: .list([]), 6: .list([]),
            7: .unsigned(network.interfaceType),
        ])
    }
}

extension Hub {
    /// `data` and its OHF attributes as the device is once commissioned onto the hub's fabric
    /// (`CommissionedNodeState`).
    func commissioned(
        _ data: NodeData, attributes: [String: JSONValue], device: SimulatedDevice, nodeID: NodeID
    ) -> (NodeData, [String: JSONValue]) {
        let state = CommissionedNodeState(
            device: device, nodeID: nodeID, fabric: self.state.fabric, fabricVendorID: settings.identity.vendorID,
            preferences: self.state.preferences)
        var data = data
        var attributes = attributes
        for (cluster, values, replaces) in state.changes {
            guard data.endpoints[0] != nil else { continue }
            // A cluster the device has only on this network (Thread Network Diagnostics) is added.
            guard
                var clusterData = data.endpoints[0]?.clusters[cluster]
                    ?? (replaces ? ClusterData(id: cluster, attributes: [:]) : nil)
            else { continue }
            if replaces {
                for attribute in clusterData.attributes.keys {
                    attributes["0/\(cluster)/\(attribute)"] = nil
                }
                clusterData.attributes = [:]
            }
            for (attribute, value) in values where replaces || clusterData.attributes[attribute] != nil {
                clusterData.attributes[attribute] = value
                attributes["0/\(cluster)/\(attribute)"] = value.json
            }
            data.endpoints[0]!.clusters[cluster] = clusterData
        }
        // The Descriptor's ServerList follows the clusters endpoint 0 now has.
        let serverList = AttributePath(endpoint: 0, cluster: ClusterDefinition.descriptor.id, attribute: 0x0001)
        if let clusters = data.endpoints[0]?.clusters.keys, data[serverList] != nil {
            let list = AttributeValue.list(clusters.sorted().map { .unsigned(UInt64($0)) })
            data[serverList] = list
            attributes[serverList.description] = list.json
        }
        return (data, attributes)
    }
}

extension Hub {
    /// Why `network_setup` fails for `device`, if it does: a commissioner gives a Wi-Fi device the Wi-Fi credentials
    /// and a Thread device the Thread dataset it was told (`set_wifi_credentials`, `set_thread_dataset`), and has none
    /// to give until then, as the OHF server does. An Ethernet device needs none.
    func networkSetupFailure(_ device: SimulatedDevice) -> HubError? {
        switch device.joins {
        case .wifi where state.preferences.wifi == nil:
            HubError(
                .stepFailed,
                "network_setup failed: \(device.name) joins Wi-Fi and the hub has no Wi-Fi credentials to give it; "
                    + "set them with set_wifi_credentials (mhubctl hub network wifi SSID PASSPHRASE)")
        case .thread where state.preferences.threadDataset == nil:
            HubError(
                .stepFailed,
                "network_setup failed: \(device.name) joins Thread and the hub has no Thread dataset to give it; "
                    + "set one with set_thread_dataset (mhubctl hub network thread DATASET)")
        case .wifi, .thread, .ethernet:
            nil
        }
    }
}
