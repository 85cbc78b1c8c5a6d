extension ClusterDefinition {
    /// On/Off (0x0006), revision 6, with the Lighting feature.
    ///
    /// Source: CHIP SDK `data_model/1.4/clusters/OnOff.xml`. Lighting (bit 0) brings GlobalSceneControl,
    /// OnTime, OffWaitTime, StartUpOnOff (0 Off, 1 On, 2 Toggle, null keeps the previous state) and the
    /// effect commands.
    public static let onOff = ClusterDefinition(
        id: 0x0006, name: "OnOff", revision: 6, featureMap: 0x1,
        attributes: [
            AttributeDefinition(id: 0x0000, name: "onOff", type: .bool, default: .bool(false)),
            AttributeDefinition(id: 0x4000, name: "globalSceneControl", type: .bool, default: .bool(true)),
            AttributeDefinition(id: 0x4001, name: "onTime", type: .uint16, writable: true, default: .unsigned(0)),
            AttributeDefinition(id: 0x4002, name: "offWaitTime", type: .uint16, writable: true, default: .unsigned(0)),
            AttributeDefinition(
                id: 0x4003, name: "startUpOnOff", type: .enum8, writable: true, writePrivilege: .manage, nullable: true,
                range: 0...2,
                default: .null),
        ],
        commands: [
            CommandDefinition(id: 0x00, name: "Off"),
            CommandDefinition(id: 0x01, name: "On"),
            CommandDefinition(id: 0x02, name: "Toggle"),
            CommandDefinition(
                id: 0x40, name: "OffWithEffect",
                fields: [
                    CommandField(id: 0, name: "effectIdentifier", type: .enum8),
                    CommandField(id: 1, name: "effectVariant", type: .enum8),
                ]),
            CommandDefinition(id: 0x41, name: "OnWithRecallGlobalScene"),
            CommandDefinition(
                id: 0x42, name: "OnWithTimedOff",
                fields: [
                    CommandField(id: 0, name: "onOffControl", type: .bitmap8),
                    CommandField(id: 1, name: "onTime", type: .uint16),
                    CommandField(id: 2, name: "offWaitTime", type: .uint16),
                ]),
        ]
    )
}
