extension ClusterDefinition {
    /// Access Control (0x001F), revision 2, without the Extension or ManagedDevice features.
    ///
    /// Source: CHIP SDK `data_model/1.4/clusters/ACL-Cluster.xml`. The per-entry and per-fabric capacities
    /// are the specification's minimums; the ACL starts empty, as on a node no fabric has commissioned.
    public static let accessControl = ClusterDefinition(
        id: 0x001F, name: "AccessControl", revision: 2,
        attributes: [
            AttributeDefinition(
                id: 0x0000, name: "acl", type: .list, writable: true, writePrivilege: .administer, default: .list([])),
            AttributeDefinition(
                id: 0x0002, name: "subjectsPerAccessControlEntry", type: .uint16, range: 4...0xFFFF,
                default: .unsigned(4)),
            AttributeDefinition(
                id: 0x0003, name: "targetsPerAccessControlEntry", type: .uint16, range: 3...0xFFFF,
                default: .unsigned(3)),
            AttributeDefinition(
                id: 0x0004, name: "accessControlEntriesPerFabric", type: .uint16, range: 4...0xFFFF,
                default: .unsigned(4)),
        ]
    )
}
