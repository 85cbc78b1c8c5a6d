import HomeKitAccessory
import MatterDataModel

/// What one characteristic of a mapped service shows: a HomeKit characteristic tied to the Matter attributes it is
/// read from and the commands or writes it becomes. Its shape (type, format, permissions, unit, range) is HAP-python's
/// `pyhap/resources/characteristics.json` but where the device's own range is narrower (colour temperature, the
/// thermostat's setpoints) or a switch offers fewer presses (docs/homekit.md, "The accessories").
enum CharacteristicRole: Hashable, Sendable {
    case on
    case outletInUse
    case brightness
    case colorTemperature
    case hue
    case saturation
    case contactState
    case occupancyDetected
    case leakDetected
    case smokeDetected
    case carbonMonoxideDetected
    /// A temperature sensor's reading (Temperature Measurement), or a thermostat's LocalTemperature.
    case currentTemperature(ClusterID)
    case relativeHumidity
    case ambientLightLevel
    case airQuality
    case pm25Density
    case pm10Density
    case lockCurrentState
    case lockTargetState
    case currentHeatingCooling
    case targetHeatingCooling
    case targetTemperature
    case temperatureDisplayUnits
    case heatingThreshold
    case coolingThreshold
    case currentPosition
    case targetPosition
    case positionState
    case holdPosition
    /// Fanv2's and Air Purifier's Active: the fan runs (FanMode not Off).
    case fanActive
    case rotationSpeed
    case currentAirPurifierState
    case targetAirPurifierState
    case filterChangeIndication
    case filterLifeLevel
    /// Valve's Active: the valve is open or opening (TargetState open).
    case valveActive
    case valveInUse
    case valveType
    case programmableSwitchEvent
    /// The service's place among the device's labelled services, with ServiceLabel's arabic numerals.
    case serviceLabelIndex(Int64)
    /// A service's own name, for a device of several endpoints.
    case name(String)
    case batteryLevel
    case chargingState
    case statusLowBattery

    /// The characteristic at `iid` as the endpoint `reading` shows it, its value not yet filled in.
    func shape(iid: UInt64, reading: EndpointReading) -> HAPCharacteristic {
        let notify: HAPPermissions = [.pairedRead, .events]
        let control: HAPPermissions = [.pairedRead, .pairedWrite, .events]
        func make(
            _ type: HAPType, _ format: HAPFormat, _ permissions: HAPPermissions, unit: String? = nil,
            range: ClosedRange<Double>? = nil, step: Double? = nil, valid: [Int64]? = nil
        ) -> HAPCharacteristic {
            HAPCharacteristic(
                iid: iid, type: type, format: format, permissions: permissions, unit: unit,
                minValue: range?.lowerBound, maxValue: range?.upperBound, minStep: step, validValues: valid)
        }
        switch self {
        case .on: return make(.on, .bool, control)
        case .outletInUse: return make(.outletInUse, .bool, notify)
        case .brightness: return make(.brightness, .int, control, unit: "percentage", range: 0...100, step: 1)
        case .colorTemperature:
            let range = Self.miredRange(reading)
            return make(
                .colorTemperature, .uint32, control, range: Double(range.lowerBound)...Double(range.upperBound), step: 1
            )
        case .hue: return make(.hue, .float, control, unit: "arcdegrees", range: 0...360, step: 1)
        case .saturation: return make(.saturation, .float, control, unit: "percentage", range: 0...100, step: 1)
        case .contactState: return make(.contactSensorState, .uint8, notify, range: 0...1, step: 1, valid: [0, 1])
        case .occupancyDetected: return make(.occupancyDetected, .uint8, notify, range: 0...1, step: 1, valid: [0, 1])
        case .leakDetected: return make(.leakDetected, .uint8, notify, range: 0...1, step: 1, valid: [0, 1])
        case .smokeDetected: return make(.smokeDetected, .uint8, notify, range: 0...1, step: 1, valid: [0, 1])
        case .carbonMonoxideDetected:
            return make(.carbonMonoxideDetected, .uint8, notify, range: 0...1, step: 1, valid: [0, 1])
        case .currentTemperature:
            return make(.currentTemperature, .float, notify, unit: "celsius", range: -273.1...1000, step: 0.1)
        case .relativeHumidity:
            return make(.currentRelativeHumidity, .float, notify, unit: "percentage", range: 0...100, step: 1)
        case .ambientLightLevel:
            return make(.currentAmbientLightLevel, .float, notify, unit: "lux", range: 0.0001...100_000)
        case .airQuality: return make(.airQuality, .uint8, notify, range: 0...5, step: 1, valid: [0, 1, 2, 3, 4, 5])
        case .pm25Density: return make(.pm25Density, .float, notify, range: 0...1000, step: 1)
        case .pm10Density: return make(.pm10Density, .float, notify, range: 0...1000, step: 1)
        case .lockCurrentState:
            return make(.lockCurrentState, .uint8, notify, range: 0...3, step: 1, valid: [0, 1, 2, 3])
        case .lockTargetState: return make(.lockTargetState, .uint8, control, range: 0...1, step: 1, valid: [0, 1])
        case .currentHeatingCooling:
            return make(.currentHeatingCoolingState, .uint8, notify, range: 0...2, step: 1, valid: [0, 1, 2])
        case .targetHeatingCooling:
            let modes = Self.targetModes(reading)
            return make(
                .targetHeatingCoolingState, .uint8, control, range: 0...3, step: 1, valid: modes)
        case .targetTemperature:
            let range = Self.setpointRange(reading, heating: true, cooling: true)
            return make(.targetTemperature, .float, control, unit: "celsius", range: range, step: 0.1)
        case .temperatureDisplayUnits:
            return make(.temperatureDisplayUnits, .uint8, control, range: 0...1, step: 1, valid: [0, 1])
        case .heatingThreshold:
            let range = Self.setpointRange(reading, heating: true, cooling: false)
            return make(.heatingThresholdTemperature, .float, control, unit: "celsius", range: range, step: 0.1)
        case .coolingThreshold:
            let range = Self.setpointRange(reading, heating: false, cooling: true)
            return make(.coolingThresholdTemperature, .float, control, unit: "celsius", range: range, step: 0.1)
        case .currentPosition:
            return make(.currentPosition, .uint8, notify, unit: "percentage", range: 0...100, step: 1)
        case .targetPosition:
            return make(.targetPosition, .uint8, control, unit: "percentage", range: 0...100, step: 1)
        case .positionState: return make(.positionState, .uint8, notify, range: 0...2, step: 1, valid: [0, 1, 2])
        case .holdPosition: return make(.holdPosition, .bool, [.pairedWrite])
        case .fanActive, .valveActive: return make(.active, .uint8, control, range: 0...1, step: 1, valid: [0, 1])
        case .rotationSpeed: return make(.rotationSpeed, .float, control, unit: "percentage", range: 0...100, step: 1)
        case .currentAirPurifierState:
            return make(.currentAirPurifierState, .uint8, notify, range: 0...2, step: 1, valid: [0, 1, 2])
        case .targetAirPurifierState:
            return make(.targetAirPurifierState, .uint8, control, range: 0...1, step: 1, valid: [0, 1])
        case .filterChangeIndication:
            return make(.filterChangeIndication, .uint8, notify, range: 0...1, step: 1, valid: [0, 1])
        case .filterLifeLevel: return make(.filterLifeLevel, .float, notify, range: 0...100, step: 1)
        case .valveInUse: return make(.inUse, .uint8, notify, range: 0...1, step: 1, valid: [0, 1])
        case .valveType: return make(.valveKind, .uint8, notify, range: 0...3, step: 1, valid: [0, 1, 2, 3])
        case .programmableSwitchEvent:
            let presses = Self.switchPresses(reading)
            return make(
                .programmableSwitchEvent, .uint8, notify, range: 0...Double(presses.max() ?? 0), step: 1,
                valid: presses)
        case .serviceLabelIndex:
            return make(.serviceLabelIndex, .uint8, [.pairedRead], range: 1...255, step: 1)
        case .name: return make(.name, .string, [.pairedRead])
        case .batteryLevel:
            return make(.batteryLevel, .uint8, notify, unit: "percentage", range: 0...100, step: 1)
        case .chargingState: return make(.chargingState, .uint8, notify, range: 0...2, step: 1, valid: [0, 1, 2])
        case .statusLowBattery: return make(.statusLowBattery, .uint8, notify, range: 0...1, step: 1, valid: [0, 1])
        }
    }

    /// HAP's 140…500 mireds narrowed to the light's ColorTempPhysicalMin/MaxMireds (both sides count in mireds).
    static func miredRange(_ reading: EndpointReading) -> ClosedRange<Int64> {
        let low = max(140, reading.integer(MatterCluster.colorControl, 0x400B) ?? 140)
        let high = min(500, reading.integer(MatterCluster.colorControl, 0x400C) ?? 500)
        return low <= high ? low...high : 140...500
    }

    /// The TargetHeatingCoolingState values a thermostat offers: off always, heat with HEAT (bit 0), cool with COOL
    /// (bit 1), auto with AUTO (bit 5) (Application Cluster Specification 4.3.4).
    static func targetModes(_ reading: EndpointReading) -> [Int64] {
        let features = reading.features(MatterCluster.thermostat)
        var modes: [Int64] = [0]
        if features & 0x01 != 0 { modes.append(1) }
        if features & 0x02 != 0 { modes.append(2) }
        if features & 0x20 != 0 { modes.append(3) }
        return modes
    }

    /// The thermostat's setpoint limits in °C (Min/MaxHeatSetpointLimit, Min/MaxCoolSetpointLimit) for the setpoints
    /// asked for that it has.
    static func setpointRange(_ reading: EndpointReading, heating: Bool, cooling: Bool) -> ClosedRange<Double> {
        let features = reading.features(MatterCluster.thermostat)
        var bounds: [Int64] = []
        if heating, features & 0x01 != 0 {
            bounds += [
                reading.integer(MatterCluster.thermostat, 0x0015) ?? 700,
                reading.integer(MatterCluster.thermostat, 0x0016) ?? 3000,
            ]
        }
        if cooling, features & 0x02 != 0 {
            bounds += [
                reading.integer(MatterCluster.thermostat, 0x0017) ?? 1600,
                reading.integer(MatterCluster.thermostat, 0x0018) ?? 3200,
            ]
        }
        guard let low = bounds.min(), let high = bounds.max() else { return 10...38 }
        return HomeKitConversions.celsius(hundredths: low)...HomeKitConversions.celsius(hundredths: high)
    }

    /// The ProgrammableSwitchEvent values a momentary switch can send: a single press always, a double press with
    /// MSM (bit 4) and MultiPressMax at least 2, a long press with MSL (bit 3).
    static func switchPresses(_ reading: EndpointReading) -> [Int64] {
        let features = reading.features(MatterCluster.genericSwitch)
        var presses: [Int64] = [0]
        if features & 0x10 != 0, (reading.integer(MatterCluster.genericSwitch, 0x0002) ?? 0) >= 2 { presses.append(1) }
        if features & 0x08 != 0 { presses.append(2) }
        return presses
    }
}
