import MHubProtocol
import MatterDataModel
import MatterNode

/// Simulated devices on the network, each its own Matter node (docs/matter.md, "Devices on the network"). The node
/// that holds a device's state is made when the device is added, in no structure (`Node.Membership.nearby`), so what
/// a controller does over the device's own node, `device_*` requests, behaviours and scenarios change one state. Its
/// port (in the daemon) serves it and reports here; the hub keeps what the port reports and decides the window.
extension Hub {
    /// The structure ID of a node that is only on the network: no structure has it.
    public static let nearbyStructureID: StructureID = 0

    /// A device's endpoints as its own node serves them (a view: nothing is copied).
    public func deviceEndpoints(of id: SimulatedDeviceID) -> DeviceEndpoints? {
        guard let nodeID = state.simulatedDevices[id]?.networkNodeID, let node = state.nodes[nodeID] else {
            return nil
        }
        return DeviceEndpoints(node.data)
    }

    /// What each device on the network's node is made from, in ID order: the daemon starts them at start.
    public var networkDeviceSpecs: [DeviceNodeSpec] {
        state.simulatedDevices.values.filter(\.onNetwork).sorted { $0.id < $1.id }.compactMap { device in
            device.networkNodeID.flatMap { state.nodes[$0] }.map { nodeSpec(of: device, data: $0.data) }
        }
    }

    /// Refuses a device on the network that the daemon cannot serve: Matter off, too many, or a discriminator
    /// another device on the network has (a controller looking for a code finds devices by it).
    func checkCanJoinNetwork(discriminator: UInt16?) throws(HubError) {
        guard settings.matterEnabled else {
            throw HubError(.invalidArguments, "on_network needs Matter (matter.enabled is false)")
        }
        let onNetwork = state.simulatedDevices.values.filter(\.onNetwork)
        guard onNetwork.count < settings.maximumNetworkDevices else {
            throw HubError(
                .quotaExceeded,
                "\(onNetwork.count) simulated devices are on the network, the most matter.max_network_devices allows")
        }
        if let discriminator, let other = onNetwork.first(where: { $0.discriminator == discriminator }) {
            throw HubError(
                .invalidArguments,
                "simulated device \(other.id) on the network has discriminator \(discriminator) already")
        }
    }

    /// Puts a device being added on the network: the node that holds its state from now on, and its Matter node's
    /// start (the port binds, makes its credentials, and reports).
    mutating func putOnNetwork(_ device: inout SimulatedDevice, now: Timestamp, _ outcome: inout HubOutcome) {
        let nodeID = state.counters.nextNodeID
        state.counters.nextNodeID += 1
        let layout = device.layout
        let data = layout?.makeNode(identity: device.nodeIdentity(layout: layout)) ?? NodeData(endpoints: [])
        var node = Node(
            id: nodeID, structureID: Self.nearbyStructureID, roomID: nil, name: device.name,
            template: device.template, simulatedDeviceID: device.id, commissionedAt: now, data: data)
        node.membership = .nearby
        state.nodes[nodeID] = node
        devices.startMeter(of: node)
        device.onNetwork = true
        device.networkNodeID = nodeID
        outcome.changes.append(.saveNode(node))
        outcome.outputs.append(.deviceNode(device.id, .started(nodeSpec(of: device, data: data))))
    }

    /// A device on the network is removed: the node that held its state goes (it is not in the home: the caller
    /// checked), and its Matter node stops.
    mutating func takeOffNetwork(_ device: SimulatedDevice, _ outcome: inout HubOutcome) {
        if let nodeID = device.networkNodeID, state.nodes[nodeID]?.isInHome == false {
            state.nodes[nodeID] = nil
            devices.meters[nodeID] = nil
            listening.dropNotifications(of: nodeID)
            outcome.changes.append(.deleteNode(nodeID))
        }
        run.deviceNodes[device.id] = nil
        outcome.outputs.append(.deviceNode(device.id, .stopped))
    }

    func nodeSpec(of device: SimulatedDevice, data: NodeData) -> DeviceNodeSpec {
        let primary = data.endpoints.keys.filter { $0 != 0 }.min().flatMap { data.endpoints[$0]?.deviceTypes.first }
        return DeviceNodeSpec(
            deviceID: device.id, vendorID: device.vendorID, productID: device.productID,
            deviceTypeID: primary.map { UInt32($0.id) } ?? 0, discriminator: device.discriminator,
            passcode: device.passcode)
    }

    /// The simulated device on the network whose node `node` is, if it is one.
    func networkDevice(of node: Node) -> SimulatedDeviceID? {
        guard let id = node.simulatedDeviceID, state.simulatedDevices[id]?.networkNodeID == node.id else { return nil }
        return id
    }

    // MARK: what a device's port reports

    /// A device's node reported: the hub keeps the facts, answers its requests and opens or closes its window.
    public mutating func deviceNodeReported(_ report: DeviceNodeReport, device id: SimulatedDeviceID, now: Timestamp)
        -> HubOutcome
    {
        var outcome = HubOutcome()
        // A report that comes after the device's removal has nothing to change.
        guard let device = state.simulatedDevices[id], device.onNetwork else { return outcome }
        var facts = run.deviceNodes[id] ?? DeviceNodeFacts()
        switch report {
        case .listening(let port):
            facts.port = port
            facts.failure = nil
        case .failed(let reason):
            facts = DeviceNodeFacts()
            facts.failure = reason
        case .matter(.bridgedRequest(let request)):
            deviceNodeRequest(request, device: device, now: now, &outcome)
            return outcome
        case .matter(let report):
            facts.matter.take(report, now: now)
            if case .commissioningAttemptsExhausted = report { facts.attemptsExhausted = true }
        }
        // Commissionable while it is on no fabric (one being added under the fail-safe keeps the window it came
        // through), as a factory-new device is; closed for good in this run once wrong passcodes used up its
        // attempts (Matter Core Specification 5.4.2.7: the commissionee may stop after 20 failed attempts).
        let window: DeviceWindow? =
            facts.port != nil && !facts.attemptsExhausted && !facts.matter.fabrics.contains(where: \.isCommitted)
            ? .basic(discriminator: device.discriminator) : nil
        if window != facts.window {
            facts.window = window
            outcome.outputs.append(.deviceNode(id, .windowChanged(window)))
        }
        run.deviceNodes[id] = facts
        return outcome
    }

    /// A device's own node asked for a command or write on one of its endpoints.
    private mutating func deviceNodeRequest(
        _ request: BridgedRequest, device: SimulatedDevice, now: Timestamp, _ outcome: inout HubOutcome
    ) {
        let node = device.networkNodeID.flatMap { state.nodes[$0] }
        guard let node, node.data.endpoints[request.endpoint] != nil, request.endpoint != 0 else {
            outcome.outputs.append(
                .deviceNode(
                    device.id,
                    .answered(requestID: request.id, .status(InteractionStatus.unsupportedEndpoint.rawValue))))
            return
        }
        if let answer = run(request, on: node, endpoint: request.endpoint, from: .device(device.id), now: now, &outcome)
        {
            outcome.outputs.append(.deviceNode(device.id, .answered(requestID: request.id, answer)))
        }
    }

    /// The view of a device's node, for `get_simulated_devices`.
    func matterNodeInfo(of device: SimulatedDevice) -> DeviceMatterNodeInfo? {
        guard device.onNetwork, let nodeID = device.networkNodeID else { return nil }
        let facts = run.deviceNodes[device.id] ?? DeviceNodeFacts()
        let problem =
            facts.failure
            ?? (facts.attemptsExhausted ? "its commissioning window closed after too many wrong passcodes" : nil)
        return DeviceMatterNodeInfo(
            nodeID: UInt64(nodeID), port: facts.port, commissioningWindowOpen: facts.window != nil, problem: problem,
            fabrics: facts.matter.fabrics.map(Self.fabricInfo), sessions: Int64(facts.matter.sessions.count))
    }
}

extension HubMatterState {
    /// Keeps what a node's report says of its fabrics, sessions and fail-safe.
    mutating func take(_ report: MatterReport, now: Timestamp) {
        switch report {
        case .sessionOpened(let summary): sessions[summary.localSessionID] = Session(summary: summary, openedAt: now)
        case .sessionEnded(let localSessionID, _): sessions[localSessionID] = nil
        case .fabricsChanged(let summaries): fabrics = summaries
        case .failSafeExpired: failSafeExpiredAt = now
        case .commissioningAttemptsExhausted, .commissioningCompleted, .administratorOpenedWindow,
            .administratorRevokedWindow, .fabricRemovalDone, .bridgedRequest:
            break
        }
    }
}
