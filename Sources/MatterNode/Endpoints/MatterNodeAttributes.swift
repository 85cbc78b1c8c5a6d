import MatterDataModel
import MatterInteraction

/// The hub's Matter node as reads see it (docs/matter.md, "Endpoints"): endpoint 0, the Root Node, from the node's
/// own state; endpoint 1, the Aggregator (device type 0x000E), whose PartsList is every bridged endpoint; and the
/// bridged endpoints, from the home as the hub has it.
///
/// The layout of CHIP's `examples/bridge-app/linux/main.cpp` (matter-commissionee.md §6.1): a bridged endpoint
/// carries the device endpoint's clusters, a Descriptor of the bridge's own (its device types, with Bridged Node
/// 0x0013 on the device's first endpoint; every server cluster; its parts), and on the device's first endpoint
/// Bridged Device Basic Information. Endpoint 0's PartsList is every other endpoint. Values are made when a read asks
/// for them, so a read of one attribute costs one attribute, whatever the home's size.
struct MatterNodeAttributes: AttributeSource {
    static let aggregator: EndpointID = 1
    static let descriptor = ClusterDefinition.descriptor.id
    static let bridgedDeviceBasicInformation = ClusterDefinition.bridgedDeviceBasicInformation.id

    /// Endpoint 0 with every cluster (its Descriptor's PartsList and CurrentFabricIndex are made here).
    var root: NodeData
    /// The fabric of the session that reads: OperationalCredentials' CurrentFabricIndex.
    var accessingFabric: UInt8
    var endpoints: any NodeEndpoints
    /// Seconds since the node started: General Diagnostics' UpTime (`MatterRootEndpoint.upTime`).
    var upTimeSeconds: UInt64 = 0

    func endpoint(atOrAbove endpoint: EndpointID) -> EndpointID? {
        if endpoint == 0 { return 0 }
        if endpoint <= Self.aggregator { return Self.aggregator }
        let served = endpoints.endpointIDs
        var low = 0
        var high = served.count
        while low < high {
            let middle = (low + high) / 2
            if served[middle] < endpoint { low = middle + 1 } else { high = middle }
        }
        return low < served.count ? served[low] : nil
    }

    func clusterIDs(on endpoint: EndpointID) -> [ClusterID]? {
        switch endpoint {
        case 0: return root.clusterIDs(on: 0)
        case Self.aggregator: return [Self.descriptor]
        default:
            return endpoints.endpoint(endpoint).map(Self.serverList)
        }
    }

    func hasCluster(_ cluster: ClusterID, on endpoint: EndpointID) -> Bool? {
        switch endpoint {
        case 0: return root.hasCluster(cluster, on: 0)
        case Self.aggregator: return cluster == Self.descriptor
        default:
            guard let bridged = endpoints.endpoint(endpoint) else { return nil }
            return cluster == Self.descriptor || bridged.clusters[cluster] != nil
                || (cluster == Self.bridgedDeviceBasicInformation && bridged.device != nil)
        }
    }

    func attributeIDs(of cluster: ClusterID, on endpoint: EndpointID) -> [AttributeID]? {
        switch (endpoint, cluster) {
        case (0, _): return root.attributeIDs(of: cluster, on: 0)
        case (Self.aggregator, Self.descriptor): return ClusterDefinition.descriptor.attributeIDs
        case (Self.aggregator, _): return nil
        default:
            guard let bridged = endpoints.endpoint(endpoint) else { return nil }
            switch cluster {
            case Self.descriptor: return ClusterDefinition.descriptor.attributeIDs
            case Self.bridgedDeviceBasicInformation where bridged.device != nil:
                return ClusterDefinition.bridgedDeviceBasicInformation.attributeIDs
            default: return bridged.clusters[cluster]?.attributes.keys.sorted()
            }
        }
    }

    func value(at path: AttributePath) -> AttributeValue? {
        switch path.endpoint {
        case 0:
            if path.cluster == Self.descriptor, path.attribute == 3 {
                return .list(([Self.aggregator] + endpoints.endpointIDs).map { .unsigned(UInt64($0)) })
            }
            if path == MatterRootEndpoint.currentFabricIndex { return .unsigned(UInt64(accessingFabric)) }
            if path == MatterRootEndpoint.upTime { return .unsigned(upTimeSeconds) }
            return root[path]
        case Self.aggregator:
            guard path.cluster == Self.descriptor else { return nil }
            return Self.descriptorValue(
                path.attribute, deviceTypes: [.aggregator], serverList: [Self.descriptor],
                parts: endpoints.endpointIDs)
        default:
            guard let bridged = endpoints.endpoint(path.endpoint) else { return nil }
            switch path.cluster {
            case Self.descriptor:
                return Self.descriptorValue(
                    path.attribute, deviceTypes: Self.deviceTypes(of: bridged), serverList: Self.serverList(bridged),
                    parts: bridged.parts)
            case Self.bridgedDeviceBasicInformation where bridged.device != nil:
                return bridged.device?.value(path.attribute)
            default:
                return bridged.clusters[path.cluster]?.attributes[path.attribute]
            }
        }
    }

    /// The device types endpoint `endpoint` has (for ACL targets that name a device type).
    func deviceTypes(of endpoint: EndpointID) -> [DeviceTypeRef] {
        switch endpoint {
        case 0: return [.rootNode]
        case Self.aggregator: return [.aggregator]
        default: return endpoints.endpoint(endpoint).map(Self.deviceTypes) ?? []
        }
    }

    static func deviceTypes(of bridged: NodeEndpoint) -> [DeviceTypeRef] {
        bridged.deviceTypes
            + (bridged.device != nil && !bridged.deviceTypes.contains { $0.id == DeviceTypeRef.bridgedNode.id }
                ? [.bridgedNode] : [])
    }

    static func serverList(_ bridged: NodeEndpoint) -> [ClusterID] {
        var clusters = Set(bridged.clusters.keys)
        clusters.insert(descriptor)
        if bridged.device != nil { clusters.insert(bridgedDeviceBasicInformation) }
        return clusters.sorted()
    }

    /// A Descriptor attribute (Matter Core Specification 9.5: 0 DeviceTypeList of {0 DeviceType, 1 Revision},
    /// 1 ServerList, 2 ClientList, 3 PartsList) or one of its global attributes.
    static func descriptorValue(
        _ attribute: AttributeID, deviceTypes: [DeviceTypeRef], serverList: [ClusterID], parts: [EndpointID]
    ) -> AttributeValue? {
        switch attribute {
        case 0:
            return .list(
                deviceTypes.map { .structure([0: .unsigned(UInt64($0.id)), 1: .unsigned(UInt64($0.revision))]) })
        case 1: return .list(serverList.map { .unsigned(UInt64($0)) })
        case 2: return .list([])
        case 3: return .list(parts.map { .unsigned(UInt64($0)) })
        default: return GlobalAttributes.values(for: .descriptor)[attribute]
        }
    }
}
