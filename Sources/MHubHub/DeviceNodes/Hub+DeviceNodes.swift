import MHubProtocol
import MatterDataModel
import MatterNode
import MatterOnboarding

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

    /// How a device's node behaves on the wire now, as the faults say (docs/faults.md): an unreachable or
    /// unresponsive device, or any device of a hub that is offline, neither answers nor sends; a slow one sends late.
    public func wireFault(of id: SimulatedDeviceID) -> DeviceWireFault {
        if faults.hubOffline || faults.unreachableDevices.contains(id) || faults.unresponsiveDevices.contains(id) {
            return .silent
        }
        let latency = faults.latency(for: id)
        return latency > 0 ? .slow(milliseconds: latency) : .none
    }

    /// What each device on the network's node is made from, in ID order: the daemon starts them at start.
    public var networkDeviceSpecs: [DeviceNodeSpec] {
        state.simulatedDevices.values.filter(\.onNetwork).map(\.id).sorted().compactMap(networkDeviceSpec(of:))
    }

    /// What device `id`'s own node is made from, if it is on the network.
    public func networkDeviceSpec(of id: SimulatedDeviceID) -> DeviceNodeSpec? {
        guard let device = state.simulatedDevices[id], device.onNetwork,
            let node = device.networkNodeID.flatMap({ state.nodes[$0] })
        else { return nil }
        return nodeSpec(of: device, data: node.data)
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
        var data = layout?.makeNode(identity: device.nodeIdentity(layout: layout)) ?? NodeData(endpoints: [])
        NetworkInfrastructure.apply(state.preferences, to: &data)
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

    /// `reset_simulated_device`: a factory reset of a device on the network. Its node leaves every fabric and
    /// starts afresh (the port saves its fabric table empty), its state is its template's again (each change heard
    /// as `attribute_updated`), and it is commissionable with its own codes: a window that wrong passcodes closed
    /// opens again. A device in the hub's home is removed from it first (`remove_node`), as for removing it.
    mutating func resetSimulatedDevice(_ request: ResetSimulatedDevice, now: Timestamp, _ outcome: inout HubOutcome)
        throws(HubError) -> SimulatedDeviceInfo
    {
        let id = request.id
        guard let device = state.simulatedDevices[id] else {
            throw HubError(.simulatedDeviceNotFound, "no simulated device \(id)")
        }
        guard device.onNetwork, let nodeID = device.networkNodeID, var node = state.nodes[nodeID] else {
            throw HubError(
                .invalidArguments,
                "simulated device \(id) is not on the network: it has no state of its own to reset until it is "
                    + "commissioned (remove it and add it again)")
        }
        if let homeNode = device.nodeID {
            throw HubError(
                .sessionState, "simulated device \(id) is in the home as node \(homeNode); remove the node first")
        }
        let layout = device.layout
        let fresh = layout?.makeNode(identity: device.nodeIdentity(layout: layout)) ?? NodeData(endpoints: [])
        for (path, value) in fresh.attributes where node.data[path] != value {
            set(path, value, on: &node, &outcome)
        }
        for (id, _) in devices.transitions where id.node == nodeID { devices.transitions[id] = nil }
        for (id, _) in devices.scheduledChanges where id.node == nodeID { devices.scheduledChanges[id] = nil }
        state.nodes[nodeID] = node
        outcome.changes.append(.saveNode(node))
        var facts = run.deviceNodes[id] ?? DeviceNodeFacts()
        facts.attemptsExhausted = false
        facts.administratorWindow = nil
        facts.matter = HubMatterState()
        run.deviceNodes[id] = facts
        outcome.outputs.append(.deviceNode(id, .factoryReset))
        return simulatedInfo(device)
    }

    /// What `node`'s device needs to join mhub's fabric as the home's node `node.id`.
    func hubFabricMembership(of node: Node) -> HubFabricMembership {
        HubFabricMembership(
            fabricID: state.fabric.fabricID, nodeID: node.id, vendorID: settings.identity.vendorID,
            label: state.preferences.fabricLabel ?? "", administrator: FabricIdentity.hubNodeID)
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
        case .matter(.administratorOpenedWindow(let request)):
            // The node refuses a second window (Busy) before it asks.
            if facts.window == nil { facts.administratorWindow = administratorWindow(request, of: device, now: now) }
        case .matter(.commissioningCompleted), .matter(.administratorRevokedWindow):
            // CommissioningComplete closes the window it came through, as RevokeCommissioning does.
            facts.administratorWindow = nil
        case .matter(.commissioningAttemptsExhausted):
            // Matter Core Specification 5.4.2.7: the commissionee may stop after 20 failed attempts. An
            // administrator's window closes; the factory window stays closed for the rest of this run.
            if facts.administratorWindow != nil {
                facts.administratorWindow = nil
            } else {
                facts.attemptsExhausted = true
            }
        case .matter(let report):
            facts.matter.take(report, now: now)
        }
        update(device, facts, &outcome)
        return outcome
    }

    /// Keeps `facts` for the device and opens or closes its window to follow them: an administrator's while it is
    /// open, else its own while it is on no fabric (one being added under the fail-safe keeps the window it came
    /// through), as a factory-new device is, unless wrong passcodes used up its attempts.
    mutating func update(_ device: SimulatedDevice, _ facts: DeviceNodeFacts, _ outcome: inout HubOutcome) {
        let before = matterNodeInfo(of: device)
        defer {
            // Listeners hear what `get_simulated_devices` would show now: its port, window, fabrics and sessions.
            if matterNodeInfo(of: device) != before {
                outcome.events.append(HubEvent(.simulatedDeviceUpdated, simulatedInfo(device)))
            }
        }
        var facts = facts
        let window: DeviceWindow? =
            if facts.port == nil {
                nil
            } else if let administrator = facts.administratorWindow {
                .administrator(administrator)
            } else if !facts.attemptsExhausted && !facts.matter.fabrics.contains(where: \.isCommitted) {
                .basic(discriminator: device.discriminator)
            } else {
                nil
            }
        if window != facts.window {
            facts.window = window
            outcome.outputs.append(.deviceNode(device.id, .windowChanged(window)))
        }
        run.deviceNodes[device.id] = facts
    }

    /// The window an administrator asked for over Matter: with its verifier (enhanced), or the device's own passcode
    /// with a fresh salt (basic).
    private mutating func administratorWindow(
        _ request: MatterAdministratorWindow, of device: SimulatedDevice, now: Timestamp
    ) -> CommissioningWindow {
        let closesAt = now + Timestamp(request.timeoutSeconds) * 1000
        let administrator = CommissioningWindow.Administrator(
            fabricIndex: request.fabricIndex, vendorID: request.vendorID)
        switch request.method {
        case .enhanced(let verifier, let discriminator, let iterations, let salt):
            return CommissioningWindow(
                openedAt: now, closesAt: closesAt, enhanced: true, discriminator: discriminator,
                secret: .verifier(verifier), iterations: iterations, salt: salt, administrator: administrator)
        case .basic:
            let salt = (0..<32).map { _ in UInt8.random(in: 0...255, using: &random) }
            return CommissioningWindow(
                openedAt: now, closesAt: closesAt, enhanced: false, discriminator: device.discriminator,
                secret: .passcode(device.passcode), iterations: 1000, salt: salt, administrator: administrator)
        }
    }

    /// The earliest time an administrator's window on a device closes.
    var nextDeviceWindowDeadline: Timestamp? {
        run.deviceNodes.values.compactMap(\.administratorWindow?.closesAt).min()
    }

    /// Closes the administrators' windows whose time is up.
    mutating func advanceDeviceWindows(now: Timestamp, _ outcome: inout HubOutcome) {
        for (id, facts) in run.deviceNodes.sorted(by: { $0.key < $1.key }) {
            guard let closesAt = facts.administratorWindow?.closesAt, closesAt <= now,
                let device = state.simulatedDevices[id]
            else { continue }
            var closed = facts
            closed.administratorWindow = nil
            update(device, closed, &outcome)
        }
    }

    /// `open_commissioning_window {node_id, …}` (OHF; Home Assistant's "share device") for a device on the network:
    /// an enhanced window with a fresh passcode, or basic with its own, answered with the passcode and the codes that
    /// carry it, as the OHF server answers. A device on no fabric is commissionable with its own codes already.
    mutating func openDeviceWindow(
        _ request: OpenCommissioningWindow, node nodeID: NodeID, now: Timestamp, _ outcome: inout HubOutcome
    ) throws(HubError) -> CommissioningWindowInfo {
        guard let node = state.nodes[nodeID] else { throw HubError(.nodeNotExists, "node \(nodeID) does not exist") }
        guard let id = networkDevice(of: node), let device = state.simulatedDevices[id] else {
            throw HubError(
                .nodeWindowUnsupported,
                "node \(nodeID) is not on the network itself (add its simulated device with on_network), so it "
                    + "cannot open a commissioning window of its own; open the hub's window instead (no node_id): a "
                    + "controller that commissions the hub gets every device as a bridged device"
            ).ohfCompatible(command: .openCommissioningWindow)
        }
        var facts = run.deviceNodes[id] ?? DeviceNodeFacts()
        guard facts.port != nil else {
            throw HubError(
                .sessionState,
                "simulated device \(id)'s node is not serving\(facts.failure.map { ": \($0)" } ?? " yet")")
        }
        if case .basic? = facts.window {
            return deviceWindowInfo(device, discriminator: device.discriminator, passcode: device.passcode, mode: 1)
        }
        guard facts.window == nil else {
            throw HubError(.sessionState, "simulated device \(id) has a commissioning window open already")
        }
        let (timeout, enhanced) = (request.timeout ?? 300, request.enhanced ?? (request.option.map { $0 != 0 } ?? true))
        let iterations = request.iteration ?? 1000
        guard (1...Self.maximumWindowSeconds).contains(timeout) else {
            throw HubError(.invalidArguments, "timeout must be 1 to \(Self.maximumWindowSeconds) seconds")
        }
        guard (1000...100_000).contains(iterations) else {
            throw HubError(.invalidArguments, "iteration must be 1000 to 100000")
        }
        if let discriminator = request.discriminator, discriminator > Discriminator.maximum {
            throw HubError(.invalidArguments, "discriminator must be 0 to 4095")
        }
        let passcode = enhanced ? SetupPasscode.random(using: &random) : device.passcode
        let discriminator =
            request.discriminator ?? (enhanced ? Discriminator.random(using: &random) : device.discriminator)
        let salt = (0..<32).map { _ in UInt8.random(in: 0...255, using: &random) }
        facts.administratorWindow = CommissioningWindow(
            openedAt: now, closesAt: now + timeout * 1000, enhanced: enhanced, discriminator: discriminator,
            secret: .passcode(passcode), iterations: iterations, salt: salt)
        update(device, facts, &outcome)
        return deviceWindowInfo(
            device, discriminator: discriminator, passcode: passcode, mode: enhanced ? 2 : 1,
            closesAt: now + timeout * 1000)
    }

    private func deviceWindowInfo(
        _ device: SimulatedDevice, discriminator: UInt16, passcode: UInt32, mode: Int64, closesAt: Timestamp? = nil
    ) -> CommissioningWindowInfo {
        var info = CommissioningWindowInfo(
            open: true, commissioningMode: mode, closesAt: closesAt.map(isoTimestamp), discriminator: discriminator)
        let payload = SetupPayload(
            vendorID: device.vendorID, productID: device.productID, discoveryCapabilities: .onNetwork,
            discriminator: discriminator, passcode: passcode)
        info.setup = CommissioningWindowInfo.Setup(
            pinCode: passcode, manualCode: (try? ManualPairingCode(payload).digits()) ?? "",
            qrCode: (try? payload.qrCodeString()) ?? "")
        return info
    }

    /// A device's own node asked for a command or write on one of its endpoints.
    private mutating func deviceNodeRequest(
        _ request: BridgedRequest, device: SimulatedDevice, now: Timestamp, _ outcome: inout HubOutcome
    ) {
        let node = device.networkNodeID.flatMap { state.nodes[$0] }
        // Endpoint 0's requests are for the device's own clusters there (the node answers its Root Node's itself).
        guard let node, node.data.endpoints[request.endpoint] != nil else {
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
