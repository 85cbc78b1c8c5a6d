import MHubJSON
import MHubProtocol
import MatterDataModel
import MatterOnboarding

/// The OHF Matter Server commands about nodes that mhub answers from its simulation.
extension Hub {
    /// `ping_node`: `{address: reachable}` for each address the node is served at (the hub's: every device of
    /// the hub is simulated by the hub itself), unreachable while the device's `unreachable` fault is on.
    func pingNode(_ request: PingNode) throws(HubError) -> PingResult {
        let node = try node(request.nodeID)
        let reachable = !(node.simulatedDeviceID.map { faults.unreachableDevices.contains($0) } ?? false)
        return PingResult(
            reachable: Dictionary(
                run.network.addresses.map { ($0.text(scoped: true), reachable) }, uniquingKeysWith: { $1 }))
    }

    /// `get_node_ip_addresses {node_id, prefer_cache?, scoped?}`: the hub's addresses (link-local ones with their
    /// interface when `scoped`), since the hub serves every one of its devices.
    func nodeAddresses(_ request: GetNodeIPAddresses) throws(HubError) -> NodeAddresses {
        _ = try node(request.nodeID)
        return NodeAddresses(run.network.addresses.map { $0.text(scoped: request.scoped) })
    }

    /// `interview_node`: reads every attribute again; listeners get `node_updated`.
    mutating func interviewNode(_ request: InterviewNode, _ outcome: inout HubOutcome) throws(HubError) -> JSONValue {
        let node = try node(request.nodeID)
        if let device = node.simulatedDeviceID, faults.unreachableDevices.contains(device) {
            throw HubError(.nodeInterviewFailed, "node \(node.id) is unreachable")
        }
        outcome.events.append(HubEvent(.nodeUpdated, matterNodeData(node), structure: node.structureID))
        return .null
    }

    /// `discover`: the commissionable simulated devices, as OHF `CommissionableNodeData`, found where the hub
    /// is: its host name and addresses, the hub's Matter port or, for a device on the network, its own;
    /// the DNS-SD instance name of a device on the network's `_matterc._udp` record while it is advertised, else
    /// `null` (docs/dns-sd.md, "Devices on the network").
    func discover(_: Discover) -> [CommissionableNode] {
        state.simulatedDevices.values.filter { $0.nodeID == nil && !faults.unreachableDevices.contains($0.id) }
            .sorted { $0.id < $1.id }
            .map { device in
                let port = device.onNetwork ? run.deviceNodes[device.id]?.port : run.network.matterPort
                return CommissionableNode(
                    instanceName: advertisedInstanceName(of: device), hostName: run.network.hostName,
                    port: port.map(Int64.init), longDiscriminator: Int64(device.discriminator),
                    vendorID: Int64(device.vendorID), productID: Int64(device.productID), commissioningMode: 1,
                    deviceType: Int64(device.layout?.deviceTypeID ?? 0), deviceName: device.name,
                    pairingInstruction: "", pairingHint: 33, mrpRetryIntervalIdle: 5000, mrpRetryIntervalActive: 300,
                    supportsTCP: true, addresses: run.network.addresses.map { $0.text(scoped: true) })
            }
    }

    /// `commission_on_network {setup_pin_code, filter_type, filter}`: commissioning by passcode and an
    /// optional discriminator filter (0 none, 1 short, 2 long discriminator, 3 vendor).
    mutating func commissionOnNetwork(
        _ onNetwork: CommissionOnNetwork, request: HubRequest, client: ClientInfo, now: Timestamp,
        _ outcome: inout HubOutcome
    ) throws(HubError) -> JSONText? {
        let (passcode, filterType, filter) = (onNetwork.setupPinCode, onNetwork.filterType, onNetwork.filter)
        let candidates = state.simulatedDevices.values.filter { device in
            guard device.nodeID == nil else { return false }
            switch (filterType, filter) {
            case (1, let value?): return Int64(device.discriminator >> 8) == value
            case (2, let value?): return Int64(device.discriminator) == value
            case (3, let value?): return Int64(device.vendorID) == value
            default: return true
            }
        }.sorted { ($0.passcode == passcode ? 0 : 1, $0.id) < ($1.passcode == passcode ? 0 : 1, $1.id) }
        guard let device = candidates.first else {
            throw HubError(.deviceNotFound, "no commissionable device matches the filter")
        }
        guard SetupPasscode.isValid(passcode) else {
            throw HubError(.invalidArguments, "setup_pin_code \(passcode) is not a valid setup passcode")
        }
        let target = CommissioningTarget(
            discriminator: .long(device.discriminator), passcode: passcode, vendorID: nil, productID: nil)
        return try commission(target, request: request, client: client, now: now, &outcome)
    }

    /// The instance name of the device's `_matterc._udp` record as advertised, if it is: matched by its `D` key,
    /// which no two devices on the network share (`checkCanJoinNetwork`).
    private func advertisedInstanceName(of device: SimulatedDevice) -> String? {
        guard device.onNetwork else { return nil }
        return run.advertising.services.first {
            $0.role == "device_commissionable" && $0.txt.contains("D=\(device.discriminator)")
        }?.nameInUse
    }
}
