import MatterDataModel

/// A heat pump (Device Library 14.5) follows its room thermostat: it heats while the thermostat's SystemMode asks for
/// heat and the room (LocalTemperature) is below OccupiedHeatingSetpoint (Application Cluster Specification 4.3.9), and
/// then draws its compressor's power; otherwise its standby power. ThermostatRunningState's Heat bit (bit 0) says
/// which, and the meter on the heat pump's endpoint (Electrical Power Measurement) shows the power and the current at
/// its voltage. The energy follows from the power over time (`EnergyMeter`).
enum HeatPumpLogic {
    /// What the compressor draws while heating, and the controller's standby, in mW.
    static let heatingPower: Int64 = 2_000_000
    static let standbyPower: Int64 = 15_000

    /// The thermostat attributes whose change can start or stop the heating: LocalTemperature,
    /// OccupiedHeatingSetpoint, SystemMode.
    static let inputs: Set<AttributeID> = [0x0000, 0x0012, 0x001C]

    /// The changes that follow from `path`'s new value in `data`, if `path` is an input of a heat pump's thermostat
    /// part: ThermostatRunningState, ActivePower and ActiveCurrent.
    static func following(_ path: AttributePath, in data: NodeData) -> [(AttributePath, AttributeValue)] {
        guard path.cluster == 0x0201, inputs.contains(path.attribute),
            let pump = heatPumpEndpoint(above: path.endpoint, in: data)
        else { return [] }
        func value(_ attribute: AttributeID) -> Int64? {
            data[AttributePath(endpoint: path.endpoint, cluster: 0x0201, attribute: attribute)]?.integerValue
        }
        // SystemModeEnum: 1 Auto and 4 Heat heat; 0 Off and the modes a heating-only thermostat has no use for do not.
        let asksForHeat = [1, 4].contains(value(0x001C) ?? 0)
        let heating = asksForHeat && (value(0x0000).map { room in room < (value(0x0012) ?? room) } ?? false)
        let power = heating ? heatingPower : standbyPower
        let voltage = data[AttributePath(endpoint: pump, cluster: 0x0090, attribute: 0x0004)]?.integerValue ?? 0
        var changes: [(AttributePath, AttributeValue)] = [
            (AttributePath(endpoint: path.endpoint, cluster: 0x0201, attribute: 0x0029), .unsigned(heating ? 1 : 0)),
            (AttributePath(endpoint: pump, cluster: 0x0090, attribute: 0x0008), .signed(power)),
        ]
        if voltage > 0 {
            // mW × 1000 / mV is mA.
            changes.append(
                (AttributePath(endpoint: pump, cluster: 0x0090, attribute: 0x0005), .signed(power * 1000 / voltage)))
        }
        return changes
    }

    /// The heat pump endpoint whose PartsList (its Descriptor's 0x0003) holds `endpoint`.
    static func heatPumpEndpoint(above endpoint: EndpointID, in data: NodeData) -> EndpointID? {
        data.endpoints.values.first { candidate in
            guard candidate.deviceTypes.contains(where: { $0.id == DeviceTypeRef.heatPump.id }),
                case .list(let parts)? = candidate.clusters[ClusterDefinition.descriptor.id]?.attributes[0x0003]
            else { return false }
            return parts.contains(.unsigned(UInt64(endpoint)))
        }?.id
    }
}
