extension ClusterDefinition {
    /// Temperature Measurement (0x0402), revision 4.
    ///
    /// Source: CHIP SDK `data_model/1.4/clusters/TemperatureMeasurement.xml`. Values are hundredths of a
    /// degree Celsius (`temperature`, an int16 from -27315); the defaults describe a -40 °C … 125 °C sensor
    /// reading 21 °C.
    public static let temperatureMeasurement = ClusterDefinition(
        id: 0x0402, name: "TemperatureMeasurement", revision: 4,
        attributes: [
            AttributeDefinition(
                id: 0x0000, name: "measuredValue", type: .int16, nullable: true, range: -27315...32767,
                default: .signed(2100)),
            AttributeDefinition(
                id: 0x0001, name: "minMeasuredValue", type: .int16, nullable: true, range: -27315...32766,
                default: .signed(-4000)),
            AttributeDefinition(
                id: 0x0002, name: "maxMeasuredValue", type: .int16, nullable: true, range: -27314...32767,
                default: .signed(12500)),
            AttributeDefinition(id: 0x0003, name: "tolerance", type: .uint16, range: 0...2048, default: .unsigned(50)),
        ]
    )
}
