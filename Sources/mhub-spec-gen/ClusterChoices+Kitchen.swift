import MatterDataModel

extension ClusterChoices {
    /// The kitchen appliances: refrigerator and temperature-controlled cabinets, oven and cavities, cooktop and cook surfaces, microwave oven, extractor hood (issue 37).
    static let kitchen: [ClusterChoice] = [
        ClusterChoice(
            name: "cabinetTemperatureControl", cluster: "TemperatureControl", features: ["TN", "STEP"],
            defaults: [
                "TemperatureSetpoint": .signed(400), "MinTemperature": .signed(100), "MaxTemperature": .signed(800),
                "Step": .signed(100),
            ],
            ranges: [
                "TemperatureSetpoint": -4000...30000, "MinTemperature": -4000...29999, "MaxTemperature": -3999...30000,
                "Step": 1...32767,
            ],
            notes: [
                "A compartment's setpoint in hundredths of a degree Celsius, set in whole degrees (Step 100): a",
                "refrigerator's 1 to 8 °C, starting at 4 °C. Templates give a freezer or a wine cooler their own limits.",
                "SetTemperature keeps TemperatureSetpoint within MinTemperature and MaxTemperature on a whole step",
                "(`DeviceLogic.temperatureControl`); the ranges here are only what any cabinet could report.",
            ]),
        ClusterChoice(
            name: "cookSurfaceTemperatureControl", cluster: "TemperatureControl", features: ["TL"],
            defaults: [
                "SelectedTemperatureLevel": .unsigned(1),
                "SupportedTemperatureLevels": .list([.string("Low"), .string("Medium"), .string("High")]),
            ],
            notes: [
                "A cook surface's heat as levels (TemperatureLevel), as a hob's control offers them: Low, Medium and High",
                "(SelectedTemperatureLevel is the index, starting at Medium).",
            ]),
        ClusterChoice(
            name: "refrigeratorAlarm", cluster: "RefrigeratorAlarm",
            defaults: ["Mask": .unsigned(1), "State": .unsigned(0), "Supported": .unsigned(1)],
            notes: [
                "The door alarm (bit 0 DoorOpen), supported and enabled. Refrigerator Alarm allows neither Reset nor",
                "ModifyEnabledAlarms (Application Cluster Specification 8.8), so it has no command: the door is the",
                "alarm's only input (`--as-physical`), and each change raises Notify.",
            ]),
        ClusterChoice(
            name: "refrigeratorMode", cluster: "RefrigeratorAndTemperatureControlledCabinetMode",
            defaults: [
                "CurrentMode": .unsigned(0),
                "SupportedModes": .list([
                    cabinetMode("Normal", 0, tags: [0x0000]), cabinetMode("Rapid Cool", 1, tags: [0x4000]),
                    cabinetMode("Vacation", 2, tags: [0x0005, 0x0004]),
                ]),
            ],
            notes: [
                "A fridge compartment's modes: Normal (tag Auto), Rapid Cool (RapidCool) and Vacation (Vacation,",
                "LowEnergy). ModeOptionStruct is {0 Label, 1 Mode, 2 ModeTags}, ModeTagStruct {1 Value}.",
            ]),
        ClusterChoice(
            name: "freezerMode", cluster: "RefrigeratorAndTemperatureControlledCabinetMode",
            defaults: [
                "CurrentMode": .unsigned(0),
                "SupportedModes": .list([
                    cabinetMode("Normal", 0, tags: [0x0000]), cabinetMode("Rapid Freeze", 1, tags: [0x4001]),
                ]),
            ],
            notes: ["A freezer's modes: Normal (tag Auto) and Rapid Freeze (RapidFreeze)."]),
        ClusterChoice(
            name: "offOnlyOnOff", cluster: "OnOff", features: ["OFFONLY"],
            notes: [
                "OffOnly: the appliance is switched on at the appliance itself and only off from afar (Off alone), as",
                "the Cooktop device type requires (Device Library 13.8) and a Cook Surface's On/Off must be.",
            ]),
        ClusterChoice(
            name: "extractorHoodFanControl", cluster: "FanControl", features: ["SPD"],
            defaults: [
                "FanModeSequence": .unsigned(0), "SpeedMax": .unsigned(3), "PercentCurrent": .unsigned(0),
                "SpeedCurrent": .unsigned(0),
            ],
            ranges: ["SpeedSetting": 0...3, "SpeedCurrent": 0...3],
            notes: [
                "A cooker hood's blower: three speeds, FanModeSequence 0 (Off, Low, Medium, High), no Auto; it starts",
                "off. Rocking, Wind and AirflowDirection are not allowed on an Extractor Hood (Device Library 13.10).",
            ]),
        ClusterChoice(
            name: "ovenCavityOperationalState", cluster: "OvenCavityOperationalState",
            optional: ["CountdownTime", "Stop", "Start"],
            defaults: [
                "PhaseList": .list([.string("Pre-heating"), .string("Cooking")]), "CurrentPhase": .null,
                "CountdownTime": .null,
                "OperationalStateList": .list((0...3).map { .structure([0: .unsigned($0)]) }),
                "OperationalState": .unsigned(0), "OperationalError": .structure([0: .unsigned(0)]),
            ],
            notes: [
                "An oven cavity's cooking as a program (`OperationalProgram`): Pre-heating, then Cooking for the",
                "oven's timer; Start and Stop only (a Temperature Controlled Cabinet allows no Pause or Resume, Device",
                "Library 13.4). OperationalStateList is the base's four states: 0 Stopped, 1 Running, 2 Paused, 3 Error.",
            ]),
        ClusterChoice(
            name: "ovenMode", cluster: "OvenMode",
            defaults: [
                "CurrentMode": .unsigned(0),
                "SupportedModes": .list([
                    cabinetMode("Bake", 0, tags: [0x4000]), cabinetMode("Convection", 1, tags: [0x4001]),
                    cabinetMode("Grill", 2, tags: [0x4002]), cabinetMode("Warming", 3, tags: [0x4007]),
                ]),
            ],
            notes: ["An oven's modes: Bake, Convection, Grill and Warming, each with its Oven Mode tag."]),
        ClusterChoice(
            name: "ovenTemperatureControl", cluster: "TemperatureControl", features: ["TN", "STEP"],
            defaults: [
                "TemperatureSetpoint": .signed(18000), "MinTemperature": .signed(5000),
                "MaxTemperature": .signed(25000), "Step": .signed(500),
            ],
            ranges: [
                "TemperatureSetpoint": 5000...25000, "MinTemperature": 5000...24999, "MaxTemperature": 5001...25000,
                "Step": 1...20000,
            ],
            notes: ["An oven cavity's setpoint: 50 to 250 °C in steps of 5 °C, starting at 180 °C."]),
        ClusterChoice(
            name: "microwaveOvenMode", cluster: "MicrowaveOvenMode",
            defaults: [
                "CurrentMode": .unsigned(0),
                "SupportedModes": .list([
                    cabinetMode("Normal", 0, tags: [0x4000]), cabinetMode("Defrost", 1, tags: [0x4001]),
                ]),
            ],
            notes: [
                "Normal and Defrost. The mode has no command of its own: SetCookingParameters' CookMode sets it."
            ]),
        ClusterChoice(
            name: "microwaveOvenControl", cluster: "MicrowaveOvenControl", features: ["PWRNUM", "PWRLMTS"],
            optional: ["AddMoreTime", "WattRating"],
            defaults: [
                "CookTime": .unsigned(30), "MaxCookTime": .unsigned(5400), "PowerSetting": .unsigned(100),
                "MinPower": .unsigned(10), "MaxPower": .unsigned(100), "PowerStep": .unsigned(10),
                "WattRating": .unsigned(900),
            ],
            ranges: ["CookTime": 1...5400, "PowerSetting": 10...100],
            notes: [
                "A 900 W microwave: power as a percentage (10 to 100 % in steps of 10), cook times of 1 s to 90 min,",
                "30 s to start with.",
            ]),
    ]
}

/// A ModeOptionStruct (Application Cluster Specification 1.10.5.2) {0 Label, 1 Mode, 2 ModeTags} with its mode tags
/// (ModeTagStruct {1 Value}).
private func cabinetMode(_ label: String, _ mode: UInt64, tags: [UInt64]) -> AttributeValue {
    .structure([0: .string(label), 1: .unsigned(mode), 2: .list(tags.map { .structure([1: .unsigned($0)]) })])
}
