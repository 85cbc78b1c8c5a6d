import MatterDataModel

extension ClusterChoices {
    /// The energy devices: EVSE, water heater, device energy management, electrical sensor, solar power, battery storage (issue 37).
    static let energy: [ClusterChoice] = [
        ClusterChoice(
            name: "energyEvse", cluster: "EnergyEvse", features: ["PREF"],
            defaults: [
                "State": .unsigned(0), "SupplyState": .unsigned(1), "FaultState": .unsigned(0),
                "ChargingEnabledUntil": .null, "CircuitCapacity": .signed(32_000),
                "MinimumChargeCurrent": .signed(6000), "MaximumChargeCurrent": .signed(32_000),
                "NextChargeStartTime": .null, "NextChargeTargetTime": .null, "NextChargeRequiredEnergy": .null,
                "NextChargeTargetSoC": .null, "SessionId": .null, "SessionDuration": .null,
                "SessionEnergyCharged": .null,
            ],
            notes: [
                "A 7.4 kW wall box on a 32 A single-phase circuit (CircuitCapacity and MaximumChargeCurrent 32 A, in mA),",
                "no car plugged in (State 0 NotPluggedIn), charging enabled with no end (SupplyState 1 ChargingEnabled,",
                "ChargingEnabledUntil null). ChargingPreferences is mandatory in 1.4: SetTargets, GetTargets and",
                "ClearTargets keep the week's charging targets; no SoC, Plug & Charge, RFID or V2X. No session yet",
                "(SessionId null); `EvseLogic` opens one when a car is plugged in.",
            ]),
        ClusterChoice(
            name: "energyEvseMode", cluster: "EnergyEvseMode",
            defaults: [
                "SupportedModes": .list([
                    mode("Manual", 0, tags: [0x4000]),
                    mode("Time of use", 1, tags: [0x4001]),
                    mode("Solar", 2, tags: [0x4002]),
                ]),
                "CurrentMode": .unsigned(0),
            ],
            notes: [
                "Three modes, ModeOptionStruct {0 Label, 1 Mode, 2 ModeTags [{1 Value}]}, tagged Manual (0x4000), TimeOfUse",
                "(0x4001) and SolarCharging (0x4002) (Application Cluster Specification 9.4.7.1); Manual, which the",
                "specification asks every EVSE to have, first and current.",
            ]),
        ClusterChoice(
            name: "controllableDeviceEnergyManagement", cluster: "DeviceEnergyManagement", features: ["PA", "PFR"],
            defaults: [
                "EsaType": .unsigned(0xFF), "EsaCanGenerate": .bool(false), "EsaState": .unsigned(1),
                "AbsMinPower": .signed(0), "AbsMaxPower": .signed(3_000_000),
                "PowerAdjustmentCapability": powerAdjustCapability(min: 0, max: 3_000_000),
                "Forecast": .null, "OptOutState": .unsigned(0),
            ],
            notes: [
                "A controllable energy smart appliance (PowerAdjustment: it takes PowerAdjustRequest and",
                "CancelPowerAdjustRequest) that also reports its power forecast (none yet: Forecast null). EsaType 0xFF",
                "Other, Online (EsaState 1), 0 to 3 kW (in mW); PowerAdjustmentCapability {0 PowerAdjustCapability",
                "[{0 MinPower, 1 MaxPower, 2 MinDuration, 3 MaxDuration}], 1 Cause 0 NoAdjustment}: any power in its range",
                "for 1 minute to 1 day. No opt-out (OptOutState 0). Templates override the type and the range.",
            ]),
        ClusterChoice(
            name: "deviceEnergyManagementMode", cluster: "DeviceEnergyManagementMode",
            defaults: [
                "SupportedModes": .list([
                    mode("No optimization", 0, tags: [0x4000]),
                    mode("Device optimization", 1, tags: [0x4001]),
                    mode("Local and grid optimization", 2, tags: [0x4002, 0x4003]),
                ]),
                "CurrentMode": .unsigned(2),
            ],
            notes: [
                "Whom the appliance lets adjust it, ModeTags NoOptimization (0x4000), DeviceOptimization (0x4001),",
                "LocalOptimization (0x4002) and GridOptimization (0x4003) (Application Cluster Specification 9.8.7.1):",
                "it starts letting both the home's and the grid's managers adjust it (OptOutState 0 NoOptOut follows).",
            ]),
        ClusterChoice(
            name: "waterHeaterManagement", cluster: "WaterHeaterManagement", features: ["EM", "TP"],
            defaults: [
                "HeaterTypes": .unsigned(0x01), "HeatDemand": .unsigned(0), "TankVolume": .unsigned(200),
                "EstimatedHeatRequired": .signed(0), "TankPercentage": .unsigned(100), "BoostState": .unsigned(0),
            ],
            notes: [
                "A 200 l hot-water cylinder with one immersion element (HeaterTypes bit 0), full of hot water",
                "(TankPercentage 100, EstimatedHeatRequired 0 mWh) and not heating (HeatDemand 0); no boost (BoostState 0",
                "Inactive). `WaterHeaterLogic` runs Boost and CancelBoost.",
            ]),
        ClusterChoice(
            name: "waterHeaterMode", cluster: "WaterHeaterMode",
            defaults: [
                "SupportedModes": .list([
                    mode("Off", 0, tags: [0x4000]),
                    mode("Manual", 1, tags: [0x4001]),
                    mode("Timed", 2, tags: [0x4002]),
                ]),
                "CurrentMode": .unsigned(1),
            ],
            notes: [
                "Off (0x4000), Manual (0x4001) and Timed (0x4002) (Application Cluster Specification 9.6.7.1): it starts",
                "in Manual, keeping the tank at its setpoint.",
            ]),
        ClusterChoice(
            name: "waterHeaterThermostat", cluster: "Thermostat", features: ["HEAT"],
            optional: [
                "AbsMinHeatSetpointLimit", "AbsMaxHeatSetpointLimit", "MinHeatSetpointLimit", "MaxHeatSetpointLimit",
                "ThermostatRunningState",
            ],
            defaults: [
                "LocalTemperature": .signed(5500), "OccupiedHeatingSetpoint": .signed(5500),
                "AbsMinHeatSetpointLimit": .signed(3000), "AbsMaxHeatSetpointLimit": .signed(7500),
                "MinHeatSetpointLimit": .signed(3000), "MaxHeatSetpointLimit": .signed(7500),
                "ControlSequenceOfOperation": .unsigned(2), "SystemMode": .unsigned(4),
                "ThermostatRunningState": .unsigned(0),
            ],
            ranges: [
                "OccupiedHeatingSetpoint": 3000...7500, "MinHeatSetpointLimit": 3000...7500,
                "MaxHeatSetpointLimit": 3000...7500, "AbsMinHeatSetpointLimit": 3000...7500,
                "AbsMaxHeatSetpointLimit": 3000...7500,
            ],
            notes: [
                "A hot-water tank's thermostat: heating only (ControlSequenceOfOperation 2, SystemMode 4 Heat), the water",
                "at 55 °C and 55 °C asked, set from 30 to 75 °C (hundredths of a degree).",
            ]),
        ClusterChoice(
            name: "bidirectionalPowerMeasurement", cluster: "ElectricalPowerMeasurement", features: ["ALTC"],
            optional: ["Voltage", "ActiveCurrent"],
            defaults: [
                "PowerMode": .unsigned(2), "NumberOfMeasurementTypes": .unsigned(3),
                "Accuracy": .list([
                    accuracy(type: 5, minimum: -10_000_000, maximum: 10_000_000, percent: 100),
                    accuracy(type: 1, minimum: 0, maximum: 300_000, percent: 100),
                    accuracy(type: 2, minimum: -45_000, maximum: 45_000, percent: 100),
                ]),
                "Voltage": .signed(230_000), "ActiveCurrent": .signed(0), "ActivePower": .signed(0),
            ],
            notes: [
                "An alternating-current meter (PowerMode 2) that measures both ways: ActivePower −10 to 10 kW, Voltage 0 to",
                "300 V, ActiveCurrent −45 to 45 A, each ±1 %. Power and current are negative while the device exports",
                "(Application Cluster Specification 2.13.6: positive is imported). It starts idle at 230 V.",
            ]),
        ClusterChoice(
            name: "bidirectionalEnergyMeasurement", cluster: "ElectricalEnergyMeasurement",
            features: ["IMPE", "EXPE", "CUME"],
            defaults: [
                "Accuracy": accuracy(type: 14, maximum: 100_000_000_000, percent: 100),
                "CumulativeEnergyImported": .structure([0: .signed(0)]),
                "CumulativeEnergyExported": .structure([0: .signed(0)]),
            ],
            notes: [
                "Energy imported and exported as running totals (EnergyMeasurementStruct {0 Energy in mWh}), 0 to 100 MWh",
                "(±1 %): a solar inverter's or a home battery's meter. `EnergyMeter` counts both on the hub's clock.",
            ]),
        ClusterChoice(
            name: "rechargeablePowerSource", cluster: "PowerSource", features: ["BAT", "RECHG"],
            optional: ["BatVoltage", "BatPercentRemaining", "BatPresent", "BatCapacity"],
            defaults: [
                "Status": .unsigned(1), "Order": .unsigned(0), "Description": .string("Battery"),
                "BatVoltage": .unsigned(51_200), "BatPercentRemaining": .unsigned(100), "BatChargeLevel": .unsigned(0),
                "BatReplacementNeeded": .bool(false), "BatReplaceability": .unsigned(3), "BatPresent": .bool(true),
                "BatCapacity": .unsigned(200_000), "BatChargeState": .unsigned(3),
                "BatFunctionalWhileCharging": .bool(true),
            ],
            notes: [
                "A home battery's cells: a 51.2 V lithium iron phosphate pack of 200 Ah (BatCapacity in mAh: about 10 kWh),",
                "half full (BatPercentRemaining 100 of 200, half percents), replaced only by the installer",
                "(BatReplaceability 3 FactoryReplaceable), neither charging nor discharging (BatChargeState 3",
                "IsNotCharging). `BatteryStorageLogic` makes BatChargeState follow the power.",
            ]),
    ]

    /// Device Energy Management's PowerAdjustCapabilityStruct with one PowerAdjustStruct: any power from `min` to
    /// `max` mW for 1 minute to a day, and Cause 0 NoAdjustment (Application Cluster Specification 9.2.5).
    static func powerAdjustCapability(min: Int64, max: Int64) -> AttributeValue {
        .structure([
            0: .list([.structure([0: .signed(min), 1: .signed(max), 2: .unsigned(60), 3: .unsigned(86_400)])]),
            1: .unsigned(0),
        ])
    }

    /// A MeasurementAccuracyStruct from `minimum` to `maximum`, for a meter that measures both ways.
    static func accuracy(type: UInt64, minimum: Int64, maximum: Int64, percent: UInt64) -> AttributeValue {
        .structure([
            0: .unsigned(type), 1: .bool(true), 2: .signed(minimum), 3: .signed(maximum),
            4: .list([.structure([0: .signed(minimum), 1: .signed(maximum), 2: .unsigned(percent)])]),
        ])
    }
}
