import MatterDataModel
import MatterSpecification

extension EndpointData {
    /// The endpoint as a controller finds it by reading it (Core 9.5 Descriptor, 7.13 global attributes): the
    /// DeviceTypeList and ClientList, and each server cluster's ClusterRevision, FeatureMap, AttributeList,
    /// AcceptedCommandList and GeneratedCommandList, from the attribute values, not from what built them, so the
    /// conformance checker sees what a controller would. Test support, not MatterDataModel: the daemon never checks
    /// conformance, and linking the specification's tables into it would add about 10 MB to `mhubd`.
    public var composition: EndpointComposition {
        let descriptor = clusters[ClusterDefinition.descriptor.id]?.attributes
        let listed = Self.entries(descriptor?[0x0000]).compactMap { entry -> EndpointComposition.DeviceType? in
            guard case .structure(let fields) = entry, case .unsigned(let id)? = fields[0],
                case .unsigned(let revision)? = fields[1]
            else { return nil }
            return EndpointComposition.DeviceType(
                id: UInt32(truncatingIfNeeded: id), revision: UInt16(truncatingIfNeeded: revision))
        }
        let servers = clusters.values.sorted { $0.id < $1.id }.map { cluster in
            ClusterComposition(
                id: cluster.id, revision: UInt16(truncatingIfNeeded: Self.number(cluster.attributes[0xFFFD])),
                featureMap: UInt32(truncatingIfNeeded: Self.number(cluster.attributes[0xFFFC])),
                attributes: Self.ids(cluster.attributes[0xFFFB]),
                acceptedCommands: Self.ids(cluster.attributes[0xFFF9]),
                generatedCommands: Self.ids(cluster.attributes[0xFFF8]))
        }
        return EndpointComposition(
            endpoint: id, deviceTypes: listed, servers: servers, clients: Self.ids(descriptor?[0x0002]).sorted())
    }

    private static func entries(_ value: AttributeValue?) -> [AttributeValue] {
        if case .list(let entries)? = value { return entries }
        return []
    }

    private static func number(_ value: AttributeValue?) -> UInt64 {
        if case .unsigned(let number)? = value { return number }
        return 0
    }

    private static func ids(_ value: AttributeValue?) -> Set<UInt32> {
        Set(
            entries(value).compactMap { if case .unsigned(let id) = $0 { UInt32(truncatingIfNeeded: id) } else { nil } }
        )
    }
}
