import MatterDataModel

extension ClusterChoices {
    /// The robotic vacuum cleaner: RVC run and clean modes, RVC operational state, service areas (issue 37).
    static let robotic: [ClusterChoice] = [
        ClusterChoice(
            name: "rvcRunMode", cluster: "RvcRunMode",
            defaults: [
                "SupportedModes": .list([mode("Idle", 0, tags: [0x4000]), mode("Cleaning", 1, tags: [0x4001])]),
                "CurrentMode": .unsigned(0),
            ],
            notes: [
                "What the robot is doing: Idle (mode tag 0x4000 Idle) or Cleaning (0x4001 Cleaning), Idle at first.",
                "ChangeToMode to Cleaning is how a controller starts a run (7.2); no Mapping mode (mhub draws no maps).",
            ]),
        ClusterChoice(
            name: "rvcCleanMode", cluster: "RvcCleanMode",
            defaults: [
                "SupportedModes": .list([
                    mode("Vacuum", 0, tags: [0x4001]), mode("Mop", 1, tags: [0x4002]),
                    mode("Vacuum and mop", 2, tags: [0x4001, 0x4002]), mode("Deep clean", 3, tags: [0x4000, 0x4001]),
                ]),
                "CurrentMode": .unsigned(0),
            ],
            notes: [
                "How it cleans: Vacuum (tag 0x4001 Vacuum), Mop (0x4002 Mop), Vacuum and mop (both) and Deep clean",
                "(0x4000 DeepClean with Vacuum), Vacuum at first. It cannot change while cleaning (7.3: CleaningInProgress).",
            ]),
        ClusterChoice(
            name: "rvcOperationalState", cluster: "RvcOperationalState",
            optional: ["CountdownTime", "Pause", "Resume", "GoHome"],
            defaults: [
                "PhaseList": .null, "CurrentPhase": .null, "CountdownTime": .null,
                "OperationalStateList": .list([0, 1, 2, 3, 0x40, 0x41, 0x42].map { .structure([0: .unsigned($0)]) }),
                "OperationalState": .unsigned(0x42), "OperationalError": .structure([0: .unsigned(0)]),
            ],
            ranges: ["CurrentPhase": 0...31],
            notes: [
                "The robot's run: Pause, Resume and GoHome (Start and Stop are not RVC commands: a run starts with RVC",
                "Run Mode's ChangeToMode), with CountdownTime. OperationalStateList holds the base's four states and",
                "RVC's SeekingCharger (0x40), Charging (0x41) and Docked (0x42); it starts Docked with no error. No",
                "phases (PhaseList and CurrentPhase null): a run goes through Service Area's rooms (`OperationalProgram`).",
            ]),
        ClusterChoice(
            name: "serviceArea", cluster: "ServiceArea", features: ["PROG"], optional: ["CurrentArea", "SkipArea"],
            defaults: [
                "SupportedAreas": .list([]), "SelectedAreas": .list([]), "CurrentArea": .null, "Progress": .list([]),
            ],
            notes: [
                "The rooms the robot cleans (1.17), with ProgressReporting (each selected room Pending, Operating,",
                "Skipped or Completed) and SkipArea; no Maps (MapId null), no SelectWhileRunning (SelectAreas while a",
                "run is under way is InvalidInMode). The template gives SupportedAreas; SelectedAreas empty cleans them all.",
            ]),
        ClusterChoice(
            name: "robotBatteryPowerSource", cluster: "PowerSource", features: ["BAT", "RECHG"],
            optional: ["BatPercentRemaining", "BatPresent"],
            defaults: [
                "Status": .unsigned(1), "Order": .unsigned(0), "Description": .string("Battery"),
                "BatPercentRemaining": .unsigned(200), "BatChargeLevel": .unsigned(0),
                "BatReplacementNeeded": .bool(false), "BatReplaceability": .unsigned(3), "BatPresent": .bool(true),
                "BatChargeState": .unsigned(2), "BatFunctionalWhileCharging": .bool(true),
            ],
            notes: [
                "A rechargeable battery built in (BatReplaceability 3, factory replaceable), full (BatPercentRemaining in",
                "half percents: 200 is 100 %, BatChargeState 2 IsAtFullCharge), Active. A robot's: it drains while the",
                "robot cleans and charges on its dock (IsCharging), and the robot answers while it charges.",
            ]),
    ]
}
