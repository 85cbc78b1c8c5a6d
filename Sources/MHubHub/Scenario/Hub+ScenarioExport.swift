import MHubJSON
import MHubProtocol
import MatterDataModel

/// `export_scenario`: the home as it is now, written as a scenario file that loads back to it
/// (`mhubctl scenario export`, and the start of what `mhubctl record` writes).
extension Hub {
    /// `{"scenario": …, "devices": {"node:7": "node-7", "simulated:3": "sim-3"}}`: the scenario, and the ID it
    /// gives each node and waiting simulated device, so a recorder can name them in the timeline it adds.
    func exportScenario(_ request: ExportScenario) -> ExportedScenario {
        var names: [String: String] = [:]
        for node in state.nodes.keys { names["node:\(node)"] = Self.exportedID(node: node) }
        for device in state.simulatedDevices.values {
            names["simulated:\(device.id)"] =
                device.nodeID.map { Self.exportedID(node: $0) } ?? Self.exportedID(simulatedDevice: device.id)
        }
        return ExportedScenario(
            scenario: exportedScenario(name: request.name ?? "\(settings.hubName) home"), devices: names)
    }

    /// The scenario ID the export gives a node (`node-7`) and a simulated device waiting (`sim-3`).
    static func exportedID(node: NodeID) -> String { "node-\(node)" }
    static func exportedID(simulatedDevice: SimulatedDeviceID) -> String { "sim-\(simulatedDevice)" }

    func exportedScenario(name: String) -> JSONValue {
        let structures = state.structures.values.sorted { $0.id < $1.id }
        func structureName(_ id: StructureID) -> JSONValue { state.structures[id].map { .string($0.name) } ?? .null }
        func roomName(_ id: RoomID?) -> JSONValue? { id.flatMap { state.rooms[$0] }.map { .string($0.name) } }
        var scenario: [String: JSONValue] = [
            "mhub_scenario": .integer(Int64(Scenario.schemaVersion)),
            "name": .string(name),
            "timing_profile": .string(settings.profile.name),
            "structures": .array(
                structures.map { structure in
                    let rooms = state.rooms.values.filter { $0.structureID == structure.id }.sorted { $0.id < $1.id }
                    return ["name": .string(structure.name), "rooms": .array(rooms.map { .string($0.name) })]
                }),
        ]
        var simulated: [JSONValue] = []
        for device in state.simulatedDevices.values.sorted(by: { $0.id < $1.id }) where device.nodeID == nil {
            var entry = deviceIdentity(device)
            entry["id"] = .string(Self.exportedID(simulatedDevice: device.id))
            entry["name"] = .string(device.name)
            simulated.append(.object(entry))
        }
        var devices: [JSONValue] = []
        var imports: [JSONValue] = []
        for node in state.nodes.values.sorted(by: { $0.id < $1.id }) where node.isInHome {
            var entry: [String: JSONValue] = [
                "id": .string(Self.exportedID(node: node.id)), "name": .string(node.name),
                "structure": structureName(node.structureID),
            ]
            if let room = roomName(node.roomID) { entry["room"] = room }
            guard let deviceID = node.simulatedDeviceID, let device = state.simulatedDevices[deviceID] else {
                entry["dump"] = ["data": ["node": node.ohfJSON(available: true)]]
                imports.append(.object(entry))
                continue
            }
            entry.merge(deviceIdentity(device)) { current, _ in current }
            let fresh = makeNode(from: device, id: node.id, structureID: node.structureID, now: node.commissionedAt)
            var changed: [String: JSONValue] = [:]
            for (path, value) in node.data.attributes where fresh.data[path] != value {
                guard ClusterCatalog.definition(path.cluster)?.attribute(path.attribute) != nil else { continue }
                changed[path.description] = value.json
            }
            if !changed.isEmpty { entry["attributes"] = .object(changed) }
            devices.append(.object(entry))
        }
        scenario["simulated_devices"] = .array(simulated)
        scenario["devices"] = .array(devices)
        scenario["imports"] = .array(imports)
        scenario["permissions"] = .array(
            state.revoked.sorted { ($0.principal.name, $0.structureID) < ($1.principal.name, $1.structureID) }.map {
                ["principal": .string($0.principal.name), "structure": structureName($0.structureID), "granted": false]
            })
        scenario["faults"] = .array(exportedFaults)
        return .object(scenario)
    }

    /// What identifies a simulated device in a scenario: its template, codes and Basic Information, the network it was
    /// told to join and the update offered to it.
    private func deviceIdentity(_ device: SimulatedDevice) -> [String: JSONValue] {
        let layout = SimulatedLayout(stored: device.template)
        var identity: [String: JSONValue] = [
            "template": .string(layout?.key ?? device.template), "discriminator": .integer(Int64(device.discriminator)),
            "passcode": .integer(Int64(device.passcode)), "vendor_id": .integer(Int64(device.vendorID)),
            "product_id": .integer(Int64(device.productID)), "serial_number": .string(device.serialNumber),
        ]
        // A bridge's or a several-endpoint device's layout, as add_simulated_device takes it (stored as
        // `bridge/KEY*N` or `KEY*N`).
        let (endpoints, bridgedDevices, bridgedTemplate) = layout?.counts ?? (nil, nil, nil)
        if let endpoints { identity["endpoints"] = .integer(endpoints) }
        if let bridgedDevices { identity["bridged_devices"] = .integer(bridgedDevices) }
        if let bridgedTemplate { identity["bridged_template"] = .string(bridgedTemplate) }
        if let network = device.network { identity["network"] = .string(network.rawValue) }
        if device.onNetwork { identity["on_network"] = .bool(true) }
        if let offer = device.firmware.offer { identity["firmware_update"] = JSONText(offer.protocolValue).value }
        return identity
    }

    /// The faults on now, as the scenario's `faults` entries that set them.
    private var exportedFaults: [JSONValue] {
        var faultList: [JSONValue] = []
        func device(_ id: SimulatedDeviceID) -> JSONValue {
            let nodeID = state.simulatedDevices[id]?.nodeID
            return .string(nodeID.map { Self.exportedID(node: $0) } ?? Self.exportedID(simulatedDevice: id))
        }
        if faults.hubOffline { faultList.append(["fault": "hub_offline"]) }
        for id in faults.unreachableDevices.sorted() {
            faultList.append(["fault": "device_unreachable", "device": device(id)])
        }
        for id in faults.unresponsiveDevices.sorted() {
            faultList.append(["fault": "device_unresponsive", "device": device(id)])
        }
        for (step, mode) in faults.failingSteps.sorted(by: { $0.key.name < $1.key.name }) {
            var entry: [String: JSONValue] = [
                "fault": "step_failure", "step": .string(step.name), "mode": .string(mode.rawValue),
            ]
            if faults.failingOnce.contains(step) { entry["once"] = true }
            faultList.append(.object(entry))
        }
        if faults.allDevicesLatency > 0 {
            faultList.append(["fault": "slow_device", "latency_ms": .integer(faults.allDevicesLatency)])
        }
        for (id, latency) in faults.deviceLatency.sorted(by: { $0.key < $1.key }) {
            faultList.append(["fault": "slow_device", "device": device(id), "latency_ms": .integer(latency)])
        }
        for (id, stage) in faults.failingUpdates.sorted(by: { $0.key < $1.key }) {
            faultList.append(["fault": "update_failure", "device": device(id), "stage": .string(stage.rawValue)])
        }
        for (id, fault) in faults.applianceErrors.sorted(by: { $0.key < $1.key }) {
            faultList.append(
                ["fault": "appliance_error", "device": device(id), "error_state": .integer(Int64(fault.error))])
        }
        return faultList
    }
}
