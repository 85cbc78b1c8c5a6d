/// The device types mhub's templates use, with their Matter 1.4 revisions.
///
/// Source: CHIP SDK `data_model/1.4/device_types/*.xml` (On/Off Plug-in Unit from
/// `data_model/1.4.1/device_types/OnOffPlug-inUnit.xml`) and `device_type_ids.json` for the IDs; the later ones from
/// MatterSpecification's tables (Device Library 1.4), which `DeviceTemplateConformanceTests` checks them against.
extension DeviceTypeRef {
    public static let rootNode = DeviceTypeRef(id: 0x0016, revision: 3)
    /// OTA Requestor (0x0012), a utility device type beside Root Node on endpoint 0 of a device that can be updated.
    public static let otaRequestor = DeviceTypeRef(id: 0x0012, revision: 1)
    public static let onOffLight = DeviceTypeRef(id: 0x0100, revision: 3)
    public static let dimmableLight = DeviceTypeRef(id: 0x0101, revision: 3)
    public static let colorTemperatureLight = DeviceTypeRef(id: 0x010C, revision: 4)
    public static let onOffPlugInUnit = DeviceTypeRef(id: 0x010A, revision: 3)
    public static let contactSensor = DeviceTypeRef(id: 0x0015, revision: 2)
    public static let temperatureSensor = DeviceTypeRef(id: 0x0302, revision: 2)
    public static let occupancySensor = DeviceTypeRef(id: 0x0107, revision: 4)
    public static let doorLock = DeviceTypeRef(id: 0x000A, revision: 3)
    public static let thermostat = DeviceTypeRef(id: 0x0301, revision: 4)
    public static let windowCovering = DeviceTypeRef(id: 0x0202, revision: 3)
    public static let extendedColorLight = DeviceTypeRef(id: 0x010D, revision: 4)
    public static let dimmablePlugInUnit = DeviceTypeRef(id: 0x010B, revision: 4)
    public static let mountedOnOffControl = DeviceTypeRef(id: 0x010F, revision: 1)
    public static let mountedDimmableLoadControl = DeviceTypeRef(id: 0x0110, revision: 1)
    public static let lightSensor = DeviceTypeRef(id: 0x0106, revision: 3)
    public static let pressureSensor = DeviceTypeRef(id: 0x0305, revision: 2)
    public static let flowSensor = DeviceTypeRef(id: 0x0306, revision: 2)
    public static let humiditySensor = DeviceTypeRef(id: 0x0307, revision: 2)
    public static let airQualitySensor = DeviceTypeRef(id: 0x002C, revision: 1)
    public static let waterLeakDetector = DeviceTypeRef(id: 0x0043, revision: 1)
    public static let waterFreezeDetector = DeviceTypeRef(id: 0x0041, revision: 1)
    public static let rainSensor = DeviceTypeRef(id: 0x0044, revision: 1)
    public static let waterValve = DeviceTypeRef(id: 0x0042, revision: 1)
    public static let pump = DeviceTypeRef(id: 0x0303, revision: 3)
    public static let modeSelect = DeviceTypeRef(id: 0x0027, revision: 1)
    public static let genericSwitch = DeviceTypeRef(id: 0x000F, revision: 3)
    public static let onOffLightSwitch = DeviceTypeRef(id: 0x0103, revision: 3)
    public static let dimmerSwitch = DeviceTypeRef(id: 0x0104, revision: 3)
    public static let colorDimmerSwitch = DeviceTypeRef(id: 0x0105, revision: 3)
    public static let onOffSensor = DeviceTypeRef(id: 0x0850, revision: 3)
    public static let smokeCoAlarm = DeviceTypeRef(id: 0x0076, revision: 1)
    public static let fan = DeviceTypeRef(id: 0x002B, revision: 3)
    public static let airPurifier = DeviceTypeRef(id: 0x002D, revision: 2)
    public static let roomAirConditioner = DeviceTypeRef(id: 0x0072, revision: 2)
    public static let heatPump = DeviceTypeRef(id: 0x0309, revision: 1)
    public static let doorLockController = DeviceTypeRef(id: 0x000B, revision: 3)
    public static let windowCoveringController = DeviceTypeRef(id: 0x0203, revision: 3)
    public static let pumpController = DeviceTypeRef(id: 0x0304, revision: 4)
    public static let controlBridge = DeviceTypeRef(id: 0x0840, revision: 3)
    public static let networkInfrastructureManager = DeviceTypeRef(id: 0x0090, revision: 1)
    public static let laundryWasher = DeviceTypeRef(id: 0x0073, revision: 1)
    public static let laundryDryer = DeviceTypeRef(id: 0x007C, revision: 1)
    public static let dishwasher = DeviceTypeRef(id: 0x0075, revision: 1)
    public static let speaker = DeviceTypeRef(id: 0x0022, revision: 1)
    public static let basicVideoPlayer = DeviceTypeRef(id: 0x0028, revision: 2)
    public static let castingVideoPlayer = DeviceTypeRef(id: 0x0023, revision: 2)
    public static let contentApp = DeviceTypeRef(id: 0x0024, revision: 2)
    public static let castingVideoClient = DeviceTypeRef(id: 0x0029, revision: 2)
    public static let videoRemoteControl = DeviceTypeRef(id: 0x002A, revision: 2)
    // The kitchen appliances (Device Library 13).
    public static let refrigerator = DeviceTypeRef(id: 0x0070, revision: 2)
    public static let temperatureControlledCabinet = DeviceTypeRef(id: 0x0071, revision: 3)
    public static let cookSurface = DeviceTypeRef(id: 0x0077, revision: 1)
    public static let cooktop = DeviceTypeRef(id: 0x0078, revision: 1)
    public static let microwaveOven = DeviceTypeRef(id: 0x0079, revision: 1)
    public static let extractorHood = DeviceTypeRef(id: 0x007A, revision: 1)
    public static let oven = DeviceTypeRef(id: 0x007B, revision: 2)
    public static let roboticVacuumCleaner = DeviceTypeRef(id: 0x0074, revision: 3)
    /// Power Source (0x0011), a utility device type beside the application device type on the endpoint whose Power
    /// Source cluster describes the device's battery or mains supply.
    public static let powerSource = DeviceTypeRef(id: 0x0011, revision: 1)
    /// Electrical Sensor (0x0510), a utility device type on the endpoint that measures a device's power and energy.
    public static let electricalSensor = DeviceTypeRef(id: 0x0510, revision: 1)
    /// Device Energy Management (0x050D), a utility device type on the endpoint of an energy smart appliance.
    public static let deviceEnergyManagement = DeviceTypeRef(id: 0x050D, revision: 2)
}

/// The device types of a bridge (CHIP SDK `data_model/1.4/device_types/Aggregator.xml`, `BridgedNode.xml`; the
/// bridge pattern of `examples/bridge-app/linux/main.cpp`): the Aggregator endpoint whose PartsList holds the bridged
/// endpoints, and Bridged Node beside the device's own type on the first endpoint of each bridged device.
extension DeviceTypeRef {
    public static let aggregator = DeviceTypeRef(id: 0x000E, revision: 2)
    public static let bridgedNode = DeviceTypeRef(id: 0x0013, revision: 3)
}

/// The energy device types of the catalogue's part 2 (Device Library 14), with their Matter 1.4 revisions.
extension DeviceTypeRef {
    public static let energyEvse = DeviceTypeRef(id: 0x050C, revision: 2)
    public static let waterHeater = DeviceTypeRef(id: 0x050F, revision: 1)
    public static let solarPower = DeviceTypeRef(id: 0x0017, revision: 1)
    public static let batteryStorage = DeviceTypeRef(id: 0x0018, revision: 1)
}
