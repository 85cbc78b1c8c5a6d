/// Devices of more than one application endpoint, built from a template: several endpoints of one device type
/// (a power strip's outlets), or a bridge with its bridged devices.
extension DeviceTemplate {
    /// A node with `count` application endpoints (1…`count`) of this template, each with its clusters.
    ///
    /// Endpoint 0's PartsList is every application endpoint, as for any node (Matter Core Specification 9.5.5,
    /// full-family pattern).
    public func makeNode(identity: NodeIdentity, endpointCount count: Int) -> NodeData {
        let endpoints = (1...max(1, count)).map { EndpointID($0) }
        let root = rootEndpoint(identity: identity, parts: endpoints)
        let applications = endpoints.map { applicationEndpoint($0) }
        return NodeData(endpoints: [root] + applications)
    }

    /// A bridge: an Aggregator on endpoint 1 whose PartsList holds `count` bridged devices of this template on
    /// endpoints 2…`count`+1, each of its device type and Bridged Node (the layout of CHIP's
    /// `examples/bridge-app/linux/main.cpp`). Basic Information on endpoint 0 describes the bridge; each bridged
    /// device has its Bridged Device Basic Information, which the Bridged Node device type requires (Matter Device
    /// Library 2.5; Home Assistant reads its NodeLabel for each bridged device).
    public func makeBridge(identity: NodeIdentity, bridgedCount count: Int) -> NodeData {
        let bridged = (0..<max(1, count)).map { EndpointID(2 + $0) }
        let root = rootEndpoint(identity: identity, parts: [1] + bridged)
        let aggregator = EndpointData(
            id: 1, deviceTypes: [.aggregator], serverClusters: [], parts: bridged)
        let devices = bridged.enumerated().map { index, endpoint in
            applicationEndpoint(
                endpoint, bridged: true, extra: [bridgedBasicInformation(identity: identity, number: index + 1)])
        }
        return NodeData(endpoints: [root, aggregator] + devices)
    }

    /// The `number`th bridged device's Bridged Device Basic Information: the bridge's vendor and versions, this
    /// template's product, a label, serial number and unique ID of its own, reachable.
    func bridgedBasicInformation(identity: NodeIdentity, number: Int) -> ClusterTemplate {
        ClusterTemplate(
            .bridgedDeviceBasicInformation,
            overrides: Self.bridgedIdentityValues(identity: identity, number: number).merging([
                0x0003: .string(productName), 0x0005: .string("\(title) \(number)"), 0x000E: .string(productName),
                0x0011: .bool(true),
            ]) { first, _ in first })
    }

    /// The values of the `number`th bridged device's Bridged Device Basic Information that come from the bridge's
    /// identity (`NodeData.settingIdentity` sets them again).
    static func bridgedIdentityValues(identity: NodeIdentity, number: Int) -> [AttributeID: AttributeValue] {
        [
            0x0001: .string(identity.vendorName), 0x0002: .unsigned(UInt64(identity.vendorID)),
            0x0004: .unsigned(UInt64(identity.productID)), 0x0007: .unsigned(UInt64(identity.hardwareVersion)),
            0x0008: .string(String(identity.hardwareVersion)),
            0x0009: .unsigned(UInt64(identity.softwareVersion)), 0x000A: .string(identity.softwareVersionString),
            0x000F: .string("\(identity.serialNumber)-\(number)"), 0x0012: .string("\(identity.uniqueID)-\(number)"),
        ]
    }
}

extension NodeData {
    /// Whether an endpoint of the node is an Aggregator: the node is a bridge.
    public var isBridge: Bool {
        endpoints.values.contains { $0.deviceTypes.contains { $0.id == DeviceTypeRef.aggregator.id } }
    }

    /// The endpoints that are devices of their own: every application endpoint (not 0) but an Aggregator, in order.
    public var deviceEndpoints: [EndpointID] {
        endpoints.values.filter { endpoint in
            endpoint.id != 0 && !endpoint.deviceTypes.contains { $0.id == DeviceTypeRef.aggregator.id }
        }.map(\.id).sorted()
    }
}
