extension ClusterDefinition {
    /// Window Covering (0x0102), revision 5, as a position-aware lift (a roller shade).
    ///
    /// Source: CHIP SDK `data_model/1.4/clusters/WindowCovering.xml`. Features: Lift bit 0 and
    /// PositionAwareLift bit 2 (no AbsolutePosition, so no GoToLiftValue). Positions are `percent` (0…100)
    /// or `percent100ths` (0…10000), 0 fully open. ConfigStatus 0x09 is Operational plus LiftPositionAware.
    public static let windowCovering = ClusterDefinition(
        id: 0x0102, name: "WindowCovering", revision: 5, featureMap: 0x5,
        attributes: [
            AttributeDefinition(id: 0x0000, name: "type", type: .enum8, default: .unsigned(0)),
            AttributeDefinition(
                id: 0x0007, name: "configStatus", type: .bitmap8, range: 0...0x7F, default: .unsigned(0x09)),
            AttributeDefinition(
                id: 0x0008, name: "currentPositionLiftPercentage", type: .uint8, nullable: true, range: 0...100,
                default: .unsigned(0)),
            AttributeDefinition(
                id: 0x000A, name: "operationalStatus", type: .bitmap8, range: 0...0x3F, default: .unsigned(0)),
            AttributeDefinition(
                id: 0x000B, name: "targetPositionLiftPercent100ths", type: .uint16, nullable: true, range: 0...10000,
                default: .unsigned(0)),
            AttributeDefinition(id: 0x000D, name: "endProductType", type: .enum8, default: .unsigned(0)),
            AttributeDefinition(
                id: 0x000E, name: "currentPositionLiftPercent100ths", type: .uint16, nullable: true, range: 0...10000,
                default: .unsigned(0)),
            AttributeDefinition(
                id: 0x0017, name: "mode", type: .bitmap8, writable: true, writePrivilege: .manage, range: 0...0x0F,
                default: .unsigned(0)),
        ],
        commands: [
            CommandDefinition(id: 0x00, name: "UpOrOpen"),
            CommandDefinition(id: 0x01, name: "DownOrClose"),
            CommandDefinition(id: 0x02, name: "StopMotion"),
            CommandDefinition(
                id: 0x05, name: "GoToLiftPercentage",
                fields: [CommandField(id: 0, name: "liftPercent100thsValue", type: .uint16)]),
        ]
    )
}
