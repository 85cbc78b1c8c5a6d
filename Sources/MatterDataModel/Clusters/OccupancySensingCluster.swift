extension ClusterDefinition {
    /// Occupancy Sensing (0x0406), revision 5, as a passive infrared sensor.
    ///
    /// Source: CHIP SDK `data_model/1.4/clusters/OccupancySensing.xml`. PassiveInfrared is feature bit 1;
    /// the deprecated OccupancySensorType (0 PIR) and OccupancySensorTypeBitmap (bit 0 PIR) are still
    /// mandatory. HoldTimeLimits is a HoldTimeLimitsStruct {0 HoldTimeMin, 1 HoldTimeMax, 2 HoldTimeDefault}
    /// and HoldTime, in seconds, stays within it.
    public static let occupancySensing = ClusterDefinition(
        id: 0x0406, name: "OccupancySensing", revision: 5, featureMap: 0x2,
        attributes: [
            AttributeDefinition(id: 0x0000, name: "occupancy", type: .bitmap8, range: 0...1, default: .unsigned(0)),
            AttributeDefinition(
                id: 0x0001, name: "occupancySensorType", type: .enum8, range: 0...3, default: .unsigned(0)),
            AttributeDefinition(
                id: 0x0002, name: "occupancySensorTypeBitmap", type: .bitmap8, range: 0...7, default: .unsigned(1)),
            AttributeDefinition(
                id: 0x0003, name: "holdTime", type: .uint16, writable: true, writePrivilege: .manage, range: 1...3600,
                default: .unsigned(30)),
            AttributeDefinition(
                id: 0x0004, name: "holdTimeLimits", type: .structure,
                default: .structure([0: .unsigned(1), 1: .unsigned(3600), 2: .unsigned(30)])),
        ]
    )
}
