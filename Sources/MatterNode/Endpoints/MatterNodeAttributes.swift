import MatterDataModel
import MatterInteraction

/// The node as reads see it (docs/matter.md, "Endpoints" and "Two layouts"): endpoint 0, the Root Node, from the
/// node's own state, its PartsList every other endpoint (Matter Core Specification 9.5.5: the root lists the full
/// family); then, in the bridge layout, endpoint 1, the Aggregator (device type 0x000E), whose PartsList is every
/// bridged endpoint; then the endpoints the owner serves (`NodeEndpoints`), as the layout shows them
/// (`NodeEndpoint+Layout`).
///
/// The bridge is the layout of CHIP's `examples/bridge-app/linux/main.cpp` (matter-commissionee.md §6.1). Values are
/// made when a read asks for them, so a read of one attribute costs one attribute, whatever the home's size.
struct MatterNodeAttributes: AttributeSource {
    static let descriptor = ClusterDefinition.descriptor.id
    static let bridgedDeviceBasicInformation = ClusterDefinition.bridgedDeviceBasicInformation.id

    /// Endpoint 0 with every cluster (its Descriptor's PartsList and CurrentFabricIndex are made here).
    var root: NodeData
    /// The fabric of the session that reads: OperationalCredentials' CurrentFabricIndex.
    var accessingFabric: UInt8
    var endpoints: any NodeEndpoints
    var layout: MatterNodeLayout = .bridge
    /// Seconds since the node started: General Diagnostics' UpTime (`MatterRootEndpoint.upTime`).
    var upTimeSeconds: UInt64 = 0

    /// Every endpoint but 0, ascending: endpoint 0's PartsList.
    var applicationEndpoints: [EndpointID] {
        (layout.aggregator.map { [$0] } ?? []) + endpoints.endpointIDs
    }

    func endpoint(atOrAbove endpoint: EndpointID) -> EndpointID? {
        if endpoint == 0 { return 0 }
        if let aggregator = layout.aggregator, endpoint <= aggregator { return aggregator }
        let served = endpoints.endpointIDs
        var low = 0
        var high = served.count
        while low < high {
            let middle = (low + high) / 2
            if served[middle] < endpoint { low = middle + 1 } else { high = middle }
        }
        return low < served.count ? served[low] : nil
    }

    /// The owner's clusters and device types on endpoint 0 beside the Root Node's, served from its data in place of
    /// the root's where both have one (`NodeEndpoints.rootExtension`).
    var rootExtension: NodeEndpoint? { endpoints.rootExtension }

    /// Endpoint 0's clusters: the Root Node's and the owner's.
    var rootClusterIDs: [ClusterID]? {
        guard let extra = rootExtension?.clusters.keys else { return root.clusterIDs(on: 0) }
        return Array(Set(root.clusterIDs(on: 0) ?? []).union(extra)).sorted()
    }

    func clusterIDs(on endpoint: EndpointID) -> [ClusterID]? {
        if endpoint == 0 { return rootClusterIDs }
        if endpoint == layout.aggregator { return [Self.descriptor] }
        return endpoints.endpoint(endpoint)?.serverList(in: layout)
    }

    func hasCluster(_ cluster: ClusterID, on endpoint: EndpointID) -> Bool? {
        if endpoint == 0 {
            return root.hasCluster(cluster, on: 0).map { $0 || rootExtension?.clusters[cluster] != nil }
        }
        if endpoint == layout.aggregator { return cluster == Self.descriptor }
        return endpoints.endpoint(endpoint)?.hasCluster(cluster, in: layout)
    }

    func attributeIDs(of cluster: ClusterID, on endpoint: EndpointID) -> [AttributeID]? {
        if endpoint == 0 {
            if cluster == Self.descriptor { return root.attributeIDs(of: cluster, on: 0) }
            return rootExtension?.attributeIDs(of: cluster, in: layout) ?? root.attributeIDs(of: cluster, on: 0)
        }
        if endpoint == layout.aggregator {
            return cluster == Self.descriptor ? ClusterDefinition.descriptor.attributeIDs : nil
        }
        return endpoints.endpoint(endpoint)?.attributeIDs(of: cluster, in: layout)
    }

    func value(at path: AttributePath) -> AttributeValue? {
        if path.endpoint == 0 {
            if path.cluster == Self.descriptor, path.attribute == 3 {
                return .list(applicationEndpoints.map { .unsigned(UInt64($0)) })
            }
            if let extra = rootExtension, path.cluster == Self.descriptor {
                switch path.attribute {
                case 0, 1:
                    return Self.descriptorValue(
                        path.attribute, deviceTypes: deviceTypes(of: 0), serverList: rootClusterIDs ?? [], parts: [])
                case 2:
                    return extra.clusters[Self.descriptor]?.attributes[2] ?? root[path]
                default:
                    return root[path]
                }
            }
            if let extra = rootExtension, extra.clusters[path.cluster] != nil {
                return extra.value(path.cluster, path.attribute, in: layout)
            }
            if path == MatterRootEndpoint.currentFabricIndex { return .unsigned(UInt64(accessingFabric)) }
            if path == MatterRootEndpoint.upTime { return .unsigned(upTimeSeconds) }
            return root[path]
        }
        if path.endpoint == layout.aggregator {
            guard path.cluster == Self.descriptor else { return nil }
            return Self.descriptorValue(
                path.attribute, deviceTypes: [.aggregator], serverList: [Self.descriptor],
                parts: endpoints.endpointIDs)
        }
        return endpoints.endpoint(path.endpoint)?.value(path.cluster, path.attribute, in: layout)
    }

    /// The device types endpoint `endpoint` has (for ACL targets that name a device type).
    func deviceTypes(of endpoint: EndpointID) -> [DeviceTypeRef] {
        if endpoint == 0 { return [.rootNode] + (rootExtension?.deviceTypes ?? []) }
        if endpoint == layout.aggregator { return [.aggregator] }
        return endpoints.endpoint(endpoint)?.deviceTypes(in: layout) ?? []
    }

    /// A Descriptor attribute (Matter Core Specification 9.5: 0 DeviceTypeList of {0 DeviceType, 1 Revision},
    /// 1 ServerList, 2 ClientList, 3 PartsList) or one of its global attributes.
    static func descriptorValue(
        _ attribute: AttributeID, deviceTypes: [DeviceTypeRef], serverList: [ClusterID], clientList: [ClusterID] = [],
        parts: [EndpointID]
    ) -> AttributeValue? {
        switch attribute {
        case 0:
            return .list(
                deviceTypes.map { .structure([0: .unsigned(UInt64($0.id)), 1: .unsigned(UInt64($0.revision))]) })
        case 1: return .list(serverList.map { .unsigned(UInt64($0)) })
        case 2: return .list(clientList.map { .unsigned(UInt64($0)) })
        case 3: return .list(parts.map { .unsigned(UInt64($0)) })
        default: return GlobalAttributes.values(for: .descriptor)[attribute]
        }
    }
}
