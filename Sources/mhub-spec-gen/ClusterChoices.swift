import MatterDataModel

/// The server clusters mhub implements, each as a `ClusterChoice`: `mhub-spec-gen clusters` makes
/// `Sources/MatterDataModel/Generated/` from these and the specification's tables (docs/data-model.md).
enum ClusterChoices {
    static let all: [ClusterChoice] =
        root + application + laundryAndDish + kitchen + robotic + energy + media + network

    /// The clusters of a node's root endpoint.
    static let root: [ClusterChoice] = [
        ClusterChoice(
            name: "accessControl", cluster: "AccessControl",
            notes: [
                "Without the Extension or ManagedDevice features. The capacities are the specification's minimums; the",
                "ACL starts empty, as on a node no fabric has commissioned.",
            ]),
        ClusterChoice(
            name: "administratorCommissioning", cluster: "AdministratorCommissioning", features: ["BC"],
            lengths: ["OpenCommissioningWindow.PakePasscodeVerifier": 97],
            notes: [
                "Basic brings OpenBasicCommissioningWindow. WindowStatus 0 is WindowNotOpen, so the admin attributes are",
                "null. The PAKE passcode verifier is 97 octets, w0 and L (CHIP `src/crypto/CHIPCryptoPAL.h`,",
                "`kSpake2p_VerifierSerialized_Length`).",
            ]),
        ClusterChoice(
            name: "basicInformation", cluster: "BasicInformation",
            optional: [
                "ManufacturingDate", "PartNumber", "ProductUrl", "ProductLabel", "SerialNumber", "LocalConfigDisabled",
                "Reachable", "UniqueId",
            ],
            defaults: [
                "DataModelRevision": .unsigned(18), "VendorId": .unsigned(0xFFF1), "ProductId": .unsigned(0x8000),
                "Location": .string("XX"), "HardwareVersionString": .string("0"),
                "SoftwareVersionString": .string("0"), "ManufacturingDate": .string("20240101"),
                "ProductUrl": .string("https://mhub.invalid/"), "Reachable": .bool(true),
                "CapabilityMinima": .structure([0: .unsigned(3), 1: .unsigned(3)]),
                "SpecificationVersion": .unsigned(0x0104_0000), "MaxPathsPerInvoke": .unsigned(1),
            ],
            notes: [
                "As a Matter 1.4 node reports it. DataModelRevision 18 is Matter 1.4's (CHIP pull request #72874,",
                "`binfo_attributes_verification.py`); SpecificationVersion encodes 1.4.0 as 0x01040000. CapabilityMinima",
                "is {0 CaseSessionsPerFabric, 1 SubscriptionsPerFabric}, each at least 3. The identity strings start",
                "empty; nodes built from a template fill them.",
            ]),
        ClusterChoice(
            name: "descriptor", cluster: "Descriptor",
            notes: [
                "Without the TagList feature. DeviceTypeList holds DeviceTypeStructs {0 DeviceType, 1 Revision}; the",
                "lists are empty until a node is built from its structure (`DeviceTemplate.makeNode`).",
            ]),
        ClusterChoice(
            name: "networkCommissioning", cluster: "NetworkCommissioning", features: ["WI"],
            defaults: [
                "ScanMaxTimeSeconds": .unsigned(10), "ConnectMaxTimeSeconds": .unsigned(20),
                "SupportedWiFiBands": .list([.unsigned(0)]),
            ],
            notes: [
                "For a Wi-Fi interface. SupportedWiFiBands lists WiFiBandEnum values (0 is 2.4 GHz). The last-attempt",
                "attributes are null until a connection has been tried.",
            ]),
        ClusterChoice(
            name: "ethernetNetworkCommissioning", cluster: "NetworkCommissioning", features: ["ET"],
            notes: [
                "For an Ethernet interface: no commands and none of the Wi-Fi and Thread attributes. The last attempt's",
                "attributes are null; whoever places it gives Networks its one entry {NetworkID: the interface's name,",
                "Connected}. After the Wi-Fi one, whose revision and FeatureMap `ClusterCatalog` keeps.",
            ]),
        ClusterChoice(
            name: "generalCommissioning", cluster: "GeneralCommissioning",
            defaults: [
                "BasicCommissioningInfo": .structure([0: .unsigned(60), 1: .unsigned(900)]),
                "RegulatoryConfig": .unsigned(2), "LocationCapability": .unsigned(2),
                "SupportsConcurrentConnection": .bool(true),
            ],
            notes: [
                "Without the provisional TermsAndConditions feature. BasicCommissioningInfo is",
                "{0 FailSafeExpiryLengthSeconds, 1 MaxCumulativeFailsafeSeconds}; RegulatoryConfig and LocationCapability",
                "2 is IndoorOutdoor.",
            ]),
        ClusterChoice(
            name: "generalDiagnostics", cluster: "GeneralDiagnostics",
            notes: [
                "Without the DataModelTest feature. UpTime is seconds since boot; NetworkInterfaces starts empty."
            ]),
        ClusterChoice(
            name: "groupKeyManagement", cluster: "GroupKeyManagement",
            defaults: ["MaxGroupKeysPerFabric": .unsigned(3)],
            notes: [
                "Without the provisional CacheAndSync feature. The maps start empty. MaxGroupsPerFabric starts at 0",
                "(no groups); nodes whose application endpoint has a Groups server raise it (`DeviceTemplate.makeNode`).",
            ]),
        ClusterChoice(
            name: "operationalCredentials", cluster: "OperationalCredentials",
            defaults: ["SupportedFabrics": .unsigned(5)],
            notes: [
                "A fresh node has no fabric: the lists are empty and CurrentFabricIndex is 0. SupportedFabrics is the",
                "minimum, 5.",
            ]),
        ClusterChoice(
            name: "otaSoftwareUpdateRequestor", cluster: "OtaSoftwareUpdateRequestor",
            optional: ["AnnounceOtaProvider"],
            defaults: ["UpdatePossible": .bool(true), "UpdateState": .unsigned(1)],
            notes: [
                "UpdateState starts at Idle (1), as a requestor reports once it has started (the specification's",
                "default, Unknown, is the state before that); UpdateStateProgress is null outside a download.",
            ]),
    ]

    /// The clusters of application endpoints.
    static let application: [ClusterChoice] = [
        ClusterChoice(
            name: "identify", cluster: "Identify", optional: ["TriggerEffect"],
            defaults: ["IdentifyType": .unsigned(2)],
            notes: ["IdentifyType is 0 None … 5 Actuator; templates set the one that fits the device."]),
        ClusterChoice(
            name: "groups", cluster: "Groups", features: ["GN"], defaults: ["NameSupport": .unsigned(0x80)],
            notes: ["NameSupport bit 7 mirrors the GroupNames feature."]),
        ClusterChoice(
            name: "binding", cluster: "Binding",
            notes: ["A fabric-scoped list of TargetStruct (1 Node, 2 Group, 3 Endpoint, 4 Cluster, 0xFE FabricIndex)."]),
        ClusterChoice(
            name: "booleanState", cluster: "BooleanState", defaults: ["StateValue": .bool(true)],
            notes: ["For a contact sensor `true` means contact (closed)."]),
        ClusterChoice(
            name: "bridgedDeviceBasicInformation", cluster: "BridgedDeviceBasicInformation",
            optional: [
                "VendorName", "VendorId", "ProductName", "ProductId", "NodeLabel", "HardwareVersion",
                "HardwareVersionString", "SoftwareVersion", "SoftwareVersionString", "ProductLabel", "SerialNumber",
            ],
            defaults: [
                "VendorId": .unsigned(0xFFF1), "ProductId": .unsigned(0x8000), "HardwareVersionString": .string("0"),
                "SoftwareVersionString": .string("0"), "Reachable": .bool(true),
            ],
            notes: [
                "Who a bridged device is, on the first endpoint of each bridged device: Basic Information's attributes a",
                "bridged device has (Core 9.13), without the Bridged ICD Support feature. The values come from the",
                "bridged device (`MatterNode`'s bridge view), not from these defaults.",
            ]),
        ClusterChoice(
            name: "onOff", cluster: "OnOff", features: ["LT"],
            notes: ["Lighting brings GlobalSceneControl, OnTime, OffWaitTime, StartUpOnOff and the effect commands."]),
        ClusterChoice(
            name: "fanControl", cluster: "FanControl", features: ["SPD", "AUT"],
            defaults: [
                "FanModeSequence": .unsigned(2), "SpeedMax": .unsigned(10), "PercentCurrent": .unsigned(0),
                "SpeedCurrent": .unsigned(0),
            ],
            ranges: ["SpeedSetting": 0...10, "SpeedCurrent": 0...10],
            notes: [
                "Ten speeds and Auto, with FanModeSequence 2 (Off, Low, Medium, High, Auto), as ceiling and tower fans",
                "have; it starts off. Writes of FanMode, PercentSetting and SpeedSetting set the others (`FanLogic`).",
            ]),
        ClusterChoice(
            name: "hepaFilterMonitoring", cluster: "HepaFilterMonitoring", features: ["CON", "WRN"],
            optional: ["InPlaceIndicator", "ResetCondition"],
            defaults: [
                "Condition": .unsigned(100), "DegradationDirection": .unsigned(1), "InPlaceIndicator": .bool(true),
            ],
            notes: [
                "A HEPA filter's remaining life in percent (DegradationDirection 1, Down), with a change indication (0",
                "OK, 1 Warning, 2 Critical); ResetCondition is a new filter.",
            ]),
        ClusterChoice(
            name: "activatedCarbonFilterMonitoring", cluster: "ActivatedCarbonFilterMonitoring",
            features: ["CON", "WRN"], optional: ["InPlaceIndicator", "ResetCondition"],
            defaults: [
                "Condition": .unsigned(100), "DegradationDirection": .unsigned(1), "InPlaceIndicator": .bool(true),
            ],
            notes: ["An activated carbon filter, as the HEPA one."]),
        ClusterChoice(
            name: "deadFrontOnOff", cluster: "OnOff", features: ["DF"],
            notes: [
                "DeadFrontBehavior without Lighting, as the Room Air Conditioner device type requires: a power switch."
            ]),
        ClusterChoice(
            name: "smokeCoAlarm", cluster: "SmokeCoAlarm", features: ["SMOKE", "CO"],
            optional: ["DeviceMuted", "ContaminationState", "SmokeSensitivityLevel", "SelfTestRequest"],
            defaults: [
                "ExpressedState": .unsigned(0), "SmokeState": .unsigned(0), "CoState": .unsigned(0),
                "BatteryAlert": .unsigned(0), "DeviceMuted": .unsigned(0), "TestInProgress": .bool(false),
                "HardwareFaultAlert": .bool(false), "EndOfServiceAlert": .unsigned(0),
                "ContaminationState": .unsigned(0),
                "SmokeSensitivityLevel": .unsigned(1),
            ],
            notes: [
                "A smoke and carbon monoxide alarm, all quiet (ExpressedState 0, Normal) at Standard sensitivity. Without",
                "ExpiryDate: Home Assistant 2025.4 reads it as a Unix time without a time zone and fails to add it.",
            ]),
        ClusterChoice(
            name: "valveConfigurationAndControl", cluster: "ValveConfigurationAndControl", optional: ["ValveFault"],
            defaults: ["CurrentState": .unsigned(0), "TargetState": .unsigned(0)],
            notes: [
                "A water valve that opens and closes (no Level, no TimeSync), with an optional duration after which it",
                "closes by itself. TargetState holds the state the valve keeps at rest rather than null: Home Assistant",
                "2025.4 makes no valve of one whose TargetState is null when it first reads it (docs/devices.md).",
            ]),
        ClusterChoice(
            name: "pumpConfigurationAndControl", cluster: "PumpConfigurationAndControl", features: ["SPD"],
            optional: ["Speed"],
            defaults: [
                "MaxPressure": .signed(1000), "MaxSpeed": .unsigned(3000), "MaxFlow": .unsigned(500),
                "MinConstSpeed": .unsigned(1000), "MaxConstSpeed": .unsigned(3000),
                "EffectiveOperationMode": .unsigned(0),
                "EffectiveControlMode": .unsigned(0), "Capacity": .signed(0), "Speed": .unsigned(0),
            ],
            notes: [
                "A circulation pump at constant speed (ConstantSpeed): 1000 to 3000 rpm, at most 100 kPa and 50 m³/h;",
                "Normal operation (0) in ConstantSpeed control (0). Its On/Off server starts and stops it.",
            ]),
        ClusterChoice(
            name: "modeSelect", cluster: "ModeSelect",
            defaults: [
                "Description": .string("Ventilation"), "CurrentMode": .unsigned(0),
                "SupportedModes": .list([
                    .structure([0: .string("Eco"), 1: .unsigned(0), 2: .list([])]),
                    .structure([0: .string("Comfort"), 1: .unsigned(1), 2: .list([])]),
                    .structure([0: .string("Boost"), 1: .unsigned(2), 2: .list([])]),
                ]),
            ],
            notes: [
                "A ventilation unit's three modes, ModeOptionStruct {0 Label, 1 Mode, 2 SemanticTags}, in the",
                "manufacturer's namespace (StandardNamespace null). ChangeToMode picks one of them.",
            ]),
        ClusterChoice(
            name: "plainOnOff", cluster: "OnOff",
            notes: ["On, Off and Toggle only, for an appliance's power (a pump's)."]),
        ClusterChoice(
            name: "momentarySwitch", cluster: "Switch", features: ["MS", "MSR", "MSL", "MSM"],
            defaults: [
                "NumberOfPositions": .unsigned(2), "CurrentPosition": .unsigned(0), "MultiPressMax": .unsigned(3),
            ],
            ranges: ["CurrentPosition": 0...1],
            notes: [
                "A push button: momentary, with release, long press and up to three presses counted (MultiPressMax 3),",
                "as wireless scene buttons have. Position 1 is pressed (`SwitchLogic`).",
            ]),
        ClusterChoice(
            name: "latchingSwitch", cluster: "Switch", features: ["LS"],
            defaults: ["NumberOfPositions": .unsigned(2), "CurrentPosition": .unsigned(0)],
            ranges: ["CurrentPosition": 0...1],
            notes: ["A rocker that stays where it is put: two positions, SwitchLatched on each change."]),
        ClusterChoice(
            name: "levelControl", cluster: "LevelControl", features: ["OO", "LT"],
            optional: [
                "MinLevel", "MaxLevel", "OnOffTransitionTime", "OnTransitionTime", "OffTransitionTime",
                "DefaultMoveRate",
            ],
            defaults: [
                "CurrentLevel": .unsigned(254), "MinLevel": .unsigned(1), "MaxLevel": .unsigned(254),
                "DefaultMoveRate": .unsigned(50),
            ],
            ranges: [
                "CurrentLevel": 1...254, "MinLevel": 1...254, "MaxLevel": 1...254, "OnLevel": 1...254,
                "StartUpCurrentLevel": 0...254,
            ],
            notes: [
                "The 1 to 254 level range is the one the lighting device types require (Device Library 4.2, Dimmable",
                "Light).",
            ]),
        ClusterChoice(
            name: "colorControl", cluster: "ColorControl", features: ["CT"], optional: ["RemainingTime"],
            defaults: [
                "ColorTemperatureMireds": .unsigned(250), "NumberOfPrimaries": .unsigned(0), "ColorMode": .unsigned(2),
                "EnhancedColorMode": .unsigned(2),
                "ColorCapabilities": .unsigned(0x10), "ColorTempPhysicalMinMireds": .unsigned(153),
                "ColorTempPhysicalMaxMireds": .unsigned(500), "CoupleColorTempToLevelMiNMireds": .unsigned(153),
            ],
            ranges: ["ColorTemperatureMireds": 0...65279],
            notes: [
                "ColorCapabilities mirrors the feature (0x10); ColorMode and EnhancedColorMode 2 mean colour",
                "temperature. The physical limits are 153 (6500 K) and 500 (2000 K). RemainingTime is optional in the",
                "cluster but mandatory for Color Temperature Lights (Device Library 4.3).",
            ]),
        ClusterChoice(
            name: "extendedColorControl", cluster: "ColorControl", features: ["HS", "XY", "CT"],
            optional: ["RemainingTime"],
            defaults: [
                "CurrentX": .unsigned(0x616B), "CurrentY": .unsigned(0x607D), "ColorTemperatureMireds": .unsigned(250),
                "NumberOfPrimaries": .unsigned(0), "ColorMode": .unsigned(2), "EnhancedColorMode": .unsigned(2),
                "ColorCapabilities": .unsigned(0x19), "ColorTempPhysicalMinMireds": .unsigned(153),
                "ColorTempPhysicalMaxMireds": .unsigned(500), "CoupleColorTempToLevelMiNMireds": .unsigned(153),
            ],
            ranges: ["ColorTemperatureMireds": 0...65279],
            notes: [
                "Hue and saturation, CIE xy and colour temperature, as Extended Color Lights have (Device Library 4.4;",
                "without EnhancedHue and ColorLoop). ColorCapabilities mirrors the features (0x19). It starts white at",
                "250 mireds in colour temperature mode (2); x and y start at the D65-ish white CHIP's lights report.",
            ]),
        ClusterChoice(
            name: "doorLock", cluster: "DoorLock",
            optional: ["AutoRelockTime", "SoundVolume", "EnableOneTouchLocking", "UnlockWithTimeout"],
            writable: ["AutoRelockTime", "SoundVolume", "OperatingMode"],
            defaults: [
                "LockState": .unsigned(1), "ActuatorEnabled": .bool(true), "SupportedOperatingModes": .unsigned(0xFFF6),
                "EnableOneTouchLocking": .bool(false),
            ],
            ranges: ["SupportedOperatingModes": 0...0xFFFF],
            notes: [
                "No optional features (no PIN, users or schedules). LockType 0 is a dead bolt. In",
                "SupportedOperatingModes a cleared bit means supported, so 0xFFF6 offers Normal and NoRemoteLockUnlock.",
            ]),
        ClusterChoice(
            name: "thermostat", cluster: "Thermostat", features: ["HEAT", "COOL", "AUTO"],
            optional: [
                "AbsMinHeatSetpointLimit", "AbsMaxHeatSetpointLimit", "AbsMinCoolSetpointLimit",
                "AbsMaxCoolSetpointLimit", "MinHeatSetpointLimit", "MaxHeatSetpointLimit", "MinCoolSetpointLimit",
                "MaxCoolSetpointLimit", "ThermostatRunningMode",
            ],
            writable: ["MinSetpointDeadBand"],
            defaults: [
                "LocalTemperature": .signed(2100), "MinSetpointDeadBand": .signed(20),
                "MinHeatSetpointLimit": .signed(700), "MaxHeatSetpointLimit": .signed(3000),
                "MinCoolSetpointLimit": .signed(1600), "MaxCoolSetpointLimit": .signed(3200),
                "ControlSequenceOfOperation": .unsigned(4), "SystemMode": .unsigned(1),
            ],
            ranges: [
                "OccupiedCoolingSetpoint": 1600...3200, "OccupiedHeatingSetpoint": 700...3000,
                "MinHeatSetpointLimit": 700...3000, "MaxHeatSetpointLimit": 700...3000,
                "MinCoolSetpointLimit": 1600...3200, "MaxCoolSetpointLimit": 1600...3200,
                "MinSetpointDeadBand": 0...127,
            ],
            notes: [
                "Temperatures are hundredths of a degree Celsius; the limits are the specification's defaults (heat 7 to",
                "30 °C, cool 16 to 32 °C). MinSetpointDeadBand is tenths of a degree: 2.0 °C keeps MaxHeatSetpointLimit",
                "at most MaxCoolSetpointLimit less the dead band (the default 2.5 °C would not). ControlSequenceOfOperation",
                "4 is CoolingAndHeating; SystemMode 1 is Auto.",
            ]),
        ClusterChoice(
            name: "windowCovering", cluster: "WindowCovering", features: ["LF", "PA_LF"],
            optional: ["CurrentPositionLiftPercentage", "GoToLiftPercentage"],
            defaults: [
                "ConfigStatus": .unsigned(0x09), "CurrentPositionLiftPercentage": .unsigned(0),
                "TargetPositionLiftPercent100ths": .unsigned(0), "CurrentPositionLiftPercent100ths": .unsigned(0),
            ],
            notes: [
                "A position-aware lift (a roller shade), without AbsolutePosition, so no GoToLiftValue. Positions are",
                "0 fully open. ConfigStatus 0x09 is Operational plus LiftPositionAware.",
            ]),
        ClusterChoice(
            name: "occupancySensing", cluster: "OccupancySensing", features: ["PIR"],
            optional: ["HoldTime", "HoldTimeLimits"],
            defaults: [
                "OccupancySensorTypeBitmap": .unsigned(1), "HoldTime": .unsigned(30),
                "HoldTimeLimits": .structure([0: .unsigned(1), 1: .unsigned(3600), 2: .unsigned(30)]),
            ],
            ranges: ["HoldTime": 1...3600],
            notes: [
                "A passive infrared sensor: the deprecated OccupancySensorType (0 PIR) and OccupancySensorTypeBitmap",
                "(bit 0 PIR) are still mandatory. HoldTime, in seconds, stays within HoldTimeLimits.",
            ]),
        ClusterChoice(
            name: "illuminanceMeasurement", cluster: "IlluminanceMeasurement",
            defaults: [
                "MeasuredValue": .unsigned(24772), "MinMeasuredValue": .unsigned(1),
                "MaxMeasuredValue": .unsigned(48001),
            ],
            ranges: ["MeasuredValue": 0...48001],
            notes: [
                "MeasuredValue is 10,000 × log10(lux) + 1: 24772 is 300 lx, an office; the sensor reads 1 lx to about",
                "63,000 lx (48001). 0 means too dark to measure.",
            ]),
        ClusterChoice(
            name: "pressureMeasurement", cluster: "PressureMeasurement",
            defaults: [
                "MeasuredValue": .signed(1013), "MinMeasuredValue": .signed(300), "MaxMeasuredValue": .signed(1100),
            ],
            ranges: ["MeasuredValue": 300...1100],
            notes: ["Tenths of a kilopascal (hectopascals): 101.3 kPa at sea level, a barometer's 30 to 110 kPa."]),
        ClusterChoice(
            name: "flowMeasurement", cluster: "FlowMeasurement",
            defaults: [
                "MeasuredValue": .unsigned(12), "MinMeasuredValue": .unsigned(0), "MaxMeasuredValue": .unsigned(1000),
            ],
            ranges: ["MeasuredValue": 0...1000],
            notes: ["Tenths of a cubic metre per hour: 1.2 m³/h through a pipe meter that reads up to 100 m³/h."]),
        ClusterChoice(
            name: "relativeHumidityMeasurement", cluster: "RelativeHumidityMeasurement",
            defaults: [
                "MeasuredValue": .unsigned(4500), "MinMeasuredValue": .unsigned(0),
                "MaxMeasuredValue": .unsigned(10000),
            ],
            ranges: ["MeasuredValue": 0...10000],
            notes: ["Hundredths of a percent: 45 % of 0 to 100 %."]),
        ClusterChoice(
            name: "airQuality", cluster: "AirQuality", features: ["FAIR", "MOD", "VPOOR", "XPOOR"],
            defaults: ["AirQuality": .unsigned(1)],
            notes: [
                "Every level (Good to ExtremelyPoor), as sensors with a particulate and a CO2 reading have; 1 is Good."
            ]),
        ClusterChoice(
            name: "pm25ConcentrationMeasurement", cluster: "Pm25ConcentrationMeasurement", features: ["MEA"],
            defaults: [
                "MeasuredValue": .float(8), "MinMeasuredValue": .float(0), "MaxMeasuredValue": .float(1000),
                "MeasurementUnit": .unsigned(4),
            ],
            notes: ["A numeric reading in µg/m³ (MeasurementUnit 4) of air (MeasurementMedium 0): 8 µg/m³, clean air."]),
        ClusterChoice(
            name: "pm10ConcentrationMeasurement", cluster: "Pm10ConcentrationMeasurement", features: ["MEA"],
            defaults: [
                "MeasuredValue": .float(12), "MinMeasuredValue": .float(0), "MaxMeasuredValue": .float(1000),
                "MeasurementUnit": .unsigned(4),
            ],
            notes: ["A numeric reading in µg/m³ (MeasurementUnit 4) of air: 12 µg/m³."]),
        ClusterChoice(
            name: "carbonDioxideConcentrationMeasurement", cluster: "CarbonDioxideConcentrationMeasurement",
            features: ["MEA"],
            defaults: [
                "MeasuredValue": .float(600), "MinMeasuredValue": .float(400), "MaxMeasuredValue": .float(5000),
                "MeasurementUnit": .unsigned(0),
            ],
            notes: [
                "A numeric reading in ppm (MeasurementUnit 0) of air: 600 ppm indoors, an NDIR sensor's 400 to 5000."
            ]),
        ClusterChoice(
            name: "totalVolatileOrganicCompoundsConcentrationMeasurement",
            cluster: "TotalVolatileOrganicCompoundsConcentrationMeasurement", features: ["MEA"],
            defaults: [
                "MeasuredValue": .float(0.25), "MinMeasuredValue": .float(0), "MaxMeasuredValue": .float(60),
                "MeasurementUnit": .unsigned(0),
            ],
            notes: ["A numeric reading in ppm (MeasurementUnit 0, the unit Home Assistant shows) of air: 0.25 ppm."]),
        ClusterChoice(
            name: "batteryPowerSource", cluster: "PowerSource", features: ["BAT", "REPLC"],
            optional: ["BatVoltage", "BatPercentRemaining", "BatPresent"],
            defaults: [
                "Status": .unsigned(1), "Description": .string("Battery"), "BatVoltage": .unsigned(3000),
                "BatPercentRemaining": .unsigned(200), "BatReplaceability": .unsigned(2),
                "BatReplacementDescription": .string("CR2032"), "BatQuantity": .unsigned(1), "BatPresent": .bool(true),
            ],
            notes: [
                "A user-replaceable coin cell, full (BatPercentRemaining is in half percents: 200 is 100 %), 3.0 V, Active",
                "(Status 1). BatChargeLevel 0 is OK. `--as-physical` changes run it down.",
            ]),
        ClusterChoice(
            name: "mainsPowerSource", cluster: "PowerSource", features: ["WIRED"],
            optional: ["WiredNominalVoltage"],
            defaults: [
                "Status": .unsigned(1), "Order": .unsigned(0), "Description": .string("Mains"),
                "WiredCurrentType": .unsigned(0), "WiredNominalVoltage": .unsigned(230_000),
            ],
            notes: [
                "Mains power: alternating current (WiredCurrentType 0) at a nominal 230 V (in mV), Active (Status 1), the",
                "device's only source (Order 0).",
            ]),
        ClusterChoice(
            name: "nodePowerTopology", cluster: "PowerTopology", features: ["NODE"],
            notes: ["NodeTopology: the endpoint's measurements are those of the whole node (Core Specification 11.8)."]),
        ClusterChoice(
            name: "electricalPowerMeasurement", cluster: "ElectricalPowerMeasurement", features: ["ALTC"],
            optional: ["Voltage", "ActiveCurrent"],
            defaults: [
                "PowerMode": .unsigned(2), "NumberOfMeasurementTypes": .unsigned(3),
                "Accuracy": .list([
                    accuracy(type: 5, maximum: 5_000_000, percent: 200),
                    accuracy(type: 1, maximum: 300_000, percent: 100),
                    accuracy(type: 2, maximum: 25_000, percent: 200),
                ]),
                "Voltage": .signed(230_000), "ActiveCurrent": .signed(65), "ActivePower": .signed(15_000),
            ],
            notes: [
                "An alternating-current meter (PowerMode 2) of three measurement types, ActivePower 0 to 5 kW (±2 %),",
                "Voltage 0 to 300 V (±1 %) and ActiveCurrent 0 to 25 A (±2 %): MeasurementAccuracyStruct {0 MeasurementType,",
                "1 Measured, 2 MinMeasuredValue, 3 MaxMeasuredValue, 4 AccuracyRanges}. In mW, mV and mA: it starts at",
                "a device's standby, 15 W at 230 V.",
            ]),
        ClusterChoice(
            name: "electricalEnergyMeasurement", cluster: "ElectricalEnergyMeasurement", features: ["IMPE", "CUME"],
            defaults: [
                "Accuracy": accuracy(type: 14, maximum: 100_000_000_000, percent: 100),
                "CumulativeEnergyImported": .structure([0: .signed(0)]),
            ],
            notes: [
                "Energy imported, as a running total (CumulativeEnergyImported, EnergyMeasurementStruct {0 Energy in",
                "mWh}), 0 to 100 MWh (±1 %, MeasurementType 14 ElectricalEnergy). A new meter starts at 0.",
            ]),
        ClusterChoice(
            name: "deviceEnergyManagement", cluster: "DeviceEnergyManagement", features: ["PFR"],
            defaults: [
                "EsaType": .unsigned(1), "EsaCanGenerate": .bool(false), "EsaState": .unsigned(1),
                "AbsMinPower": .signed(0), "AbsMaxPower": .signed(3_000_000), "Forecast": .null,
            ],
            notes: [
                "A space heater's energy smart appliance (EsaType 1 SpaceHeating) that only consumes, Online (EsaState 1),",
                "0 to 3 kW (in mW). It reports forecasts (PowerForecastReporting, which the feature rules ask of an ESA",
                "without PowerAdjustment) and has none yet (Forecast null); it takes no adjustment requests, so no",
                "command: a heat pump that is not a ControllableESA.",
            ]),
        ClusterChoice(
            name: "heatingThermostat", cluster: "Thermostat", features: ["HEAT"],
            optional: [
                "AbsMinHeatSetpointLimit", "AbsMaxHeatSetpointLimit", "MinHeatSetpointLimit", "MaxHeatSetpointLimit",
                "ThermostatRunningState",
            ],
            defaults: [
                "LocalTemperature": .signed(2050), "OccupiedHeatingSetpoint": .signed(2000),
                "MinHeatSetpointLimit": .signed(700), "MaxHeatSetpointLimit": .signed(3000),
                "ControlSequenceOfOperation": .unsigned(2), "SystemMode": .unsigned(4),
                "ThermostatRunningState": .unsigned(0),
            ],
            ranges: [
                "OccupiedHeatingSetpoint": 700...3000, "MinHeatSetpointLimit": 700...3000,
                "MaxHeatSetpointLimit": 700...3000,
            ],
            notes: [
                "Heating only (ControlSequenceOfOperation 2 HeatingOnly, SystemMode 4 Heat): a heat pump's room thermostat,",
                "20.5 °C in the room and 20 °C asked. ThermostatRunningState says whether it heats (bit 0).",
            ]),
        ClusterChoice(
            name: "temperatureMeasurement", cluster: "TemperatureMeasurement", optional: ["Tolerance"],
            defaults: [
                "MeasuredValue": .signed(2100), "MinMeasuredValue": .signed(-4000), "MaxMeasuredValue": .signed(12500),
                "Tolerance": .unsigned(50),
            ],
            ranges: [
                "MeasuredValue": -27315...32767, "MinMeasuredValue": -27315...32766, "MaxMeasuredValue": -27314...32767,
            ],
            notes: ["Hundredths of a degree Celsius; a -40 °C to 125 °C sensor reading 21 °C."]),
    ]
}

extension ClusterChoices {
    /// A MeasurementAccuracyStruct for one measurement type (MeasurementTypeEnum), measured from 0 to `maximum` within
    /// `percent` hundredths of a percent over the whole range: the struct Electrical Power and Electrical Energy
    /// Measurement share (Application Cluster Specification 2.13 and 2.12, their Accuracy attributes).
    static func accuracy(type: UInt64, maximum: Int64, percent: UInt64) -> AttributeValue {
        .structure([
            0: .unsigned(type), 1: .bool(true), 2: .signed(0), 3: .signed(maximum),
            4: .list([.structure([0: .signed(0), 1: .signed(maximum), 2: .unsigned(percent)])]),
        ])
    }
}
