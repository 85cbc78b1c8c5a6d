import MHubJSON
import MHubProtocol
import MatterDataModel
import MatterOnboarding

/// The OHF Matter Server commands about nodes that mhub answers from its simulation.
extension Hub {
    /// `ping_node`: `{address: reachable}` for each address the node is served at (the hub's: every device of
    /// the hub is simulated by the hub itself), unreachable while the device's `unreachable` fault is on.
    func pingNode(_ args: inout Arguments) throws(HubError) -> JSONValue {
        let node = try node(try args.requiredInteger("node_id", as: NodeID.self))
        _ = try args.integer("attempts", as: Int.self)
        try args.rejectUnknown(command: .pingNode)
        let reachable = !(node.simulatedDeviceID.map { faults.unreachableDevices.contains($0) } ?? false)
        return .object(
            Dictionary(
                network.addresses.map { ($0.text(scoped: true), .bool(reachable)) }, uniquingKeysWith: { $1 }))
    }

    /// `get_node_ip_addresses {node_id, prefer_cache?, scoped?}`: the hub's addresses (link-local ones with their
    /// interface when `scoped`), since the hub serves every one of its devices.
    func nodeAddresses(_ args: inout Arguments) throws(HubError) -> JSONValue {
        _ = try node(try args.requiredInteger("node_id", as: NodeID.self))
        _ = try args.bool("prefer_cache")
        let scoped = try args.bool("scoped") ?? false
        try args.rejectUnknown(command: .getNodeIPAddresses)
        return .array(network.addresses.map { .string($0.text(scoped: scoped)) })
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
    /// is: its host name, Matter port and addresses; the DNS-SD instance name when the device is advertised
    /// (`dns_sd.advertise_simulated_devices`), else `null`.
    func discover(_ args: inout Arguments) throws(HubError) -> JSONValue {
        try args.rejectUnknown(command: .discover)
        return .array(
            state.simulatedDevices.values.filter { $0.nodeID == nil && !faults.unreachableDevices.contains($0.id) }
                .sorted { $0.id < $1.id }
                .map { device in
                    [
                        "instance_name": advertisedInstanceName(of: device).map { .string($0) } ?? .null,
                        "host_name": network.hostName.map { .string($0) } ?? .null,
                        "port": network.matterPort.map { .integer(Int64($0)) } ?? .null,
                        "long_discriminator": .integer(Int64(device.discriminator)),
                        "vendor_id": .integer(Int64(device.vendorID)), "product_id": .integer(Int64(device.productID)),
                        "commissioning_mode": 1,
                        "device_type": .integer(Int64(device.layout?.deviceTypeID ?? 0)),
                        "device_name": .string(device.name), "pairing_instruction": "", "pairing_hint": 33,
                        "mrp_retry_interval_idle": 5000, "mrp_retry_interval_active": 300,
                        "supports_tcp": true,
                        "addresses": .array(network.addresses.map { .string($0.text(scoped: true)) }),
                        "rotating_id": .null,
                    ]
                })
    }

    /// `commission_on_network {setup_pin_code, filter_type, filter}`: commissioning by passcode and an
    /// optional discriminator filter (0 none, 1 short, 2 long discriminator, 3 vendor).
    mutating func commissionOnNetwork(
        _ args: inout Arguments, request: HubRequest, client: ClientInfo, now: Timestamp, _ outcome: inout HubOutcome
    ) throws(HubError) -> JSONText? {
        let passcode = try args.requiredInteger("setup_pin_code", as: UInt32.self)
        let filterType = try args.integer("filter_type", as: Int.self) ?? 0
        let filter = try args.integer("filter", as: Int64.self)
        _ = try args.string("ip_addr")
        try args.rejectUnknown(command: .commissionOnNetwork)
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

    /// The instance name of the device's `_matterc._udp` record as advertised (matched by its `D` key), if it is.
    private func advertisedInstanceName(of device: SimulatedDevice) -> String? {
        advertising.services.first {
            $0.role == "simulated_commissionable" && $0.txt.contains("D=\(device.discriminator)")
        }?.nameInUse
    }
}
