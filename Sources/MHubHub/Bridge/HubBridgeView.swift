import MatterDataModel
import MatterNode

/// The home as the hub's Matter node bridges it, for one input: the hub's nodes, its bridge index and which
/// devices are unreachable, held by reference (copy-on-write values), not copied (`NodeEndpoints`).
public struct HubBridgeView: NodeEndpoints {
    let nodes: ShardedDictionary<NodeID, Node>
    let index: BridgeIndex
    let unreachable: Set<SimulatedDeviceID>

    public var endpointIDs: [EndpointID] { index.endpoints }

    public func endpoint(_ endpoint: EndpointID) -> NodeEndpoint? {
        guard let target = index.target(of: endpoint), let node = nodes[target.node],
            let data = node.data.endpoints[target.endpoint]
        else { return nil }
        var parts: [EndpointID] = []
        if case .list(let items)? = data.clusters[ClusterDefinition.descriptor.id]?.attributes[3] {
            parts = items.compactMap { item in
                guard case .unsigned(let part) = item, let number = EndpointID(exactly: part) else { return nil }
                return node.bridgedEndpoints[number]
            }
        }
        // A device of several endpoints is one bridged node (its first endpoint carries Bridged Device Basic
        // Information, the others are its parts); a simulated bridge's devices are each a bridged node of their own.
        let carriesInfo = node.data.isBridge || node.bridgedEndpoints.keys.min() == target.endpoint
        return NodeEndpoint(
            deviceTypes: data.deviceTypes, clusters: data.clusters, parts: parts,
            device: carriesInfo ? Self.deviceInfo(node, reachable: !isUnreachable(node)) : nil)
    }

    func isUnreachable(_ node: Node) -> Bool {
        node.simulatedDeviceID.map { unreachable.contains($0) } ?? false
    }

    /// Bridged Device Basic Information from the device's own Basic Information (its endpoint 0), with the name the
    /// home gives it as NodeLabel.
    static func deviceInfo(_ node: Node, reachable: Bool) -> BridgedDeviceInfo {
        let basic = node.data.endpoints[0]?.clusters[ClusterDefinition.basicInformation.id]?.attributes ?? [:]
        func text(_ id: AttributeID) -> String {
            if case .string(let value)? = basic[id] { value } else { "" }
        }
        func number(_ id: AttributeID) -> UInt64 {
            if case .unsigned(let value)? = basic[id] { value } else { 0 }
        }
        return BridgedDeviceInfo(
            nodeLabel: node.name, reachable: reachable, uniqueID: text(0x0012), vendorName: text(0x0001),
            vendorID: UInt16(truncatingIfNeeded: number(0x0002)), productName: text(0x0003),
            productID: UInt16(truncatingIfNeeded: number(0x0004)), productLabel: text(0x000E),
            serialNumber: text(0x000F), hardwareVersion: UInt16(truncatingIfNeeded: number(0x0007)),
            hardwareVersionString: text(0x0008), softwareVersion: UInt32(truncatingIfNeeded: number(0x0009)),
            softwareVersionString: text(0x000A))
    }
}

extension Hub {
    /// The home as the Matter node bridges it now (a view: nothing is copied).
    public var bridgeView: HubBridgeView {
        HubBridgeView(nodes: state.nodes, index: bridge, unreachable: faults.unreachableDevices)
    }

    /// The bridged path of Bridged Device Basic Information's `attribute` for `node` (on its first endpoint).
    func bridgedInfoPath(_ node: Node, attribute: AttributeID) -> AttributePath? {
        guard let first = node.bridgedEndpoints.keys.min(), let bridged = node.bridgedEndpoints[first] else {
            return nil
        }
        return AttributePath(
            endpoint: bridged, cluster: ClusterDefinition.bridgedDeviceBasicInformation.id, attribute: attribute)
    }
}
