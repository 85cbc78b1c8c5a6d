extension ClusterDefinition {
    /// Binding (0x001E), revision 1.
    ///
    /// Source: CHIP SDK `data_model/1.4/clusters/Binding-Cluster.xml`. Binding is a fabric-scoped list of
    /// TargetStruct (1 Node, 2 Group, 3 Endpoint, 4 Cluster, 0xFE FabricIndex), written with Manage.
    public static let binding = ClusterDefinition(
        id: 0x001E, name: "Binding", revision: 1,
        attributes: [
            AttributeDefinition(
                id: 0x0000, name: "binding", type: .list, writable: true, writePrivilege: .manage, default: .list([]))
        ]
    )
}
