import HomeKitAccessory
import MatterDataModel

/// A kind of HomeKit service the bridge shows for an endpoint, with its place in the endpoint's iids.
///
/// Each kind has a fixed block of 16 iids in its endpoint's 0x100 (`BridgedDevice`): the service at the block's
/// start, its characteristics at fixed slots after it. Kinds that can share an endpoint have different blocks; the
/// kinds at block 0 exclude each other (an endpoint shows one of them).
enum ServiceKind: Hashable, Sendable, CaseIterable {
    case lightbulb
    case outlet
    case switchService
    case contactSensor
    case occupancySensor
    case lightSensor
    case leakSensor
    case smokeSensor
    case lockMechanism
    case thermostat
    case windowCovering
    case airPurifier
    case valve
    case statelessSwitch
    case temperatureSensor
    case humiditySensor
    case carbonMonoxideSensor
    case airQualitySensor
    case filterMaintenance
    case fan
    case battery

    var type: HAPType {
        switch self {
        case .lightbulb: .lightbulb
        case .outlet: .outlet
        case .switchService: .switchService
        case .contactSensor: .contactSensor
        case .occupancySensor: .occupancySensor
        case .lightSensor: .lightSensor
        case .leakSensor: .leakSensor
        case .smokeSensor: .smokeSensor
        case .lockMechanism: .lockMechanism
        case .thermostat: .thermostat
        case .windowCovering: .windowCovering
        case .airPurifier: .airPurifier
        case .valve: .valve
        case .statelessSwitch: .statelessProgrammableSwitch
        case .temperatureSensor: .temperatureSensor
        case .humiditySensor: .humiditySensor
        case .carbonMonoxideSensor: .carbonMonoxideSensor
        case .airQualitySensor: .airQualitySensor
        case .filterMaintenance: .filterMaintenance
        case .fan: .fanV2
        case .battery: .batteryService
        }
    }

    /// The service's iid within its endpoint's 0x100.
    var block: UInt64 {
        switch self {
        case .lightbulb, .outlet, .switchService, .contactSensor, .occupancySensor, .lightSensor, .leakSensor,
            .smokeSensor, .lockMechanism, .thermostat, .windowCovering, .airPurifier, .valve, .statelessSwitch:
            0x00
        case .temperatureSensor: 0x10
        case .humiditySensor: 0x20
        case .carbonMonoxideSensor: 0x30
        case .airQualitySensor: 0x40
        case .filterMaintenance: 0x50
        case .fan: 0x60
        case .battery: 0x70
        }
    }

    /// Which of a device's services is its primary one: the lowest rank, the earliest endpoint first; nil for the
    /// kinds that only accompany another (a battery, a filter).
    var primaryRank: Int? {
        switch self {
        case .lightbulb, .outlet, .switchService, .contactSensor, .occupancySensor, .lightSensor, .leakSensor,
            .smokeSensor, .lockMechanism, .thermostat, .windowCovering, .airPurifier, .valve, .statelessSwitch:
            0
        case .airQualitySensor: 1
        case .fan: 2
        case .carbonMonoxideSensor: 3
        case .temperatureSensor: 4
        case .humiditySensor: 5
        case .filterMaintenance, .battery: nil
        }
    }

    /// Its characteristics in slot order (the slot is the place in this list, from 1); those the endpoint cannot
    /// show are nil, so a slot never moves.
    func roles(_ reading: EndpointReading) -> [CharacteristicRole?] {
        func when(_ condition: Bool, _ role: CharacteristicRole) -> CharacteristicRole? { condition ? role : nil }
        switch self {
        case .lightbulb:
            let color = reading.has(MatterCluster.colorControl) ? reading.features(MatterCluster.colorControl) : 0
            return [
                .on, when(reading.has(MatterCluster.levelControl), .brightness),
                when(color & 0x10 != 0, .colorTemperature),
                when(color & 0x01 != 0, .hue), when(color & 0x01 != 0, .saturation),
            ]
        case .outlet: return [.on, .outletInUse]
        case .switchService: return [.on]
        case .contactSensor: return [.contactState]
        case .occupancySensor: return [.occupancyDetected]
        case .lightSensor: return [.ambientLightLevel]
        case .leakSensor: return [.leakDetected]
        case .smokeSensor: return [.smokeDetected]
        case .carbonMonoxideSensor: return [.carbonMonoxideDetected]
        case .lockMechanism: return [.lockCurrentState, .lockTargetState]
        case .thermostat:
            let auto = reading.features(MatterCluster.thermostat) & 0x20 != 0
            return [
                .currentHeatingCooling, .targetHeatingCooling, .currentTemperature(MatterCluster.thermostat),
                .targetTemperature, .temperatureDisplayUnits, when(auto, .heatingThreshold),
                when(auto, .coolingThreshold),
            ]
        case .windowCovering: return [.currentPosition, .targetPosition, .positionState, .holdPosition]
        case .airPurifier: return [.fanActive, .currentAirPurifierState, .targetAirPurifierState, .rotationSpeed]
        case .fan: return [.fanActive, .rotationSpeed]
        case .valve: return [.valveActive, .valveInUse, .valveType]
        case .statelessSwitch: return [.programmableSwitchEvent]
        case .temperatureSensor: return [.currentTemperature(MatterCluster.temperature)]
        case .humiditySensor: return [.relativeHumidity]
        case .airQualitySensor:
            // PM2.5 and PM10 densities are µg/m³ in HAP: shown when the sensor measures in µg/m³ (MeasurementUnit 4).
            return [
                .airQuality, when(reading.integer(MatterCluster.pm25, 0x0008) == 4, .pm25Density),
                when(reading.integer(MatterCluster.pm10, 0x0008) == 4, .pm10Density),
            ]
        case .filterMaintenance: return [.filterChangeIndication, .filterLifeLevel]
        case .battery: return [.batteryLevel, .chargingState, .statusLowBattery]
        }
    }

    /// The slot of a service's own Name, for a device of several endpoints, and of its ServiceLabelIndex.
    static let nameSlot: UInt64 = 0x0E
    static let labelIndexSlot: UInt64 = 0x0F

    /// The services HomeKit has for an endpoint, from its device types and clusters, in block order.
    static func services(of reading: EndpointReading) -> [ServiceKind] {
        // The energy devices: HomeKit has no service for a charger, a water heater, a load controller, a meter, an
        // inverter or a home battery (docs/homekit.md), not even for the tank thermostat or the cells' Power Source.
        if let type = reading.endpoint.deviceTypes.first, MatterDeviceType.energy.contains(UInt32(type.id)) {
            return []
        }
        var kinds: [ServiceKind] = []
        if let main = mainKind(of: reading) { kinds.append(main) }
        let hasThermostat = reading.has(MatterCluster.thermostat)
        if reading.has(MatterCluster.temperature), !hasThermostat { kinds.append(.temperatureSensor) }
        if reading.has(MatterCluster.relativeHumidity) { kinds.append(.humiditySensor) }
        if reading.has(MatterCluster.smokeCoAlarm), reading.features(MatterCluster.smokeCoAlarm) & 0x2 != 0 {
            kinds.append(.carbonMonoxideSensor)
        }
        if reading.has(MatterCluster.airQuality) { kinds.append(.airQualitySensor) }
        if reading.has(MatterCluster.hepaFilterMonitoring) { kinds.append(.filterMaintenance) }
        if reading.has(MatterCluster.fanControl), !reading.isDeviceType(MatterDeviceType.airPurifier) {
            kinds.append(.fan)
        }
        // Power Source with BAT (bit 1): a battery; a mains Power Source shows nothing.
        if reading.has(MatterCluster.powerSource), reading.features(MatterCluster.powerSource) & 0x2 != 0 {
            kinds.append(.battery)
        }
        return kinds.sorted { $0.block < $1.block }
    }

    /// The endpoint's one block-0 service, if HomeKit has one for it.
    private static func mainKind(of reading: EndpointReading) -> ServiceKind? {
        let r = reading
        if r.has(MatterCluster.thermostat) { return .thermostat }
        if r.has(MatterCluster.doorLock) { return .lockMechanism }
        // Lift with position awareness (LF bit 0, PA_LF bit 2): HomeKit's positions need both.
        if r.has(MatterCluster.windowCovering), r.features(MatterCluster.windowCovering) & 0x5 == 0x5 {
            return .windowCovering
        }
        if r.has(MatterCluster.fanControl), r.isDeviceType(MatterDeviceType.airPurifier) { return .airPurifier }
        if r.has(MatterCluster.valve) { return .valve }
        // A momentary switch (MS, bit 1); a latching one has no HomeKit service.
        if r.has(MatterCluster.genericSwitch), r.features(MatterCluster.genericSwitch) & 0x2 != 0 {
            return .statelessSwitch
        }
        if r.has(MatterCluster.smokeCoAlarm), r.features(MatterCluster.smokeCoAlarm) & 0x1 != 0 { return .smokeSensor }
        if r.has(MatterCluster.booleanState) {
            if r.isDeviceType(MatterDeviceType.contactSensor) { return .contactSensor }
            if r.isDeviceType(MatterDeviceType.waterLeakDetector) { return .leakSensor }
        }
        if r.has(MatterCluster.occupancy) { return .occupancySensor }
        if r.has(MatterCluster.illuminance) { return .lightSensor }
        // An OffOnly On/Off (OFFONLY, bit 2: a hob) cannot be switched on from afar, as HomeKit's On would.
        if r.has(MatterCluster.onOff), !r.has(MatterCluster.fanControl), r.features(MatterCluster.onOff) & 0x4 == 0 {
            if MatterDeviceType.lights.contains(where: r.isDeviceType)
                || MatterDeviceType.dimmableLoads.contains(where: r.isDeviceType)
            {
                return .lightbulb
            }
            if r.isDeviceType(MatterDeviceType.onOffPlugInUnit) { return .outlet }
            return .switchService
        }
        return nil
    }
}
