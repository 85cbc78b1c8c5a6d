import HomeKitAccessory
import MatterDataModel
import MatterNode

extension CharacteristicRole {
    /// The Matter commands and writes, in order, that writing `value` (already checked against the characteristic's
    /// format and range) makes on the endpoint `reading` shows; nil for a characteristic that cannot be written.
    ///
    /// Commands are the ones mhub's device logic runs (`Sources/MHubHub/Devices/`), with their fields by context tag
    /// as the cluster definitions number them; a command's optional fields are left out.
    func operations(writing value: HAPValue, _ reading: EndpointReading) -> [BridgedRequest.Operation]? {
        typealias C = HomeKitConversions
        func invoke(_ cluster: ClusterID, _ command: CommandID, _ fields: [UInt32: AttributeValue] = [:])
            -> BridgedRequest.Operation
        {
            .invoke(cluster: cluster, command: command, fields: fields)
        }
        func write(_ cluster: ClusterID, _ attribute: AttributeID, _ value: AttributeValue) -> BridgedRequest.Operation
        {
            .write(cluster: cluster, attribute: attribute, value: value)
        }
        let number = Self.number(value)
        let integer = Int64(number.rounded())
        switch self {
        case .on:
            return [invoke(MatterCluster.onOff, integer != 0 ? 0x01 : 0x00)]
        case .brightness:
            // MoveToLevelWithOnOff (0x04): the light goes on with its brightness, as a Home app slider expects.
            return [
                invoke(
                    MatterCluster.levelControl, 0x04,
                    [
                        0: .unsigned(UInt64(C.level(brightness: integer))), 1: .unsigned(0), 2: .unsigned(0),
                        3: .unsigned(0),
                    ])
            ]
        // The colour commands carry ExecuteIfOff (Options bit 0, in OptionsMask and OptionsOverride) so that they run
        // on a light that is off too (mhub's `DeviceLogic.runsWhileOff`): a colour chosen in the Home app sticks.
        case .colorTemperature:
            // MoveToColorTemperature (0x0A).
            let mireds = C.mireds(integer, within: Self.miredRange(reading))
            return [
                invoke(
                    MatterCluster.colorControl, 0x0A,
                    [0: .unsigned(UInt64(mireds)), 1: .unsigned(0), 2: .unsigned(1), 3: .unsigned(1)])
            ]
        case .hue:
            // MoveToHue (0x00), direction 0 (shortest distance).
            return [
                invoke(
                    MatterCluster.colorControl, 0x00,
                    [
                        0: .unsigned(UInt64(C.hue(degrees: number))), 1: .unsigned(0), 2: .unsigned(0),
                        3: .unsigned(1), 4: .unsigned(1),
                    ])
            ]
        case .saturation:
            // MoveToSaturation (0x03).
            return [
                invoke(
                    MatterCluster.colorControl, 0x03,
                    [
                        0: .unsigned(UInt64(C.saturation(percent: number))), 1: .unsigned(0), 2: .unsigned(1),
                        3: .unsigned(1),
                    ])
            ]
        case .lockTargetState:
            // LockDoor (0x00) or UnlockDoor (0x01), without a PIN code.
            return [invoke(MatterCluster.doorLock, integer == 1 ? 0x00 : 0x01)]
        case .targetHeatingCooling:
            let mode = AttributeValue.unsigned(UInt64(C.systemMode(targetHeatingCooling: integer)))
            guard reading.has(MatterCluster.onOff) else { return [write(MatterCluster.thermostat, 0x001C, mode)] }
            // A thermostat with a power switch of its own (a room air conditioner): off is its Off, another mode
            // switches it on first.
            if integer == 0 { return [invoke(MatterCluster.onOff, 0x00)] }
            let on = Self.thermostatIsOn(reading) ? [] : [invoke(MatterCluster.onOff, 0x01)]
            return on + [write(MatterCluster.thermostat, 0x001C, mode)]
        case .targetTemperature:
            return Self.setpointWrites(number, attribute: Self.targetSetpoint(reading), reading)
        case .heatingThreshold:
            return Self.setpointWrites(number, attribute: 0x0012, reading)
        case .coolingThreshold:
            return Self.setpointWrites(number, attribute: 0x0011, reading)
        case .temperatureDisplayUnits:
            // The units are the Home app's to show: mhub's thermostats have no Thermostat User Interface
            // Configuration, so there is nothing to change on the device.
            return []
        case .targetPosition:
            // GoToLiftPercentage (0x05).
            return [
                invoke(
                    MatterCluster.windowCovering, 0x05, [0: .unsigned(UInt64(C.percent100ths(position: integer)))])
            ]
        case .holdPosition:
            // StopMotion (0x02); writing false holds nothing.
            return integer != 0 ? [invoke(MatterCluster.windowCovering, 0x02)] : []
        case .fanActive:
            // FanMode (0x0000): Off (0), or On (4, which a fan takes as High) when it was off; a running fan keeps
            // its speed.
            let running = (reading.integer(MatterCluster.fanControl, 0x0000) ?? 0) != 0
            if integer == 0 { return [write(MatterCluster.fanControl, 0x0000, .unsigned(0))] }
            return running ? [] : [write(MatterCluster.fanControl, 0x0000, .unsigned(4))]
        case .rotationSpeed:
            // PercentSetting (0x0002); the fan's mode follows it (0 is Off).
            return [write(MatterCluster.fanControl, 0x0002, .unsigned(UInt64(min(max(integer, 0), 100))))]
        case .targetAirPurifierState:
            // Auto is FanMode Auto (5); manual keeps the speed the fan runs at (PercentSetting), or High when it
            // stands.
            if integer == 1 { return [write(MatterCluster.fanControl, 0x0000, .unsigned(5))] }
            let current = reading.integer(MatterCluster.fanControl, 0x0003) ?? 0
            return current > 0
                ? [write(MatterCluster.fanControl, 0x0002, .unsigned(UInt64(min(current, 100))))]
                : [write(MatterCluster.fanControl, 0x0000, .unsigned(4))]
        case .valveActive:
            // Open (0x00) without a duration, or Close (0x01).
            return [invoke(MatterCluster.valve, integer == 1 ? 0x00 : 0x01)]
        case .outletInUse, .contactState, .occupancyDetected, .leakDetected, .smokeDetected, .carbonMonoxideDetected,
            .currentTemperature, .relativeHumidity, .ambientLightLevel, .airQuality, .pm25Density, .pm10Density,
            .lockCurrentState, .currentHeatingCooling, .currentPosition, .positionState, .currentAirPurifierState,
            .filterChangeIndication, .filterLifeLevel, .valveInUse, .valveType, .programmableSwitchEvent,
            .serviceLabelIndex, .name, .batteryLevel, .chargingState, .statusLowBattery:
            return nil
        }
    }

    /// A setpoint's writes in hundredths of a degree, kept within the thermostat's limits for it and, on a thermostat
    /// with both setpoints, the dead band (MinSetpointDeadBand, tenths of a degree) away from the other, which mhub's
    /// thermostat enforces (Application Cluster Specification 4.3.9; `Hub+AttributeChecks`): when the other setpoint is
    /// in the way it moves first, as far as its own limits let it, so a target chosen in the Home app is taken.
    static func setpointWrites(_ celsius: Double, attribute: AttributeID, _ reading: EndpointReading)
        -> [BridgedRequest.Operation]
    {
        let thermostat = MatterCluster.thermostat
        func limit(_ attribute: AttributeID, _ fallback: Int64) -> Int64 {
            reading.integer(thermostat, attribute) ?? fallback
        }
        func write(_ attribute: AttributeID, _ value: Int64) -> BridgedRequest.Operation {
            .write(cluster: thermostat, attribute: attribute, value: .signed(value))
        }
        let heating = attribute == 0x0012
        let other: AttributeID = heating ? 0x0011 : 0x0012
        var value = HomeKitConversions.hundredths(celsius: celsius)
        value =
            heating
            ? min(max(value, limit(0x0015, 700)), limit(0x0016, 3000))
            : min(max(value, limit(0x0017, 1600)), limit(0x0018, 3200))
        guard let current = reading.integer(thermostat, other) else { return [write(attribute, value)] }
        let band = limit(0x0019, 20) * 10
        if heating, value > current - band {
            let moved = min(value + band, limit(0x0018, 3200))
            value = min(value, moved - band)
            return (moved != current ? [write(other, moved)] : []) + [write(attribute, value)]
        }
        if !heating, value < current + band {
            let moved = max(value - band, limit(0x0015, 700))
            value = max(value, moved + band)
            return (moved != current ? [write(other, moved)] : []) + [write(attribute, value)]
        }
        return [write(attribute, value)]
    }

    /// A written value as a number: HAP's bool writes may come as 0 and 1, and a float as an integer
    /// (hap-reference.md section 7, "Accepting values").
    static func number(_ value: HAPValue) -> Double {
        switch value {
        case .bool(let flag): flag ? 1 : 0
        case .int(let number): Double(number)
        case .float(let number): number
        case .string, .data, .null: 0
        }
    }
}
