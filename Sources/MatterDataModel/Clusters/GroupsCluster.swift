extension ClusterDefinition {
    /// Groups (0x0004), revision 4, with the GroupNames feature.
    ///
    /// Source: CHIP SDK `data_model/1.4/clusters/Groups.xml`. NameSupport bit 7 mirrors the GroupNames
    /// feature (bit 0); group names are at most 16 bytes. Adding and removing groups needs Manage (CHIP
    /// `src/app/zap-templates/zcl/data-model/chip/groups-cluster.xml`).
    public static let groups = ClusterDefinition(
        id: 0x0004, name: "Groups", revision: 4, featureMap: 0x1,
        attributes: [
            AttributeDefinition(
                id: 0x0000, name: "nameSupport", type: .bitmap8, range: 0...0x80, default: .unsigned(0x80))
        ],
        commands: [
            CommandDefinition(
                id: 0x00, name: "AddGroup", fields: [groupID, groupName], response: 0x00, privilege: .manage),
            CommandDefinition(id: 0x01, name: "ViewGroup", fields: [groupID], response: 0x01),
            CommandDefinition(
                id: 0x02, name: "GetGroupMembership", fields: [CommandField(id: 0, name: "groupList", type: .list)],
                response: 0x02),
            CommandDefinition(id: 0x03, name: "RemoveGroup", fields: [groupID], response: 0x03, privilege: .manage),
            CommandDefinition(id: 0x04, name: "RemoveAllGroups", privilege: .manage),
            CommandDefinition(
                id: 0x05, name: "AddGroupIfIdentifying", fields: [groupID, groupName], privilege: .manage),
        ],
        responses: [
            CommandDefinition(id: 0x00, name: "AddGroupResponse", fields: [status, respondedGroupID]),
            CommandDefinition(
                id: 0x01, name: "ViewGroupResponse",
                fields: [
                    status, respondedGroupID, CommandField(id: 2, name: "groupName", type: .string(maxLength: 16)),
                ]),
            CommandDefinition(
                id: 0x02, name: "GetGroupMembershipResponse",
                fields: [
                    CommandField(id: 0, name: "capacity", type: .uint8, nullable: true),
                    CommandField(id: 1, name: "groupList", type: .list),
                ]),
            CommandDefinition(id: 0x03, name: "RemoveGroupResponse", fields: [status, respondedGroupID]),
        ]
    )
}

private let groupID = CommandField(id: 0, name: "groupID", type: .uint16)
private let groupName = CommandField(id: 1, name: "groupName", type: .string(maxLength: 16))
private let status = CommandField(id: 0, name: "status", type: .enum8)
private let respondedGroupID = CommandField(id: 1, name: "groupID", type: .uint16)
