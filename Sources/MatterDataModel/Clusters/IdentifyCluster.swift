extension ClusterDefinition {
    /// Identify (0x0003), revision 5.
    ///
    /// Source: CHIP SDK `data_model/1.4/clusters/Identify.xml`. IdentifyType is 0 None … 5 Actuator;
    /// templates set the one that fits the device.
    /// Both commands need Manage (CHIP `src/app/zap-templates/zcl/data-model/chip/identify-cluster.xml`).
    public static let identify = ClusterDefinition(
        id: 0x0003, name: "Identify", revision: 5,
        attributes: [
            AttributeDefinition(id: 0x0000, name: "identifyTime", type: .uint16, writable: true, default: .unsigned(0)),
            AttributeDefinition(id: 0x0001, name: "identifyType", type: .enum8, range: 0...5, default: .unsigned(2)),
        ],
        commands: [
            CommandDefinition(
                id: 0x00, name: "Identify", fields: [CommandField(id: 0, name: "identifyTime", type: .uint16)],
                privilege: .manage),
            CommandDefinition(
                id: 0x40, name: "TriggerEffect",
                fields: [
                    CommandField(id: 0, name: "effectIdentifier", type: .enum8),
                    CommandField(id: 1, name: "effectVariant", type: .enum8),
                ], privilege: .manage),
        ]
    )
}
