import HomeKitAccessory
import MatterDataModel

extension CharacteristicRole {
    /// The value the endpoint's attributes give it now: nil for a write-only characteristic, `.null` for
    /// Programmable Switch Event (HAP R14 §9.75: it is read as null, only its events carry a press).
    /// A Matter attribute that is null or missing reads as the characteristic's resting value (unknown, off,
    /// closed), since `/accessories` must carry a value (hap-reference.md section 11, item 4).
    func value(_ reading: EndpointReading) -> HAPValue? {
        typealias C = HomeKitConversions
        let r = reading
        func flag(_ on: Bool) -> HAPValue { .int(on ? 1 : 0) }
        switch self {
        case .on: return .bool(r.bool(MatterCluster.onOff, 0x0000) ?? false)
        case .outletInUse: return .bool(r.bool(MatterCluster.onOff, 0x0000) ?? false)
        case .brightness: return .int(C.brightness(level: r.integer(MatterCluster.levelControl, 0x0000) ?? 1))
        case .colorTemperature:
            let mireds = r.integer(MatterCluster.colorControl, 0x0007) ?? 250
            return .int(C.mireds(mireds, within: Self.miredRange(r)))
        case .hue: return .float(C.hueDegrees(hue: r.integer(MatterCluster.colorControl, 0x0000) ?? 0))
        case .saturation:
            return .float(C.saturationPercent(saturation: r.integer(MatterCluster.colorControl, 0x0001) ?? 0))
        // BooleanState true is contact (closed) on a contact sensor, HAP's 0 (contact detected).
        case .contactState: return flag(r.bool(MatterCluster.booleanState, 0x0000) == false)
        case .occupancyDetected: return flag((r.integer(MatterCluster.occupancy, 0x0000) ?? 0) & 1 != 0)
        case .leakDetected: return flag(r.bool(MatterCluster.booleanState, 0x0000) == true)
        // SmokeState and COState: 0 normal, 1 warning, 2 critical (Application Cluster Specification 2.11.5).
        case .smokeDetected: return flag((r.integer(MatterCluster.smokeCoAlarm, 0x0001) ?? 0) != 0)
        case .carbonMonoxideDetected: return flag((r.integer(MatterCluster.smokeCoAlarm, 0x0002) ?? 0) != 0)
        case .currentTemperature(let cluster):
            return .float(C.celsius(hundredths: r.integer(cluster, 0x0000) ?? 0))
        case .relativeHumidity:
            return .float(C.humidityPercent(hundredths: r.integer(MatterCluster.relativeHumidity, 0x0000) ?? 0))
        case .ambientLightLevel: return .float(C.lux(measuredValue: r.integer(MatterCluster.illuminance, 0x0000)))
        case .airQuality: return .int(C.airQuality(r.integer(MatterCluster.airQuality, 0x0000) ?? 0))
        case .pm25Density: return .float(C.density(r.float(MatterCluster.pm25, 0x0000) ?? 0))
        case .pm10Density: return .float(C.density(r.float(MatterCluster.pm10, 0x0000) ?? 0))
        // LockState: 0 not fully locked (a bolt that stuck: jammed), 1 locked, 2 unlocked, 3 unlatched; null unknown.
        case .lockCurrentState:
            switch r.integer(MatterCluster.doorLock, 0x0000) {
            case 0: return .int(2)
            case 1: return .int(1)
            case 2, 3: return .int(0)
            default: return .int(3)
            }
        case .lockTargetState: return flag(r.integer(MatterCluster.doorLock, 0x0000) == 1)
        case .currentHeatingCooling:
            guard Self.thermostatIsOn(r) else { return .int(0) }
            return .int(
                C.currentHeatingCooling(
                    runningState: r.integer(MatterCluster.thermostat, 0x0029),
                    runningMode: r.integer(MatterCluster.thermostat, 0x001E)))
        case .targetHeatingCooling:
            guard Self.thermostatIsOn(r) else { return .int(0) }
            let mode = C.targetHeatingCooling(systemMode: r.integer(MatterCluster.thermostat, 0x001C) ?? 0)
            return .int(Self.targetModes(r).contains(mode) ? mode : 0)
        case .targetTemperature:
            let setpoint = r.integer(MatterCluster.thermostat, Self.targetSetpoint(r)) ?? 2000
            let range = Self.setpointRange(r, heating: true, cooling: true)
            return .float(min(max(C.celsius(hundredths: setpoint), range.lowerBound), range.upperBound))
        case .temperatureDisplayUnits: return .int(0)
        case .heatingThreshold:
            let range = Self.setpointRange(r, heating: true, cooling: false)
            let value = C.celsius(hundredths: r.integer(MatterCluster.thermostat, 0x0012) ?? 2000)
            return .float(min(max(value, range.lowerBound), range.upperBound))
        case .coolingThreshold:
            let range = Self.setpointRange(r, heating: false, cooling: true)
            let value = C.celsius(hundredths: r.integer(MatterCluster.thermostat, 0x0011) ?? 2600)
            return .float(min(max(value, range.lowerBound), range.upperBound))
        case .currentPosition:
            let current =
                r.integer(MatterCluster.windowCovering, 0x000E) ?? r.integer(MatterCluster.windowCovering, 0x000B)
            return .int(C.position(percent100ths: current ?? 10_000))
        case .targetPosition:
            let target =
                r.integer(MatterCluster.windowCovering, 0x000B) ?? r.integer(MatterCluster.windowCovering, 0x000E)
            return .int(C.position(percent100ths: target ?? 10_000))
        case .positionState:
            return .int(C.positionState(operationalStatus: r.integer(MatterCluster.windowCovering, 0x000A) ?? 0))
        case .holdPosition: return nil
        case .fanActive: return flag((r.integer(MatterCluster.fanControl, 0x0000) ?? 0) != 0)
        case .rotationSpeed: return .float(Double(min(max(r.integer(MatterCluster.fanControl, 0x0003) ?? 0, 0), 100)))
        // Inactive when off, idle while the fan stands, purifying while it turns.
        case .currentAirPurifierState:
            guard (r.integer(MatterCluster.fanControl, 0x0000) ?? 0) != 0 else { return .int(0) }
            return .int((r.integer(MatterCluster.fanControl, 0x0003) ?? 0) > 0 ? 2 : 1)
        case .targetAirPurifierState: return flag(r.integer(MatterCluster.fanControl, 0x0000) == 5)
        // ChangeIndication: 0 OK, 1 warning, 2 critical (Application Cluster Specification 2.8.6).
        case .filterChangeIndication:
            return flag((r.integer(MatterCluster.hepaFilterMonitoring, 0x0002) ?? 0) != 0)
        case .filterLifeLevel:
            return .float(Double(min(max(r.integer(MatterCluster.hepaFilterMonitoring, 0x0000) ?? 100, 0), 100)))
        // Valve states: 0 closed, 1 open, 2 transitioning (Application Cluster Specification 4.6.7).
        case .valveActive:
            let target = r.integer(MatterCluster.valve, 0x0005) ?? r.integer(MatterCluster.valve, 0x0004)
            return flag(target == 1)
        case .valveInUse: return flag(r.integer(MatterCluster.valve, 0x0004) == 1)
        case .valveType: return .int(0)
        case .programmableSwitchEvent: return .null
        case .serviceLabelIndex(let index): return .int(index)
        case .name(let name): return .string(name)
        case .batteryLevel:
            return .int(C.batteryPercent(halfPercents: r.integer(MatterCluster.powerSource, 0x000C) ?? 0))
        // With RECHG (bit 2) BatChargeState says (1 charging); a replaceable battery is not chargeable.
        case .chargingState:
            guard r.features(MatterCluster.powerSource) & 0x4 != 0 else { return .int(2) }
            return .int(r.integer(MatterCluster.powerSource, 0x001A) == 1 ? 1 : 0)
        case .statusLowBattery: return flag((r.integer(MatterCluster.powerSource, 0x000E) ?? 0) != 0)
        }
    }

    /// The attributes (cluster, attribute) on its endpoint whose changes move its value.
    var sources: [(ClusterID, AttributeID)] {
        let thermostat = MatterCluster.thermostat
        switch self {
        case .on, .outletInUse: return [(MatterCluster.onOff, 0x0000)]
        case .brightness: return [(MatterCluster.levelControl, 0x0000)]
        case .colorTemperature: return [(MatterCluster.colorControl, 0x0007)]
        case .hue: return [(MatterCluster.colorControl, 0x0000)]
        case .saturation: return [(MatterCluster.colorControl, 0x0001)]
        case .contactState, .leakDetected: return [(MatterCluster.booleanState, 0x0000)]
        case .occupancyDetected: return [(MatterCluster.occupancy, 0x0000)]
        case .smokeDetected: return [(MatterCluster.smokeCoAlarm, 0x0001)]
        case .carbonMonoxideDetected: return [(MatterCluster.smokeCoAlarm, 0x0002)]
        case .currentTemperature(let cluster): return [(cluster, 0x0000)]
        case .relativeHumidity: return [(MatterCluster.relativeHumidity, 0x0000)]
        case .ambientLightLevel: return [(MatterCluster.illuminance, 0x0000)]
        case .airQuality: return [(MatterCluster.airQuality, 0x0000)]
        case .pm25Density: return [(MatterCluster.pm25, 0x0000)]
        case .pm10Density: return [(MatterCluster.pm10, 0x0000)]
        case .lockCurrentState, .lockTargetState: return [(MatterCluster.doorLock, 0x0000)]
        case .currentHeatingCooling:
            return [(thermostat, 0x0029), (thermostat, 0x001E), (MatterCluster.onOff, 0x0000)]
        case .targetHeatingCooling: return [(thermostat, 0x001C), (MatterCluster.onOff, 0x0000)]
        case .targetTemperature: return [(thermostat, 0x001C), (thermostat, 0x0011), (thermostat, 0x0012)]
        case .heatingThreshold: return [(thermostat, 0x0012)]
        case .coolingThreshold: return [(thermostat, 0x0011)]
        case .currentPosition: return [(MatterCluster.windowCovering, 0x000E), (MatterCluster.windowCovering, 0x000B)]
        case .targetPosition: return [(MatterCluster.windowCovering, 0x000B), (MatterCluster.windowCovering, 0x000E)]
        case .positionState: return [(MatterCluster.windowCovering, 0x000A)]
        case .fanActive, .targetAirPurifierState: return [(MatterCluster.fanControl, 0x0000)]
        case .rotationSpeed: return [(MatterCluster.fanControl, 0x0003)]
        case .currentAirPurifierState: return [(MatterCluster.fanControl, 0x0000), (MatterCluster.fanControl, 0x0003)]
        case .filterChangeIndication: return [(MatterCluster.hepaFilterMonitoring, 0x0002)]
        case .filterLifeLevel: return [(MatterCluster.hepaFilterMonitoring, 0x0000)]
        case .valveActive: return [(MatterCluster.valve, 0x0005), (MatterCluster.valve, 0x0004)]
        case .valveInUse: return [(MatterCluster.valve, 0x0004)]
        case .batteryLevel: return [(MatterCluster.powerSource, 0x000C)]
        case .chargingState: return [(MatterCluster.powerSource, 0x001A)]
        case .statusLowBattery: return [(MatterCluster.powerSource, 0x000E)]
        case .temperatureDisplayUnits, .holdPosition, .valveType, .programmableSwitchEvent, .serviceLabelIndex, .name:
            return []
        }
    }

    /// Whether a thermostat that has a power switch of its own (a room air conditioner's On/Off) is on; one
    /// without is always on, its SystemMode saying the rest.
    static func thermostatIsOn(_ reading: EndpointReading) -> Bool {
        reading.bool(MatterCluster.onOff, 0x0000) ?? true
    }

    /// The setpoint TargetTemperature shows and sets: the cooling setpoint (OccupiedCoolingSetpoint 0x0011) in cool
    /// mode or on a thermostat that only cools, else the heating setpoint (OccupiedHeatingSetpoint 0x0012).
    static func targetSetpoint(_ reading: EndpointReading) -> AttributeID {
        let features = reading.features(MatterCluster.thermostat)
        let mode = HomeKitConversions.targetHeatingCooling(
            systemMode: reading.integer(MatterCluster.thermostat, 0x001C) ?? 0)
        if features & 0x01 == 0 || (mode == 2 && features & 0x02 != 0) { return 0x0011 }
        return 0x0012
    }
}
