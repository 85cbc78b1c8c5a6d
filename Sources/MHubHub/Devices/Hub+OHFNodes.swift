import MHubCore
import MatterDataModel

/// The OHF Matter Server commands about nodes that mhub answers from its simulation.
extension Hub {
    /// `ping_node`: `{address: reachable}`; simulated nodes live on the hub's loopback.
    func pingNode(_ args: inout Arguments) throws(HubError) -> JSONValue {
        let node = try node(try args.requiredInteger("node_id", as: NodeID.self))
        _ = try args.integer("attempts", as: Int.self)
        try args.rejectUnknown(command: "ping_node")
        let reachable = !(node.simulatedDeviceID.map { faults.unreachableDevices.contains($0) } ?? false)
        return ["::1": .bool(reachable)]
    }

    func nodeAddresses(_ args: inout Arguments) throws(HubError) -> JSONValue {
        _ = try node(try args.requiredInteger("node_id", as: NodeID.self))
        _ = try args.bool("prefer_cache")
        _ = try args.bool("scoped")
        try args.rejectUnknown(command: "get_node_ip_addresses")
        return ["::1"]
    }

    /// `interview_node`: reads every attribute again; listeners get `node_updated`.
    mutating func interviewNode(_ args: inout Arguments, _ outcome: inout HubOutcome) throws(HubError) -> JSONValue {
        let node = try node(try args.requiredInteger("node_id", as: NodeID.self))
        try args.rejectUnknown(command: "interview_node")
        if let device = node.simulatedDeviceID, faults.unreachableDevices.contains(device) {
            throw HubError(.nodeInterviewFailed, "node \(node.id) is unreachable")
        }
        outcome.events.append(HubEvent("node_updated", nodeJSON(node)))
        return .null
    }

    /// `discover`: the commissionable simulated devices, as OHF `CommissionableNodeData`.
    func discover(_ args: inout Arguments) throws(HubError) -> JSONValue {
        try args.rejectUnknown(command: "discover")
        return .array(
            state.simulatedDevices.values.filter { $0.nodeID == nil && !faults.unreachableDevices.contains($0.id) }
                .sorted { $0.id < $1.id }
                .map { device in
                    [
                        "instance_name": .string(String(format16(UInt64(device.id) &* 0x9E37_79B9_7F4A_7C15))),
                        "host_name": "mhub.local.", "port": 5540,
                        "long_discriminator": .integer(Int64(device.discriminator)),
                        "vendor_id": .integer(Int64(device.vendorID)), "product_id": .integer(Int64(device.productID)),
                        "commissioning_mode": 1,
                        "device_type": .integer(Int64(DeviceTemplates.named(device.template)?.deviceType.id ?? 0)),
                        "device_name": .string(device.name), "pairing_instruction": "", "pairing_hint": 33,
                        "mrp_retry_interval_idle": 5000, "mrp_retry_interval_active": 300,
                        "supports_tcp": true, "addresses": ["::1"], "rotating_id": .null,
                    ]
                })
    }

    /// `commission_on_network {setup_pin_code, filter_type, filter}`: commissioning by passcode and an
    /// optional discriminator filter (0 none, 1 short, 2 long discriminator, 3 vendor).
    mutating func commissionOnNetwork(
        _ args: inout Arguments, request: HubRequest, client: ClientInfo, now: Timestamp, _ outcome: inout HubOutcome
    ) throws(HubError) -> JSONValue? {
        let passcode = try args.requiredInteger("setup_pin_code", as: UInt32.self)
        let filterType = try args.integer("filter_type", as: Int.self) ?? 0
        let filter = try args.integer("filter", as: Int64.self)
        _ = try args.string("ip_addr")
        try args.rejectUnknown(command: "commission_on_network")
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
        let code = (try? SetupPayloadCode.qr(discriminator: device.discriminator, passcode: passcode)) ?? ""
        var commissionArgs = try Arguments(.object(["code": .string(code)]))
        return try commission(&commissionArgs, request: request, client: client, now: now, &outcome)
    }

    private func format16(_ value: UInt64) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 16 - digits.count)) + digits
    }
}
