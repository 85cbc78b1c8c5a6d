extension ClusterDefinition {
    /// Group Key Management (0x003F), revision 2, without the provisional CacheAndSync feature.
    ///
    /// Source: CHIP SDK `data_model/1.4/clusters/Group-Key-Management-Cluster.xml`. The maps start empty.
    /// MaxGroupsPerFabric defaults to 0 (no groups); nodes whose application endpoint has a Groups
    /// server raise it (`DeviceTemplate.makeNode`). A GroupKeySet is a GroupKeySetStruct.
    public static let groupKeyManagement = ClusterDefinition(
        id: 0x003F, name: "GroupKeyManagement", revision: 2,
        attributes: [
            // "RW F VM": written with Manage.
            AttributeDefinition(
                id: 0x0000, name: "groupKeyMap", type: .list, writable: true, writePrivilege: .manage,
                default: .list([])),
            AttributeDefinition(id: 0x0001, name: "groupTable", type: .list, default: .list([])),
            AttributeDefinition(id: 0x0002, name: "maxGroupsPerFabric", type: .uint16, default: .unsigned(0)),
            AttributeDefinition(
                id: 0x0003, name: "maxGroupKeysPerFabric", type: .uint16, range: 1...0xFFFF, default: .unsigned(3)),
        ],
        commands: [
            CommandDefinition(id: 0x00, name: "KeySetWrite", fields: [groupKeySet]),
            CommandDefinition(id: 0x01, name: "KeySetRead", fields: [groupKeySetID], response: 0x02),
            CommandDefinition(id: 0x03, name: "KeySetRemove", fields: [groupKeySetID]),
            CommandDefinition(id: 0x04, name: "KeySetReadAllIndices", response: 0x05),
        ],
        responses: [
            CommandDefinition(id: 0x02, name: "KeySetReadResponse", fields: [groupKeySet]),
            CommandDefinition(
                id: 0x05, name: "KeySetReadAllIndicesResponse",
                fields: [CommandField(id: 0, name: "groupKeySetIDs", type: .list)]),
        ]
    )
}

private let groupKeySet = CommandField(id: 0, name: "groupKeySet", type: .structure)
private let groupKeySetID = CommandField(id: 0, name: "groupKeySetID", type: .uint16)
