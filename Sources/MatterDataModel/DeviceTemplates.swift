/// The device templates mhub offers.
///
/// Endpoint 1 carries the device type's mandatory server clusters (CHIP SDK
/// `data_model/1.4/device_types/*.xml`). Left out: Scenes Management, still provisional for the lights
/// and plug in 1.4, and optional clusters. The thermostat and the window covering get Groups, which
/// their device types make mandatory under the condition "Active"; mhub's always-on nodes are taken to
/// meet it; the Door Lock device type disallows Groups. IdentifyType follows the device: light output, an
/// actuator, a visible indicator, a beep or a display.
public enum DeviceTemplates {
    public static let all: [DeviceTemplate] = original + catalogue + partTwo

    /// The ten templates of mhub's first round.
    static let original: [DeviceTemplate] = [
        DeviceTemplate(
            key: "on-off-light", title: "On/Off Light", deviceType: .onOffLight, productName: "mhub On/Off Light",
            category: "Lighting",
            clusters: [identify(.lightOutput), ClusterTemplate(.groups), ClusterTemplate(.onOff)]),
        DeviceTemplate(
            key: "dimmable-light", title: "Dimmable Light", deviceType: .dimmableLight,
            productName: "mhub Dimmable Light",
            category: "Lighting",
            clusters: [
                identify(.lightOutput), ClusterTemplate(.groups), ClusterTemplate(.onOff),
                ClusterTemplate(.levelControl),
            ]),
        DeviceTemplate(
            key: "color-temperature-light", title: "Color Temperature Light", deviceType: .colorTemperatureLight,
            productName: "mhub Color Temperature Light",
            category: "Lighting",
            clusters: [
                identify(.lightOutput), ClusterTemplate(.groups), ClusterTemplate(.onOff),
                ClusterTemplate(.levelControl), ClusterTemplate(.colorControl),
            ]),
        DeviceTemplate(
            key: "on-off-plug-in-unit", title: "On/Off Plug-in Unit", deviceType: .onOffPlugInUnit,
            productName: "mhub Smart Plug",
            category: "Lighting",
            clusters: [identify(.actuator), ClusterTemplate(.groups), ClusterTemplate(.onOff)]),
        DeviceTemplate(
            key: "contact-sensor", title: "Contact Sensor", deviceType: .contactSensor,
            productName: "mhub Contact Sensor",
            category: "Sensors",
            clusters: [identify(.visibleIndicator), ClusterTemplate(.booleanState), battery()],
            utilityTypes: [.powerSource]),
        DeviceTemplate(
            key: "temperature-sensor", title: "Temperature Sensor", deviceType: .temperatureSensor,
            productName: "mhub Temperature Sensor",
            category: "Sensors",
            clusters: [identify(.visibleIndicator), ClusterTemplate(.temperatureMeasurement), battery()],
            utilityTypes: [.powerSource]),
        DeviceTemplate(
            key: "occupancy-sensor", title: "Occupancy Sensor", deviceType: .occupancySensor,
            productName: "mhub Occupancy Sensor",
            // Binding: an occupancy sensor switches lights on directly (`set_node_binding`), as a Matter motion sensor
            // bound to a light does.
            category: "Sensors",
            clusters: [
                identify(.visibleIndicator), ClusterTemplate(.occupancySensing), ClusterTemplate(.binding), battery(),
            ],
            utilityTypes: [.powerSource]),
        DeviceTemplate(
            key: "door-lock", title: "Door Lock", deviceType: .doorLock, productName: "mhub Door Lock",
            category: "Closures",
            clusters: [identify(.audibleBeep), ClusterTemplate(.doorLock), battery("AA", quantity: 4)],
            utilityTypes: [.powerSource]),
        DeviceTemplate(
            key: "thermostat", title: "Thermostat", deviceType: .thermostat, productName: "mhub Thermostat",
            category: "HVAC",
            clusters: [identify(.display), ClusterTemplate(.groups), ClusterTemplate(.thermostat)]),
        DeviceTemplate(
            key: "window-covering", title: "Window Covering", deviceType: .windowCovering,
            productName: "mhub Roller Shade",
            category: "Closures",
            // A battery roller shade, recharged from a small solar panel or by cable.
            clusters: [
                identify(.actuator), ClusterTemplate(.groups), ClusterTemplate(.windowCovering),
                battery("Li-ion pack"),
            ],
            utilityTypes: [.powerSource]),
    ]

    /// The templates added with the generated data model (issue 34), by category.
    static let catalogue: [DeviceTemplate] = lighting + controls + sensors + alarms + hvac + water + composed

    static let lighting: [DeviceTemplate] = [
        DeviceTemplate(
            key: "extended-color-light", title: "Extended Color Light", deviceType: .extendedColorLight,
            productName: "mhub Color Bulb", category: "Lighting",
            clusters: [
                identify(.lightOutput), ClusterTemplate(.groups), ClusterTemplate(.onOff),
                ClusterTemplate(.levelControl), ClusterTemplate(.extendedColorControl),
            ]),
        DeviceTemplate(
            key: "dimmable-plug-in-unit", title: "Dimmable Plug-in Unit", deviceType: .dimmablePlugInUnit,
            productName: "mhub Dimmer Plug", category: "Lighting",
            clusters: [
                identify(.actuator), ClusterTemplate(.groups), ClusterTemplate(.onOff), ClusterTemplate(.levelControl),
            ]),
        DeviceTemplate(
            key: "mounted-on-off-control", title: "Mounted On/Off Control", deviceType: .mountedOnOffControl,
            productName: "mhub In-Wall Switch", category: "Lighting",
            clusters: [identify(.actuator), ClusterTemplate(.groups), ClusterTemplate(.onOff)]),
        DeviceTemplate(
            key: "mounted-dimmable-load-control", title: "Mounted Dimmable Load Control",
            deviceType: .mountedDimmableLoadControl, productName: "mhub In-Wall Dimmer", category: "Lighting",
            clusters: [
                identify(.actuator), ClusterTemplate(.groups), ClusterTemplate(.onOff), ClusterTemplate(.levelControl),
            ]),
    ]

    static let sensors: [DeviceTemplate] = [
        DeviceTemplate(
            key: "light-sensor", title: "Light Sensor", deviceType: .lightSensor, productName: "mhub Light Sensor",
            category: "Sensors",
            clusters: [identify(.visibleIndicator), ClusterTemplate(.illuminanceMeasurement), battery()],
            utilityTypes: [.powerSource]),
        DeviceTemplate(
            key: "pressure-sensor", title: "Pressure Sensor", deviceType: .pressureSensor,
            productName: "mhub Barometer", category: "Sensors",
            clusters: [identify(.visibleIndicator), ClusterTemplate(.pressureMeasurement)]),
        DeviceTemplate(
            key: "flow-sensor", title: "Flow Sensor", deviceType: .flowSensor, productName: "mhub Water Meter",
            category: "Sensors", clusters: [identify(.visibleIndicator), ClusterTemplate(.flowMeasurement)]),
        DeviceTemplate(
            key: "humidity-sensor", title: "Humidity Sensor", deviceType: .humiditySensor,
            productName: "mhub Humidity Sensor", category: "Sensors",
            clusters: [identify(.visibleIndicator), ClusterTemplate(.relativeHumidityMeasurement), battery()],
            utilityTypes: [.powerSource]),
        DeviceTemplate(
            key: "air-quality-sensor", title: "Air Quality Sensor", deviceType: .airQualitySensor,
            productName: "mhub Air Monitor", category: "Sensors",
            // A mains-powered monitor with the readings such products have: temperature, humidity, PM2.5, PM10, CO2
            // and TVOC (formaldehyde and radon sensors are rarer, and Home Assistant shows neither).
            clusters: [
                identify(.display), ClusterTemplate(.airQuality), ClusterTemplate(.temperatureMeasurement),
                ClusterTemplate(.relativeHumidityMeasurement), ClusterTemplate(.pm25ConcentrationMeasurement),
                ClusterTemplate(.pm10ConcentrationMeasurement), ClusterTemplate(.carbonDioxideConcentrationMeasurement),
                ClusterTemplate(.totalVolatileOrganicCompoundsConcentrationMeasurement),
            ]),
    ]

    static let alarms: [DeviceTemplate] = [
        DeviceTemplate(
            key: "smoke-co-alarm", title: "Smoke CO Alarm", deviceType: .smokeCoAlarm, productName: "mhub Smoke Alarm",
            category: "Alarms",
            clusters: [identify(.audibleBeep), ClusterTemplate(.smokeCoAlarm), battery("CR123A")],
            utilityTypes: [.powerSource]),
        detector(key: "water-leak-detector", title: "Water Leak Detector", type: .waterLeakDetector, product: "Leak"),
        detector(
            key: "water-freeze-detector", title: "Water Freeze Detector", type: .waterFreezeDetector, product: "Freeze"),
        detector(key: "rain-sensor", title: "Rain Sensor", type: .rainSensor, product: "Rain"),
    ]

    static let controls: [DeviceTemplate] = [
        DeviceTemplate(
            key: "generic-switch", title: "Generic Switch", deviceType: .genericSwitch, productName: "mhub Button",
            category: "Switches and controls",
            clusters: [identify(.visibleIndicator), ClusterTemplate(.momentarySwitch), battery()],
            utilityTypes: [.powerSource]),
        DeviceTemplate(
            key: "generic-switch-latching", title: "Generic Switch (latching)", deviceType: .genericSwitch,
            productName: "mhub Rocker", category: "Switches and controls",
            clusters: [identify(.visibleIndicator), ClusterTemplate(.latchingSwitch), battery()],
            utilityTypes: [.powerSource]),
        controller(
            key: "on-off-light-switch", title: "On/Off Light Switch", type: .onOffLightSwitch,
            product: "mhub Light Switch", clients: [0x0006]),
        controller(
            key: "dimmer-switch", title: "Dimmer Switch", type: .dimmerSwitch, product: "mhub Dimmer Switch",
            clients: [0x0006, 0x0008]),
        controller(
            key: "color-dimmer-switch", title: "Color Dimmer Switch", type: .colorDimmerSwitch,
            product: "mhub Color Remote", clients: [0x0006, 0x0008, 0x0300]),
        controller(
            key: "on-off-sensor", title: "On/Off Sensor", type: .onOffSensor, product: "mhub Light Sensor Switch",
            clients: [0x0006]),
        DeviceTemplate(
            key: "mode-select", title: "Mode Select", deviceType: .modeSelect, productName: "mhub Ventilation Control",
            category: "Switches and controls", clusters: [identify(.display), ClusterTemplate(.modeSelect)]),
    ]

    /// A controller: its Identify server, the client clusters it commands bound lights with (Identify's among them),
    /// and a Binding to say which (`set_node_binding`), on a battery.
    static func controller(
        key: String, title: String, type: DeviceTypeRef, product: String, clients: [ClusterID]
    ) -> DeviceTemplate {
        DeviceTemplate(
            key: key, title: title, deviceType: type, productName: product, category: "Switches and controls",
            clusters: [identify(.visibleIndicator), ClusterTemplate(.binding), battery()],
            clients: [0x0003] + clients, utilityTypes: [.powerSource])
    }

    static let water: [DeviceTemplate] = [
        DeviceTemplate(
            key: "water-valve", title: "Water Valve", deviceType: .waterValve, productName: "mhub Water Valve",
            category: "Water",
            clusters: [
                identify(.actuator), ClusterTemplate(.valveConfigurationAndControl), battery("AA", quantity: 2),
            ],
            utilityTypes: [.powerSource]),
        DeviceTemplate(
            key: "pump", title: "Pump", deviceType: .pump, productName: "mhub Circulation Pump", category: "Water",
            clusters: [
                identify(.actuator), ClusterTemplate(.plainOnOff), ClusterTemplate(.pumpConfigurationAndControl),
            ]),
    ]

    static let hvac: [DeviceTemplate] = [
        DeviceTemplate(
            key: "fan", title: "Fan", deviceType: .fan, productName: "mhub Ceiling Fan", category: "HVAC",
            clusters: [identify(.actuator), ClusterTemplate(.groups), ClusterTemplate(.fanControl)]),
        DeviceTemplate(
            key: "air-purifier", title: "Air Purifier", deviceType: .airPurifier, productName: "mhub Air Purifier",
            category: "HVAC",
            // With the air quality and PM2.5 readings purifiers show, and both filters' wear.
            clusters: [
                identify(.display), ClusterTemplate(.fanControl), ClusterTemplate(.hepaFilterMonitoring),
                ClusterTemplate(.activatedCarbonFilterMonitoring), ClusterTemplate(.airQuality),
                ClusterTemplate(.pm25ConcentrationMeasurement),
            ]),
        DeviceTemplate(
            key: "room-air-conditioner", title: "Room Air Conditioner", deviceType: .roomAirConditioner,
            productName: "mhub Air Conditioner", category: "HVAC",
            // A split unit: its power switch, the thermostat that heats and cools, its fan, and the room's temperature.
            clusters: [
                identify(.display), ClusterTemplate(.deadFrontOnOff, overrides: [0x0000: .bool(true)]),
                ClusterTemplate(.thermostat), ClusterTemplate(.fanControl), ClusterTemplate(.temperatureMeasurement),
            ]),
    ]

    /// Devices composed of device types on several endpoints, last so that every single-endpoint template keeps its
    /// place (and its node's endpoints) in the order above.
    static let composed: [DeviceTemplate] = [heatPump]

    /// The templates of the catalogue's part 2 (issue 37): appliances, the robotic vacuum, energy and media devices,
    /// after every earlier one so that none of those moves.
    static let partTwo: [DeviceTemplate] = laundryAndDish + kitchen + robotic + energy + media + controllers + network

    /// An air-to-water heat pump (Device Library 14.5): on endpoint 1 the Heat Pump with the utility device types its
    /// composition asks for on the same endpoint (14.5.5: Power Source, Electrical Sensor, Device Energy Management)
    /// and their clusters, the Thermostat client the device type offers; its parts a heating-only room thermostat
    /// (endpoint 2) and the outdoor temperature sensor (endpoint 3), the optional children 14.5.5 allows. Mains
    /// powered; the meter measures the whole node (Power Topology NodeTopology). `HeatPumpLogic` makes the power and
    /// the energy follow the thermostat.
    static let heatPump = DeviceTemplate(
        key: "heat-pump", title: "Heat Pump", deviceType: .heatPump, productName: "mhub Heat Pump", category: "HVAC",
        clusters: [
            identify(.display), ClusterTemplate(.mainsPowerSource), ClusterTemplate(.nodePowerTopology),
            ClusterTemplate(.electricalPowerMeasurement), ClusterTemplate(.electricalEnergyMeasurement),
            ClusterTemplate(.deviceEnergyManagement),
        ],
        clients: [ClusterDefinition.thermostat.id],
        utilityTypes: [.powerSource, .electricalSensor, .deviceEnergyManagement],
        parts: [
            PartTemplate(
                role: "room thermostat", deviceType: .thermostat,
                clusters: [identify(.display), ClusterTemplate(.groups), ClusterTemplate(.heatingThermostat)]),
            PartTemplate(
                role: "outdoor temperature", deviceType: .temperatureSensor,
                clusters: [
                    identify(.visibleIndicator),
                    ClusterTemplate(.temperatureMeasurement, overrides: [0x0000: .signed(500)]),
                ]),
        ])

    /// A battery detector whose Boolean State is true while it detects (water, freezing, rain); it starts dry.
    static func detector(key: String, title: String, type: DeviceTypeRef, product: String) -> DeviceTemplate {
        DeviceTemplate(
            key: key, title: title, deviceType: type, productName: "mhub \(product) Sensor", category: "Alarms",
            clusters: [
                identify(.audibleBeep), ClusterTemplate(.booleanState, overrides: [0x0000: .bool(false)]), battery(),
            ],
            utilityTypes: [.powerSource])
    }

    /// The product ID new devices of `template` get: 0x8001 to 0x800A for the first ten in their order (and 0x800B for
    /// a bridge, `bridgeProductID`), as they always had; every later template 0x8000 plus its device type ID (0x810D
    /// for the Extended Color Light; 0x1000 more for each earlier template of the same device type), so adding a template
    /// renumbers none.
    public static func productID(of template: DeviceTemplate) -> UInt16 {
        if let index = original.firstIndex(where: { $0.key == template.key }) { return UInt16(0x8001 + index) }
        // A second template of one device type (the latching generic switch) adds 0x1000.
        let earlier = (catalogue + partTwo).prefix { $0.key != template.key }.count {
            $0.deviceType.id == template.deviceType.id
        }
        return UInt16(truncatingIfNeeded: 0x8000 | template.deviceType.id) &+ UInt16(0x1000 * earlier)
    }

    /// A bridge's product ID.
    public static let bridgeProductID: UInt16 = 0x800B

    private static let byKey = Dictionary(uniqueKeysWithValues: all.map { ($0.key, $0) })

    /// The template called `key`.
    public static func named(_ key: String) -> DeviceTemplate? {
        byKey[key]
    }
}

/// Identify's IdentifyTypeEnum (CHIP SDK `data_model/1.4/clusters/Identify.xml`).
enum IdentifyType: UInt64 {
    case lightOutput = 1
    case visibleIndicator = 2
    case audibleBeep = 3
    case display = 4
    case actuator = 5
}

/// An Identify server announcing `type`.
func identify(_ type: IdentifyType) -> ClusterTemplate {
    ClusterTemplate(.identify, overrides: [0x0001: .unsigned(type.rawValue)])
}

extension DeviceTemplate {
    /// Whether its devices run on a battery (a Power Source beside its device type): on Thread they are sleepy end
    /// devices, not routers.
    public var onBattery: Bool {
        clusters.contains {
            $0.definition.id == ClusterDefinition.batteryPowerSource.id && $0.definition.featureMap & 0x2 != 0
        }
    }

    /// Whether it joins Wi-Fi unless told otherwise: a light or a plug, a mains appliance that meters its power
    /// (Electrical Power Measurement: a heat pump), or a robot (robot vacuums are on Wi-Fi). The others join Thread.
    public var joinsWiFi: Bool {
        category == "Lighting" || category == "Robotic"
            || clusters.contains { $0.definition.id == ClusterDefinition.electricalPowerMeasurement.id }
    }
}

/// A Power Source for a device on batteries: `description` (BatReplacementDescription) times `quantity`.
func battery(_ description: String = "CR2032", quantity: UInt64 = 1) -> ClusterTemplate {
    ClusterTemplate(.batteryPowerSource, overrides: [0x0013: .string(description), 0x0019: .unsigned(quantity)])
}
