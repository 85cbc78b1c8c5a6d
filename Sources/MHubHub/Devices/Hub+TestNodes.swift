import MHubJSON
import MHubProtocol
import MatterDataModel

/// `import_test_node`: nodes from an OHF Matter Server or Home Assistant diagnostics dump, the fixtures those
/// projects keep, become devices of the hub.
///
/// As python-matter-server does (`device_controller.py`, `import_test_node`): the dump is JSON text whose `data`
/// holds one `node` (a device's diagnostics) or `server.nodes` (the whole server's), each an OHF
/// `MatterNodeData`; the nodes get IDs from 900000 (`TEST_NODE_START`) up. Unlike there, they are stored like any
/// node, and they answer reads, writes and commands as mhub's devices do where mhub knows the cluster: the
/// attributes keep the dump's values, typed by mhub's cluster definitions where it has them.
extension Hub {
    /// The first ID an imported node gets (python-matter-server's `TEST_NODE_START`).
    public static let firstTestNodeID: NodeID = 900_000
    /// The template name imported nodes carry: they were made from a dump, not a template.
    public static let importedTemplate = "imported"

    mutating func importTestNode(_ request: ImportTestNode, now: Timestamp, _ outcome: inout HubOutcome)
        throws(HubError) -> ImportedNodes
    {
        let ids = try importNodes(
            dump: request.dump, structureID: defaultStructureID, roomID: nil, name: nil, now: now, &outcome)
        return ImportedNodes(nodeIDs: ids.map { Int64(bitPattern: $0) })
    }

    /// Adds the dump's nodes to a structure (and room); `name` names the first. Their IDs, in the dump's order.
    mutating func importNodes(
        dump: String, structureID: StructureID, roomID: RoomID?, name: String?, now: Timestamp,
        _ outcome: inout HubOutcome
    ) throws(HubError) -> [NodeID] {
        let root: JSONValue
        do {
            root = try JSONParser(maximumBytes: 16 << 20).parse(dump)
        } catch {
            throw HubError(.invalidArguments, "the dump is not JSON: \(error)")
        }
        let nodes: [JSONValue]
        if case .object? = root["data"]?["node"] {
            nodes = [root["data"]!["node"]!]
        } else if case .array(let list)? = root["data"]?["server"]?["nodes"] {
            nodes = list
        } else {
            throw HubError(
                .invalidArguments,
                "the dump holds neither data.node (a device's diagnostics) nor data.server.nodes (a server's)")
        }
        let imported = state.nodes.keys.filter { $0 >= Self.firstTestNodeID }
        try checkQuota(imported.count + nodes.count - 1, HubQuotas.importedNodes, "imported nodes")
        var nextID = max(Self.firstTestNodeID, (imported.max() ?? 0) + 1)
        var added: [NodeID] = []
        for (index, entry) in nodes.enumerated() {
            guard case .object(let attributes)? = entry["attributes"] else {
                throw HubError(.invalidArguments, "node \(index) of the dump has no \"attributes\" object")
            }
            let data = try Self.nodeData(attributes, node: index)
            let label = [
                AttributePath(endpoint: 0, cluster: 40, attribute: 5), .init(endpoint: 0, cluster: 40, attribute: 3),
            ]
            .lazy.compactMap { path -> String? in
                if case .string(let text)? = data[path], !text.isEmpty { return text }
                return nil
            }.first
            let node = Node(
                id: nextID, structureID: structureID, roomID: roomID,
                name: (index == 0 ? name : nil) ?? label ?? "Imported node \(nextID)", template: Self.importedTemplate,
                simulatedDeviceID: nil, commissionedAt: now, data: data)
            added.append(addToHome(node, &outcome).id)
            nextID += 1
        }
        return added
    }

    /// The dump's `"endpoint/cluster/attribute": value` map as node data: values typed by mhub's cluster
    /// definition where it has one and the value fits it, else as the JSON says; device types from each
    /// endpoint's Descriptor DeviceTypeList (0x001D/0x0000).
    static func nodeData(_ attributes: [String: JSONValue], node index: Int) throws(HubError) -> NodeData {
        var clusters: [EndpointID: [ClusterID: [AttributeID: AttributeValue]]] = [:]
        for (key, json) in attributes {
            guard let path = AttributePath(key) else {
                throw HubError(
                    .invalidArguments, "node \(index) of the dump: \"\(key)\" is not an endpoint/cluster/attribute path"
                )
            }
            let definition = ClusterCatalog.definition(path.cluster)?.attribute(path.attribute)
            let typed = definition.flatMap {
                try? MatterValueReader.read(json, as: $0.type, nullable: true, what: $0.name)
            }
            clusters[path.endpoint, default: [:]][path.cluster, default: [:]][path.attribute] =
                typed ?? MatterValueReader.untyped(json)
        }
        let endpoints = clusters.map { endpoint, byCluster in
            let descriptor = byCluster[0x001D]?[0x0000]
            var deviceTypes: [DeviceTypeRef] = []
            if case .list(let entries)? = descriptor {
                for case .structure(let fields) in entries {
                    if let type = fields[0]?.integerValue, let revision = fields[1]?.integerValue,
                        let id = DeviceTypeID(exactly: type), let rev = UInt16(exactly: revision)
                    {
                        deviceTypes.append(DeviceTypeRef(id: id, revision: rev))
                    }
                }
            }
            return EndpointData(
                id: endpoint, deviceTypes: deviceTypes,
                clusters: byCluster.map { ClusterData(id: $0.key, attributes: $0.value) })
        }
        return NodeData(endpoints: endpoints)
    }
}
