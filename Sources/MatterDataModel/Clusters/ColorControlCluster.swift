extension ClusterDefinition {
    /// Color Control (0x0300), revision 7, with the ColorTemperature feature only.
    ///
    /// Source: CHIP SDK `data_model/1.4/clusters/ColorControl.xml`. ColorTemperature is bit 4 and
    /// ColorCapabilities mirrors it (0x10); ColorMode and EnhancedColorMode 2 mean colour temperature.
    /// Mireds are limited to 65279; the physical limits default to 153 (6500 K) and 500 (2000 K).
    /// RemainingTime is optional in the cluster but mandatory for Color Temperature Lights
    /// (`data_model/1.4/device_types/ColorTemperatureLight.xml`).
    public static let colorControl = ClusterDefinition(
        id: 0x0300, name: "ColorControl", revision: 7, featureMap: 0x10,
        attributes: [
            AttributeDefinition(
                id: 0x0002, name: "remainingTime", type: .uint16, range: 0...65534, default: .unsigned(0)),
            AttributeDefinition(
                id: 0x0007, name: "colorTemperatureMireds", type: .uint16, range: 0...65279, default: .unsigned(250)),
            AttributeDefinition(id: 0x0008, name: "colorMode", type: .enum8, range: 0...2, default: .unsigned(2)),
            AttributeDefinition(
                id: 0x000F, name: "options", type: .bitmap8, writable: true, range: 0...1, default: .unsigned(0)),
            AttributeDefinition(
                id: 0x0010, name: "numberOfPrimaries", type: .uint8, nullable: true, range: 0...6, default: .unsigned(0)
            ),
            AttributeDefinition(
                id: 0x4001, name: "enhancedColorMode", type: .enum8, range: 0...3, default: .unsigned(2)),
            AttributeDefinition(
                id: 0x400A, name: "colorCapabilities", type: .bitmap16, range: 0...0x1F, default: .unsigned(0x10)),
            AttributeDefinition(
                id: 0x400B, name: "colorTempPhysicalMinMireds", type: .uint16, range: 1...65279,
                default: .unsigned(153)),
            AttributeDefinition(
                id: 0x400C, name: "colorTempPhysicalMaxMireds", type: .uint16, range: 0...65279,
                default: .unsigned(500)),
            AttributeDefinition(
                id: 0x400D, name: "coupleColorTempToLevelMinMireds", type: .uint16, range: 0...65279,
                default: .unsigned(153)),
            AttributeDefinition(
                id: 0x4010, name: "startUpColorTemperatureMireds", type: .uint16, writable: true,
                writePrivilege: .manage, nullable: true,
                range: 1...65279, default: .null),
        ],
        commands: [
            CommandDefinition(
                id: 0x0A, name: "MoveToColorTemperature",
                fields: [
                    CommandField(id: 0, name: "colorTemperatureMireds", type: .uint16),
                    CommandField(id: 1, name: "transitionTime", type: .uint16),
                ] + options(from: 2)),
            CommandDefinition(id: 0x47, name: "StopMoveStep", fields: options(from: 0)),
            CommandDefinition(
                id: 0x4B, name: "MoveColorTemperature",
                fields: [
                    CommandField(id: 0, name: "moveMode", type: .enum8),
                    CommandField(id: 1, name: "rate", type: .uint16),
                    CommandField(id: 2, name: "colorTemperatureMinimumMireds", type: .uint16),
                    CommandField(id: 3, name: "colorTemperatureMaximumMireds", type: .uint16),
                ] + options(from: 4)),
            CommandDefinition(
                id: 0x4C, name: "StepColorTemperature",
                fields: [
                    CommandField(id: 0, name: "stepMode", type: .enum8),
                    CommandField(id: 1, name: "stepSize", type: .uint16),
                    CommandField(id: 2, name: "transitionTime", type: .uint16),
                    CommandField(id: 3, name: "colorTemperatureMinimumMireds", type: .uint16),
                    CommandField(id: 4, name: "colorTemperatureMaximumMireds", type: .uint16),
                ] + options(from: 5)),
        ]
    )
}

/// OptionsMask and OptionsOverride, which end every Color Control command, from context tag `tag`.
private func options(from tag: UInt32) -> [CommandField] {
    [
        CommandField(id: tag, name: "optionsMask", type: .bitmap8),
        CommandField(id: tag + 1, name: "optionsOverride", type: .bitmap8),
    ]
}
