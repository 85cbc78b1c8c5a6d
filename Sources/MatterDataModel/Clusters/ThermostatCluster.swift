extension ClusterDefinition {
    /// Thermostat (0x0201), revision 8, with the Heating, Cooling and AutoMode features.
    ///
    /// Source: CHIP SDK `data_model/1.4/clusters/Thermostat.xml`. Features: Heating bit 0, Cooling bit 1,
    /// AutoMode bit 5. Temperatures are int16 hundredths of a degree Celsius; the limits use the
    /// specification's defaults (heat 7–30 °C, cool 16–32 °C). MinSetpointDeadBand is tenths of a degree;
    /// 2.0 °C keeps MaxHeatSetpointLimit ≤ MaxCoolSetpointLimit − dead band with those defaults (the
    /// specification's default 2.5 °C would not). ControlSequenceOfOperation 4 is CoolingAndHeating;
    /// SystemMode 1 is Auto.
    public static let thermostat = ClusterDefinition(
        id: 0x0201, name: "Thermostat", revision: 8, featureMap: 0x23,
        attributes: [
            AttributeDefinition(
                id: 0x0000, name: "localTemperature", type: .int16, nullable: true, range: -27315...32767,
                default: .signed(2100)),
            AttributeDefinition(
                id: 0x0003, name: "absMinHeatSetpointLimit", type: .int16, range: -27315...32767,
                default: .signed(700)),
            AttributeDefinition(
                id: 0x0004, name: "absMaxHeatSetpointLimit", type: .int16, range: -27315...32767,
                default: .signed(3000)),
            AttributeDefinition(
                id: 0x0005, name: "absMinCoolSetpointLimit", type: .int16, range: -27315...32767,
                default: .signed(1600)),
            AttributeDefinition(
                id: 0x0006, name: "absMaxCoolSetpointLimit", type: .int16, range: -27315...32767,
                default: .signed(3200)),
            AttributeDefinition(
                id: 0x0011, name: "occupiedCoolingSetpoint", type: .int16, writable: true, range: 1600...3200,
                default: .signed(2600)),
            AttributeDefinition(
                id: 0x0012, name: "occupiedHeatingSetpoint", type: .int16, writable: true, range: 700...3000,
                default: .signed(2000)),
            AttributeDefinition(
                id: 0x0015, name: "minHeatSetpointLimit", type: .int16, writable: true, writePrivilege: .manage,
                range: 700...3000,
                default: .signed(700)),
            AttributeDefinition(
                id: 0x0016, name: "maxHeatSetpointLimit", type: .int16, writable: true, writePrivilege: .manage,
                range: 700...3000,
                default: .signed(3000)),
            AttributeDefinition(
                id: 0x0017, name: "minCoolSetpointLimit", type: .int16, writable: true, writePrivilege: .manage,
                range: 1600...3200,
                default: .signed(1600)),
            AttributeDefinition(
                id: 0x0018, name: "maxCoolSetpointLimit", type: .int16, writable: true, writePrivilege: .manage,
                range: 1600...3200,
                default: .signed(3200)),
            AttributeDefinition(
                id: 0x0019, name: "minSetpointDeadBand", type: .int8, writable: true, writePrivilege: .manage,
                range: 0...127,
                default: .signed(20)),
            AttributeDefinition(
                id: 0x001B, name: "controlSequenceOfOperation", type: .enum8, writable: true, writePrivilege: .manage,
                range: 0...5,
                default: .unsigned(4)),
            AttributeDefinition(
                id: 0x001C, name: "systemMode", type: .enum8, writable: true, writePrivilege: .manage, range: 0...9,
                default: .unsigned(1)),
            AttributeDefinition(
                id: 0x001E, name: "thermostatRunningMode", type: .enum8, range: 0...4, default: .unsigned(0)),
        ],
        commands: [
            CommandDefinition(
                id: 0x00, name: "SetpointRaiseLower",
                fields: [
                    CommandField(id: 0, name: "mode", type: .enum8),
                    CommandField(id: 1, name: "amount", type: .int8),
                ])
        ]
    )
}
