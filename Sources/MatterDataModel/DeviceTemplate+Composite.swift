/// Devices of more than one application endpoint, built from a template: several endpoints of one device type
/// (a power strip's outlets), or a bridge with its bridged devices.
extension DeviceTemplate {
    /// A node with `count` application endpoints (1…`count`) of this template, each with its clusters.
    ///
    /// Endpoint 0's PartsList is every application endpoint, as for any node (Matter Core Specification 9.5.5,
    /// full-family pattern).
    public func makeNode(identity: NodeIdentity, endpointCount count: Int) -> NodeData {
        let endpoints = (1...max(1, count)).map { EndpointID($0) }
        let root = EndpointData(
            id: 0, deviceTypes: [.rootNode, .otaRequestor], serverClusters: rootClusters(identity: identity),
            parts: endpoints)
        let applications = endpoints.map {
            EndpointData(id: $0, deviceTypes: [deviceType], serverClusters: clusters, parts: [])
        }
        return NodeData(endpoints: [root] + applications)
    }

    /// A bridge: an Aggregator on endpoint 1 whose PartsList holds `count` bridged devices of this template on
    /// endpoints 2…`count`+1, each of its device type and Bridged Node (the layout of CHIP's
    /// `examples/bridge-app/linux/main.cpp`). Basic Information on endpoint 0 describes the bridge.
    public func makeBridge(identity: NodeIdentity, bridgedCount count: Int) -> NodeData {
        let bridged = (0..<max(1, count)).map { EndpointID(2 + $0) }
        let root = EndpointData(
            id: 0, deviceTypes: [.rootNode, .otaRequestor], serverClusters: rootClusters(identity: identity),
            parts: [1] + bridged)
        let aggregator = EndpointData(
            id: 1, deviceTypes: [.aggregator], serverClusters: [], parts: bridged)
        let devices = bridged.map {
            EndpointData(id: $0, deviceTypes: [deviceType, .bridgedNode], serverClusters: clusters, parts: [])
        }
        return NodeData(endpoints: [root, aggregator] + devices)
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
