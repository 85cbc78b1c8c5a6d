extension DeviceTemplates {
    /// The laundry washer, laundry dryer and dishwasher: operational state, their mode and control clusters, temperature control and the dishwasher alarm (issue 37).
    static let laundryAndDish: [DeviceTemplate] = [laundryWasher, laundryDryer, dishwasher]

    /// A front-loading washing machine (Device Library 13.1): its program (Operational State, mandatory) with the
    /// optional clusters a connected washer has: its power button (On/Off with DeadFrontBehavior, as 13.1 requires of
    /// an On/Off), its programs (Laundry Washer Mode), spin speed and rinses (Laundry Washer Controls) and wash
    /// temperature (Temperature Control by level); mains powered (Power Source, with its utility device type).
    static let laundryWasher = DeviceTemplate(
        key: "laundry-washer", title: "Laundry Washer", deviceType: .laundryWasher, productName: "mhub Washer",
        category: "Appliances",
        clusters: [
            identify(.display), ClusterTemplate(.deadFrontOnOff, overrides: [0x0000: .bool(true)]),
            ClusterTemplate(.laundryWasherMode), ClusterTemplate(.laundryWasherControls),
            ClusterTemplate(.temperatureLevelControl), operationalState(["Pre-wash", "Wash", "Rinse", "Spin"]),
            ClusterTemplate(.mainsPowerSource),
        ],
        utilityTypes: [.powerSource])

    /// A tumble dryer (Device Library 13.6): as the washer, with its programs in Laundry Washer Mode (the mode cluster
    /// 13.6 names), the dryness level (Laundry Dryer Controls) and its heat as a temperature level.
    static let laundryDryer = DeviceTemplate(
        key: "laundry-dryer", title: "Laundry Dryer", deviceType: .laundryDryer, productName: "mhub Dryer",
        category: "Appliances",
        clusters: [
            identify(.display), ClusterTemplate(.deadFrontOnOff, overrides: [0x0000: .bool(true)]),
            ClusterTemplate(.laundryDryerMode), ClusterTemplate(.laundryDryerControls),
            ClusterTemplate(
                .temperatureLevelControl,
                overrides: [0x0004: .unsigned(1), 0x0005: .list(["Low", "Medium", "High"].map { .string($0) })]),
            operationalState(["Drying", "Cooling"]), ClusterTemplate(.mainsPowerSource),
        ],
        utilityTypes: [.powerSource])

    /// A dishwasher (Device Library 13.5): its program, power button, programs (Dishwasher Mode), wash temperature by
    /// level and its alarms (Dishwasher Alarm: water in and out, the door, temperature, water level).
    static let dishwasher = DeviceTemplate(
        key: "dishwasher", title: "Dishwasher", deviceType: .dishwasher, productName: "mhub Dishwasher",
        category: "Appliances",
        clusters: [
            identify(.display), ClusterTemplate(.deadFrontOnOff, overrides: [0x0000: .bool(true)]),
            ClusterTemplate(.dishwasherMode),
            ClusterTemplate(
                .temperatureLevelControl,
                overrides: [0x0004: .unsigned(1), 0x0005: .list(["45°C", "55°C", "65°C", "70°C"].map { .string($0) })]),
            ClusterTemplate(.dishwasherAlarm), operationalState(["Pre-wash", "Main wash", "Rinse", "Drying"]),
            ClusterTemplate(.mainsPowerSource),
        ],
        utilityTypes: [.powerSource])

    /// Operational State with an appliance's phases, stopped at the first (`OperationalProgram` gives each phase its
    /// time).
    static func operationalState(_ phases: [String]) -> ClusterTemplate {
        ClusterTemplate(
            .operationalState, overrides: [0x0000: .list(phases.map { .string($0) }), 0x0001: .unsigned(0)])
    }
}
