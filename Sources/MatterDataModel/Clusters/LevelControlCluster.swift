extension ClusterDefinition {
    /// Level Control (0x0008), revision 6, with the OnOff and Lighting features.
    ///
    /// Source: CHIP SDK `data_model/1.4/clusters/LevelControl.xml`; the 1..254 level range is the one the
    /// lighting device types require (`data_model/1.4/device_types/DimmableLight.xml`). The `…WithOnOff`
    /// commands carry the same fields as their plain forms.
    public static let levelControl = ClusterDefinition(
        id: 0x0008, name: "LevelControl", revision: 6, featureMap: 0x3,
        attributes: [
            AttributeDefinition(
                id: 0x0000, name: "currentLevel", type: .uint8, nullable: true, range: 1...254,
                default: .unsigned(254)),
            AttributeDefinition(id: 0x0001, name: "remainingTime", type: .uint16, default: .unsigned(0)),
            AttributeDefinition(id: 0x0002, name: "minLevel", type: .uint8, range: 1...254, default: .unsigned(1)),
            AttributeDefinition(id: 0x0003, name: "maxLevel", type: .uint8, range: 1...254, default: .unsigned(254)),
            AttributeDefinition(
                id: 0x000F, name: "options", type: .bitmap8, writable: true, range: 0...3, default: .unsigned(0)),
            AttributeDefinition(
                id: 0x0010, name: "onOffTransitionTime", type: .uint16, writable: true, default: .unsigned(0)),
            AttributeDefinition(
                id: 0x0011, name: "onLevel", type: .uint8, writable: true, nullable: true, range: 1...254,
                default: .null),
            AttributeDefinition(
                id: 0x0012, name: "onTransitionTime", type: .uint16, writable: true, nullable: true, default: .null),
            AttributeDefinition(
                id: 0x0013, name: "offTransitionTime", type: .uint16, writable: true, nullable: true, default: .null),
            AttributeDefinition(
                id: 0x0014, name: "defaultMoveRate", type: .uint8, writable: true, nullable: true, range: 1...255,
                default: .unsigned(50)),
            AttributeDefinition(
                id: 0x4000, name: "startUpCurrentLevel", type: .uint8, writable: true, writePrivilege: .manage,
                nullable: true,
                range: 0...254, default: .null),
        ],
        commands: [
            CommandDefinition(id: 0x00, name: "MoveToLevel", fields: moveToLevel),
            CommandDefinition(id: 0x01, name: "Move", fields: move),
            CommandDefinition(id: 0x02, name: "Step", fields: step),
            CommandDefinition(id: 0x03, name: "Stop", fields: options(from: 0)),
            CommandDefinition(id: 0x04, name: "MoveToLevelWithOnOff", fields: moveToLevel),
            CommandDefinition(id: 0x05, name: "MoveWithOnOff", fields: move),
            CommandDefinition(id: 0x06, name: "StepWithOnOff", fields: step),
            CommandDefinition(id: 0x07, name: "StopWithOnOff", fields: options(from: 0)),
        ]
    )
}

/// OptionsMask and OptionsOverride, which end every Level Control command, from context tag `tag`.
private func options(from tag: UInt32) -> [CommandField] {
    [
        CommandField(id: tag, name: "optionsMask", type: .bitmap8),
        CommandField(id: tag + 1, name: "optionsOverride", type: .bitmap8),
    ]
}

private let moveToLevel =
    [
        CommandField(id: 0, name: "level", type: .uint8),
        CommandField(id: 1, name: "transitionTime", type: .uint16, nullable: true),
    ] + options(from: 2)

private let move =
    [
        CommandField(id: 0, name: "moveMode", type: .enum8),
        CommandField(id: 1, name: "rate", type: .uint8, nullable: true),
    ] + options(from: 2)

private let step =
    [
        CommandField(id: 0, name: "stepMode", type: .enum8),
        CommandField(id: 1, name: "stepSize", type: .uint8),
        CommandField(id: 2, name: "transitionTime", type: .uint16, nullable: true),
    ] + options(from: 3)
