extension ClusterDefinition {
    /// General Diagnostics (0x0033), revision 2, without the DataModelTest feature.
    ///
    /// Source: CHIP SDK `data_model/1.4/clusters/DiagnosticsGeneral.xml`. UpTime is seconds since boot;
    /// the hub updates it and RebootCount, which start at 0. NetworkInterfaces starts empty.
    public static let generalDiagnostics = ClusterDefinition(
        id: 0x0033, name: "GeneralDiagnostics", revision: 2,
        attributes: [
            AttributeDefinition(id: 0x0000, name: "networkInterfaces", type: .list, default: .list([])),
            AttributeDefinition(id: 0x0001, name: "rebootCount", type: .uint16, default: .unsigned(0)),
            AttributeDefinition(id: 0x0002, name: "upTime", type: .uint64, default: .unsigned(0)),
            AttributeDefinition(id: 0x0008, name: "testEventTriggersEnabled", type: .bool, default: .bool(false)),
        ],
        commands: [
            CommandDefinition(
                id: 0x00, name: "TestEventTrigger",
                fields: [
                    CommandField(id: 0, name: "enableKey", type: .bytes(maxLength: 16)),
                    CommandField(id: 1, name: "eventTrigger", type: .uint64),
                ]),
            CommandDefinition(id: 0x01, name: "TimeSnapshot", response: 0x02),
        ],
        responses: [
            CommandDefinition(
                id: 0x02, name: "TimeSnapshotResponse",
                fields: [
                    CommandField(id: 0, name: "systemTimeMs", type: .uint64),
                    CommandField(id: 1, name: "posixTimeMs", type: .uint64, nullable: true),
                ])
        ]
    )
}
