import MHubJSON
import MHubProtocol
import MatterDataModel
import MatterOnboarding

/// Simulated devices: created from templates, commissionable until added to the fabric.
extension Hub {
    mutating func addSimulatedDevice(_ request: AddSimulatedDevice, now: Timestamp, _ outcome: inout HubOutcome)
        throws(HubError) -> SimulatedDeviceInfo
    {
        let (name, discriminator, passcode) = (request.name, request.discriminator, request.passcode)
        let (vendorID, productID, serial) = (request.vendorID, request.productID, request.serialNumber)
        let network = try self.network(named: request.network)
        let offer = try request.firmwareUpdate.map { json throws(HubError) in try FirmwareOffer(json: json) }
        let layout = try requestedLayout(request)
        if let discriminator, discriminator > Discriminator.maximum {
            throw HubError(.invalidArguments, "discriminator must be 0 to 4095")
        }
        if let passcode, !SetupPasscode.isValid(passcode) {
            throw HubError(.invalidArguments, "passcode \(passcode) is not a valid setup passcode")
        }
        if let vendorID, !(1...0xFFF4).contains(vendorID) {
            throw HubError(.invalidArguments, "vendor_id must be 1 to 0xFFF4")
        }
        if productID == 0 {
            throw HubError(.invalidArguments, "product_id must not be 0")
        }
        try checkQuota(state.simulatedDevices.count, HubQuotas.simulatedDevices, "simulated devices")
        let onNetwork = request.onNetwork ?? settings.devicesOnNetwork
        if onNetwork { try checkCanJoinNetwork(discriminator: discriminator) }
        var device = makeSimulatedDevice(
            template: layout.stored,
            name: try name.map { n throws(HubError) in try validatedName(n, what: "the name") },
            discriminator: discriminator, passcode: passcode, vendorID: vendorID, productID: productID,
            serialNumber: serial)
        device.network = network
        device.firmware.offer = offer
        if onNetwork { putOnNetwork(&device, now: now, &outcome) }
        state.simulatedDevices[device.id] = device
        outcome.changes += [.saveSimulatedDevice(device), .saveCounters(state.counters)]
        outcome.events.append(HubEvent(.simulatedDeviceAdded, simulatedInfo(device)))
        return simulatedInfo(device)
    }

    /// The layout `add_simulated_device` asks for: `template` (or `bridge` with `bridged_devices` and
    /// `bridged_template`), with `endpoints` for several endpoints of one type.
    private func requestedLayout(_ request: AddSimulatedDevice) throws(HubError) -> SimulatedLayout {
        let (key, endpoints) = (request.template, request.endpoints)
        let (bridgedCount, bridgedKey) = (request.bridgedDevices, request.bridgedTemplate)
        func template(_ key: String) throws(HubError) -> DeviceTemplate {
            guard let template = DeviceTemplates.named(key) else {
                let names = (DeviceTemplates.all.map(\.key) + [SimulatedLayout.bridgeKey]).joined(separator: ", ")
                throw HubError(.unknownTemplate, "no template \"\(key)\"; templates: \(names)")
            }
            return template
        }
        if let mismatch = SimulatedLayout.mismatch(in: request) {
            throw HubError(.invalidArguments, mismatch.reason)
        }
        if key == SimulatedLayout.bridgeKey {
            let count = bridgedCount ?? 3
            guard (1...SimulatedLayout.maximumBridgedDevices).contains(count) else {
                throw HubError(
                    .invalidArguments, "bridged_devices must be 1 to \(SimulatedLayout.maximumBridgedDevices)")
            }
            let bridged = try template(bridgedKey ?? "on-off-light")
            return .bridge(bridged, count: count)
        }
        let base = try template(key)
        let count = endpoints ?? 1
        guard (1...SimulatedLayout.maximumEndpoints).contains(count) else {
            throw HubError(.invalidArguments, "endpoints must be 1 to \(SimulatedLayout.maximumEndpoints)")
        }
        return count == 1 ? .single(base) : .endpoints(base, count: count)
    }

    /// `network`: the network the device joins (`DeviceNetwork`), or nil for its template's.
    func networkArgument(_ args: inout Arguments) throws(HubError) -> DeviceNetwork? {
        try network(named: try args.string("network"))
    }

    /// The network a request names, if it names one.
    func network(named name: String?) throws(HubError) -> DeviceNetwork? {
        guard let name else { return nil }
        guard let network = DeviceNetwork(rawValue: name) else {
            throw HubError(.invalidArguments, "network must be one of \(DeviceNetwork.names), not \"\(name)\"")
        }
        return network
    }

    func listSimulatedDevices(_ request: GetSimulatedDevices) -> [SimulatedDeviceInfo] {
        state.simulatedDevices.values.sorted { $0.id < $1.id }.map(simulatedInfo)
    }

    mutating func removeSimulatedDevice(_ request: RemoveSimulatedDevice, _ outcome: inout HubOutcome) throws(HubError)
        -> JSONValue
    {
        let id = request.id
        guard let device = state.simulatedDevices[id] else {
            throw HubError(.simulatedDeviceNotFound, "no simulated device \(id)")
        }
        if let nodeID = device.nodeID {
            throw HubError(
                .sessionState, "simulated device \(id) is on the fabric as node \(nodeID); remove the node first")
        }
        if case .running(let run)? = desk.session?.state, run.deviceID == id {
            throw HubError(.sessionBusy, "simulated device \(id) is being commissioned")
        }
        if case .commissioned(let node, _)? = desk.session?.state, node.simulatedDeviceID == id {
            throw HubError(.sessionBusy, "simulated device \(id) is being commissioned")
        }
        if device.onNetwork { takeOffNetwork(device, &outcome) }
        state.simulatedDevices[id] = nil
        faults.unreachableDevices.remove(id)
        faults.deviceLatency[id] = nil
        faults.failingWrites[id] = nil
        outcome.changes.append(.deleteSimulatedDevice(id))
        outcome.events.append(HubEvent(.simulatedDeviceRemoved, SimulatedDeviceRemoved(id: id)))
        return .null
    }

    /// A new simulated device; what is not given is random (passcode, discriminator) or the template's.
    mutating func makeSimulatedDevice(
        template: String, name: String?, discriminator: UInt16?, passcode: UInt32?, vendorID: UInt16?,
        productID: UInt16?, serialNumber: String?
    ) -> SimulatedDevice {
        let id = state.counters.nextSimulatedDeviceID
        state.counters.nextSimulatedDeviceID += 1
        let layout = SimulatedLayout(stored: template)
        let defaultProductID: UInt16
        let title: String
        switch layout {
        case .bridge?:
            defaultProductID = DeviceTemplates.bridgeProductID
            title = "Bridge"
        case .single(let base)?, .endpoints(let base, _)?:
            defaultProductID = DeviceTemplates.productID(of: base)
            title = base.title
        case nil:
            defaultProductID = 0x8001
            title = template
        }
        return SimulatedDevice(
            id: id, template: template, name: name ?? "\(title) \(id)", vendorID: vendorID ?? 0xFFF1,
            productID: productID ?? defaultProductID,
            discriminator: discriminator ?? freeDiscriminator(),
            passcode: passcode ?? SetupPasscode.random(using: &random),
            serialNumber: serialNumber ?? "MHUB-\(String(format6(id)))", nodeID: nil)
    }

    /// A random discriminator no other simulated device uses, so codes find one device.
    private mutating func freeDiscriminator() -> UInt16 {
        let used = Set(state.simulatedDevices.values.map(\.discriminator))
        for _ in 0..<64 {
            let candidate = Discriminator.random(using: &random)
            if !used.contains(candidate) {
                return candidate
            }
        }
        return Discriminator.random(using: &random)
    }

    private func format6(_ id: Int64) -> String {
        let digits = String(id)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    func onboardingPayload(of device: SimulatedDevice) -> SetupPayload {
        SetupPayload(
            vendorID: device.vendorID, productID: device.productID, discoveryCapabilities: .onNetwork,
            discriminator: device.discriminator, passcode: device.passcode)
    }

    func simulatedInfo(_ device: SimulatedDevice) -> SimulatedDeviceInfo {
        let payload = onboardingPayload(of: device)
        let manual = (try? ManualPairingCode(payload).digits()) ?? ""
        let layout = device.layout
        var info = SimulatedDeviceInfo(
            id: device.id, template: layout?.key ?? device.template, name: device.name, vendorID: device.vendorID,
            productID: device.productID, discriminator: device.discriminator, passcode: device.passcode,
            serialNumber: device.serialNumber, qrCode: (try? payload.qrCodeString()) ?? "", manualCode: manual,
            manualCodeGrouped: ManualPairingCode.grouped(manual), commissionable: device.nodeID == nil,
            nodeID: device.nodeID, reachable: !faults.unreachableDevices.contains(device.id),
            network: device.joins.rawValue, firmware: device.firmware.status)
        (info.endpoints, info.bridgedDevices, info.bridgedTemplate) = layout?.counts ?? (nil, nil, nil)
        info.matterNode = matterNodeInfo(of: device)
        return info
    }

    /// The node a simulated device becomes on the fabric.
    func makeNode(from device: SimulatedDevice, id: NodeID, structureID: StructureID, now: Timestamp) -> Node {
        let layout = device.layout
        let made = layout?.makeNode(identity: device.nodeIdentity(layout: layout)) ?? NodeData(endpoints: [])
        return node(
            of: device, id: id, structureID: structureID, now: now,
            data: commissioned(made, attributes: [:], device: device, nodeID: id).0)
    }

    /// `makeNode(from:…)` with the node's `ohfAttributesJSON` (`SimulatedLayout.makeNodeWithAttributes`), for a
    /// caller that writes the node's JSON next.
    func makeNodeWithAttributes(from device: SimulatedDevice, id: NodeID, structureID: StructureID, now: Timestamp)
        -> (node: Node, attributes: JSONValue)
    {
        let layout = device.layout
        let made =
            layout?.makeNodeWithAttributes(identity: device.nodeIdentity(layout: layout))
            ?? (data: NodeData(endpoints: []), attributes: [:])
        let (data, attributes) = commissioned(made.data, attributes: made.attributes, device: device, nodeID: id)
        return (node(of: device, id: id, structureID: structureID, now: now, data: data), .object(attributes))
    }

    private func node(of device: SimulatedDevice, id: NodeID, structureID: StructureID, now: Timestamp, data: NodeData)
        -> Node
    {
        Node(
            id: id, structureID: structureID, roomID: nil, name: device.name, template: device.template,
            simulatedDeviceID: device.id, commissionedAt: now, data: data)
    }
}

extension SimulatedDevice {
    /// Its endpoints' layout, from its stored `template`.
    var layout: SimulatedLayout? { SimulatedLayout(stored: template) }

    /// What its node's Basic Information says of it; `layout` is its `layout`.
    func nodeIdentity(layout: SimulatedLayout?) -> NodeIdentity {
        let productName: String
        switch layout {
        case .bridge?: productName = "mhub Bridge"
        case .single(let template)?, .endpoints(let template, _)?: productName = template.productName
        case nil: productName = template
        }
        return NodeIdentity(
            vendorID: vendorID, vendorName: "mhub", productID: productID, productName: productName, nodeLabel: name,
            serialNumber: serialNumber, uniqueID: "mhub-\(serialNumber)", hardwareVersion: 1,
            softwareVersion: firmware.version, softwareVersionString: firmware.versionString)
    }
}
