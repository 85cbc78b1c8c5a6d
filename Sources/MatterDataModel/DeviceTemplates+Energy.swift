extension DeviceTemplates {
    /// The energy devices: EVSE, water heater, device energy management, electrical sensor, solar power, battery storage (issue 37).
    ///
    /// Each stands on endpoint 1 with the utility device types its Device Library section asks for beside it on the
    /// same endpoint (Power Source, Electrical Sensor, Device Energy Management), as the heat pump's do: the meter and
    /// the energy smart appliance are the device itself, so they share its endpoint. Mains powered and metered, they
    /// join Wi-Fi. `EnergyMeter` counts their energy on the hub's clock; `EvseLogic`, `WaterHeaterLogic` and
    /// `DeviceEnergyManagementLogic` run their commands.
    static let energy: [DeviceTemplate] = [
        evse, waterHeater, deviceEnergyManagement, electricalSensor, solarPower, batteryStorage,
    ]

    /// A 7.4 kW wall box (Device Library 14.1): the EVSE with its Energy EVSE Mode, the Device Energy Management and
    /// Electrical Sensor utility types (14.1.5) and a Power Source. Its DEM is a ControllableESA (PowerAdjustment):
    /// a home energy manager can limit the charging power; with it comes Device Energy Management Mode (2.7.4).
    static let evse = DeviceTemplate(
        key: "evse", title: "EVSE", deviceType: .energyEvse, productName: "mhub EV Charger", category: "Energy",
        clusters: [
            identify(.visibleIndicator), ClusterTemplate(.energyEvse), ClusterTemplate(.energyEvseMode),
            ClusterTemplate(.mainsPowerSource), ClusterTemplate(.nodePowerTopology),
            ClusterTemplate(.bidirectionalPowerMeasurement, overrides: [0x0008: .signed(2000)]),
            ClusterTemplate(.electricalEnergyMeasurement),
            ClusterTemplate(
                .controllableDeviceEnergyManagement,
                overrides: [
                    0x0000: .unsigned(0), 0x0003: .signed(0), 0x0004: .signed(7_360_000),
                    0x0005: powerAdjustCapability(min: 0, max: 7_360_000),
                ]),
            ClusterTemplate(.deviceEnergyManagementMode),
        ],
        utilityTypes: [.powerSource, .electricalSensor, .deviceEnergyManagement])

    /// A hot-water cylinder with a 3 kW immersion element (Device Library 14.2): its heating-only Thermostat, Water
    /// Heater Management and Water Heater Mode, with the utility types beside it (14.2.5 lets a water heater be an
    /// energy smart appliance and meter itself): a ControllableESA of EsaType WaterHeating.
    static let waterHeater = DeviceTemplate(
        key: "water-heater", title: "Water Heater", deviceType: .waterHeater, productName: "mhub Water Heater",
        category: "Energy",
        clusters: [
            identify(.display), ClusterTemplate(.waterHeaterThermostat), ClusterTemplate(.waterHeaterManagement),
            ClusterTemplate(.waterHeaterMode), ClusterTemplate(.mainsPowerSource), ClusterTemplate(.nodePowerTopology),
            ClusterTemplate(.electricalPowerMeasurement), ClusterTemplate(.electricalEnergyMeasurement),
            ClusterTemplate(
                .controllableDeviceEnergyManagement,
                overrides: [
                    0x0000: .unsigned(2), 0x0004: .signed(3_000_000),
                    0x0005: powerAdjustCapability(min: 0, max: 3_000_000),
                ]),
            ClusterTemplate(.deviceEnergyManagementMode),
        ],
        utilityTypes: [.powerSource, .electricalSensor, .deviceEnergyManagement])

    /// A controllable load (a pool pump's or a heater's load controller): Device Energy Management (Device Library
    /// 2.7) as the endpoint's device type, a utility type with no application type beside it. The Device Library lets a
    /// utility type stand on an endpoint of its own (1.1: utility types may be on any endpoint; the Base Device Type's
    /// rules hold for every endpoint that lists a device type) and Matter 1.4 has no application device type for a
    /// bare load; it meters itself (Electrical Sensor) and is mains powered.
    static let deviceEnergyManagement = DeviceTemplate(
        key: "device-energy-management", title: "Device Energy Management", deviceType: .deviceEnergyManagement,
        productName: "mhub Load Controller", category: "Energy",
        clusters: [
            identify(.actuator), ClusterTemplate(.controllableDeviceEnergyManagement),
            ClusterTemplate(.deviceEnergyManagementMode), ClusterTemplate(.mainsPowerSource),
            ClusterTemplate(.nodePowerTopology),
            ClusterTemplate(
                .electricalPowerMeasurement,
                overrides: [0x0008: .signed(1_000_000), 0x0005: .signed(4347)]),
            ClusterTemplate(.electricalEnergyMeasurement),
        ],
        utilityTypes: [.electricalSensor, .powerSource])

    /// An energy meter clamped on a house's supply: Electrical Sensor (Device Library 2.6) alone on its endpoint, as
    /// a utility type may stand (see the load controller above), measuring both ways (a house with solar panels
    /// exports); Power Topology NodeTopology, the one topology without other endpoints to name. Mains powered.
    static let electricalSensor = DeviceTemplate(
        key: "electrical-sensor", title: "Electrical Sensor", deviceType: .electricalSensor,
        productName: "mhub Energy Meter", category: "Energy",
        clusters: [
            identify(.visibleIndicator), ClusterTemplate(.nodePowerTopology),
            ClusterTemplate(
                .bidirectionalPowerMeasurement, overrides: [0x0008: .signed(450_000), 0x0005: .signed(1956)]),
            ClusterTemplate(.bidirectionalEnergyMeasurement), ClusterTemplate(.mainsPowerSource),
        ],
        utilityTypes: [.powerSource])

    /// A grid-tied solar inverter (Device Library 14.3) with the Power Source, Electrical Sensor and Device Energy
    /// Management utility types (14.3.5): at night it draws its standby; `--as-physical` on ActivePower is the sun
    /// coming out (a negative power: exported). Its DEM (EsaType SolarPV, EsaCanGenerate) can be asked to curtail the
    /// export: its power adjusts between −5 kW and 0.
    static let solarPower = DeviceTemplate(
        key: "solar-power", title: "Solar Power", deviceType: .solarPower, productName: "mhub Solar Inverter",
        category: "Energy",
        clusters: [
            identify(.visibleIndicator), ClusterTemplate(.mainsPowerSource), ClusterTemplate(.nodePowerTopology),
            ClusterTemplate(.bidirectionalPowerMeasurement, overrides: [0x0008: .signed(5000), 0x0005: .signed(21)]),
            ClusterTemplate(.bidirectionalEnergyMeasurement),
            ClusterTemplate(
                .controllableDeviceEnergyManagement,
                overrides: [
                    0x0000: .unsigned(6), 0x0001: .bool(true), 0x0003: .signed(-5_000_000), 0x0004: .signed(0),
                    0x0005: powerAdjustCapability(min: -5_000_000, max: 0),
                ]),
            ClusterTemplate(.deviceEnergyManagementMode),
        ],
        utilityTypes: [.powerSource, .electricalSensor, .deviceEnergyManagement])

    /// A 10 kWh home battery (Device Library 14.4): its cells as a rechargeable Power Source, its inverter's meter
    /// (Electrical Sensor) and a ControllableESA (EsaType BatteryStorage, EsaCanGenerate) that charges at up to 5 kW
    /// and discharges at up to 5 kW (14.4.5). It starts idle, half full.
    static let batteryStorage = DeviceTemplate(
        key: "battery-storage", title: "Battery Storage", deviceType: .batteryStorage,
        productName: "mhub Home Battery", category: "Energy",
        clusters: [
            identify(.visibleIndicator), ClusterTemplate(.rechargeablePowerSource), ClusterTemplate(.nodePowerTopology),
            ClusterTemplate(.bidirectionalPowerMeasurement), ClusterTemplate(.bidirectionalEnergyMeasurement),
            ClusterTemplate(
                .controllableDeviceEnergyManagement,
                overrides: [
                    0x0000: .unsigned(5), 0x0001: .bool(true), 0x0003: .signed(-5_000_000),
                    0x0004: .signed(5_000_000), 0x0005: powerAdjustCapability(min: -5_000_000, max: 5_000_000),
                ]),
            ClusterTemplate(.deviceEnergyManagementMode),
        ],
        utilityTypes: [.powerSource, .electricalSensor, .deviceEnergyManagement])

    /// Device Energy Management's PowerAdjustCapabilityStruct with one PowerAdjustStruct {0 MinPower, 1 MaxPower,
    /// 2 MinDuration, 3 MaxDuration}: `min` to `max` mW for 1 minute to a day; Cause 0 NoAdjustment (Application
    /// Cluster Specification 9.2.5, 9.2.6.6).
    static func powerAdjustCapability(min: Int64, max: Int64) -> AttributeValue {
        .structure([
            0: .list([.structure([0: .signed(min), 1: .signed(max), 2: .unsigned(60), 3: .unsigned(86_400)])]),
            1: .unsigned(0),
        ])
    }
}
