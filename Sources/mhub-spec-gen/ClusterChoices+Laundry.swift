import MatterDataModel

extension ClusterChoices {
    /// The laundry washer, laundry dryer and dishwasher: operational state, their mode and control clusters, temperature control and the dishwasher alarm (issue 37).
    static let laundryAndDish: [ClusterChoice] = [
        ClusterChoice(
            name: "operationalState", cluster: "OperationalState",
            optional: ["CountdownTime", "Pause", "Stop", "Start", "Resume"],
            defaults: [
                "PhaseList": .null, "CurrentPhase": .null, "CountdownTime": .null,
                "OperationalStateList": .list((0...3).map { .structure([0: .unsigned($0)]) }),
                "OperationalState": .unsigned(0), "OperationalError": .structure([0: .unsigned(0)]),
            ],
            ranges: ["CurrentPhase": 0...31],
            notes: [
                "An appliance's program, started, paused, resumed and stopped remotely (all four commands, answered with",
                "OperationalCommandResponse), with CountdownTime. It starts Stopped (0) with no error (ErrorStateStruct",
                "{0 ErrorStateID 0 NoError}); OperationalStateList holds the four states of 1.14 as OperationalStateStruct",
                "{0 OperationalStateID}. PhaseList and CurrentPhase are null here: each template gives its phases",
                "(CurrentPhase 0). `OperationalProgram` runs the phases on the hub's clock.",
            ]),
        ClusterChoice(
            name: "laundryWasherMode", cluster: "LaundryWasherMode",
            defaults: [
                "SupportedModes": .list([
                    mode("Normal", 0, tags: [0x4000]), mode("Delicate", 1, tags: [0x4001]),
                    mode("Heavy", 2, tags: [0x4002]), mode("Quick", 3, tags: [0x0001]),
                ]),
                "CurrentMode": .unsigned(0),
            ],
            notes: [
                "A washer's programs: Normal, Delicate, Heavy and Quick, ModeOptionStruct {0 Label, 1 Mode, 2 ModeTags",
                "[ModeTagStruct {1 Value}]} with the Laundry Washer Mode tags (0x4000 Normal, 0x4001 Delicate, 0x4002",
                "Heavy) and Mode Base's Quick (0x0001). Without OnOff (DEPONOFF), StartUpMode and OnMode, which the device",
                "types exclude. Each mode has its program (`OperationalProgram`).",
            ]),
        ClusterChoice(
            name: "laundryDryerMode", cluster: "LaundryWasherMode",
            defaults: [
                "SupportedModes": .list([
                    mode("Normal", 0, tags: [0x4000]), mode("Delicate", 1, tags: [0x4001]),
                    mode("Heavy", 2, tags: [0x4002]),
                ]),
                "CurrentMode": .unsigned(0),
            ],
            notes: [
                "A dryer's programs, in the Laundry Washer Mode cluster the Laundry Dryer device type uses (Device Library",
                "13.6): Normal, Delicate (lower heat, shorter) and Heavy (towels, longer).",
            ]),
        ClusterChoice(
            name: "dishwasherMode", cluster: "DishwasherMode",
            defaults: [
                "SupportedModes": .list([
                    mode("Normal", 0, tags: [0x4000]), mode("Heavy", 1, tags: [0x4001]),
                    mode("Light", 2, tags: [0x4002]), mode("Quick", 3, tags: [0x0001]),
                ]),
                "CurrentMode": .unsigned(0),
            ],
            notes: [
                "A dishwasher's programs: Normal, Heavy (pots), Light (glasses) and Quick, with the Dishwasher Mode tags",
                "(0x4000 Normal, 0x4001 Heavy, 0x4002 Light) and Mode Base's Quick (0x0001).",
            ]),
        ClusterChoice(
            name: "laundryWasherControls", cluster: "LaundryWasherControls", features: ["SPIN", "RINSE"],
            defaults: [
                "SpinSpeeds": .list(["Off", "400", "800", "1200", "1400"].map { .string($0) }),
                "SpinSpeedCurrent": .unsigned(3), "NumberOfRinses": .unsigned(1),
                "SupportedRinses": .list((0...3).map { .unsigned($0) }),
            ],
            ranges: ["SpinSpeedCurrent": 0...4, "NumberOfRinses": 0...3],
            notes: [
                "Five spin speeds (labels in rpm, Off first), SpinSpeedCurrent the index of 1200 rpm; every rinse setting",
                "(0 None, 1 Normal, 2 Extra, 3 Max), Normal chosen. Both writable: an index past SpinSpeeds and a rinse",
                "setting not in SupportedRinses are CONSTRAINT_ERROR.",
            ]),
        ClusterChoice(
            name: "laundryDryerControls", cluster: "LaundryDryerControls",
            defaults: [
                "SupportedDrynessLevels": .list((0...3).map { .unsigned($0) }), "SelectedDrynessLevel": .unsigned(1),
            ],
            ranges: ["SelectedDrynessLevel": 0...3],
            notes: [
                "Every dryness level (0 Low, 1 Normal, 2 Extra, 3 Max), Normal chosen; writable, a level not supported is",
                "CONSTRAINT_ERROR.",
            ]),
        ClusterChoice(
            name: "temperatureLevelControl", cluster: "TemperatureControl", features: ["TL"],
            defaults: [
                "SupportedTemperatureLevels": .list(
                    ["Cold", "20°C", "30°C", "40°C", "60°C", "90°C"].map { .string($0) }),
                "SelectedTemperatureLevel": .unsigned(3),
            ],
            ranges: ["SelectedTemperatureLevel": 0...31],
            notes: [
                "Temperature levels by name (TemperatureLevel), as washers, dryers and dishwashers offer them and as Home",
                "Assistant shows them (a select; it makes nothing of TemperatureNumber). A washer's levels here, 40°C",
                "chosen; the dryer's and the dishwasher's templates give theirs. SetTemperature picks a level by index.",
            ]),
        ClusterChoice(
            name: "dishwasherAlarm", cluster: "DishwasherAlarm", features: ["RESET"], optional: ["ModifyEnabledAlarms"],
            defaults: [
                "Mask": .unsigned(0x3F), "Latch": .unsigned(0x3B), "State": .unsigned(0), "Supported": .unsigned(0x3F),
            ],
            notes: [
                "Every dishwasher alarm (bits 0 InflowError, 1 DrainError, 2 DoorError, 3 TempTooLow, 4 TempTooHigh, 5",
                "WaterLevelError) supported and enabled; all but the door latch until Reset (the door alarm ends when the",
                "door is closed).",
            ]),
    ]

    /// A Mode Base ModeOptionStruct {0 Label, 1 Mode, 2 ModeTags} with its tags (ModeTagStruct {1 Value}; Application
    /// Cluster Specification 1.10.5.2), for every family's mode clusters.
    static func mode(_ label: String, _ mode: UInt64, tags: [UInt64]) -> AttributeValue {
        .structure([0: .string(label), 1: .unsigned(mode), 2: .list(tags.map { .structure([1: .unsigned($0)]) })])
    }
}
