extension ClusterDefinition {
    /// Descriptor (0x001D), revision 2, without the TagList feature.
    ///
    /// Source: CHIP SDK `data_model/1.4/clusters/Descriptor-Cluster.xml`. DeviceTypeList holds
    /// DeviceTypeStructs {0 DeviceType, 1 Revision}; the lists here are empty until a node is built
    /// from its structure (`DeviceTemplate.makeNode`).
    public static let descriptor = ClusterDefinition(
        id: 0x001D, name: "Descriptor", revision: 2,
        attributes: [
            AttributeDefinition(id: 0x0000, name: "deviceTypeList", type: .list, default: .list([])),
            AttributeDefinition(id: 0x0001, name: "serverList", type: .list, default: .list([])),
            AttributeDefinition(id: 0x0002, name: "clientList", type: .list, default: .list([])),
            AttributeDefinition(id: 0x0003, name: "partsList", type: .list, default: .list([])),
        ]
    )
}
