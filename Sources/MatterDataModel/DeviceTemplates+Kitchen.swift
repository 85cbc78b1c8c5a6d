extension DeviceTemplates {
    /// The kitchen appliances: refrigerator and temperature-controlled cabinets, oven and cavities, cooktop and cook surfaces, microwave oven, extractor hood (issue 37).
    static let kitchen: [DeviceTemplate] = [refrigerator, wineCooler, cooktop, extractorHood, oven, microwaveOven]

    /// A fridge-freezer (Device Library 13.2): the Refrigerator on endpoint 1 with its door alarm (Refrigerator Alarm,
    /// DoorOpen), and its two compartments as Temperature Controlled Cabinets (13.4) on endpoints of their own, as its
    /// composition asks (13.2.5): the fridge (endpoint 2, 4 °C of 1 to 8 °C) and the freezer (endpoint 3, −18 °C of −24
    /// to −16 °C), each with its setpoint (Temperature Control), its reading (Temperature Measurement) and its modes
    /// (Refrigerator and TCC Mode, which a cooling cabinet may have, 13.4.4). `TemperatureControlLogic` moves each
    /// reading towards its setpoint on the hub's clock.
    static let refrigerator = DeviceTemplate(
        key: "refrigerator", title: "Refrigerator", deviceType: .refrigerator, productName: "mhub Fridge Freezer",
        category: "Appliances",
        clusters: [identify(.display), ClusterTemplate(.refrigeratorAlarm)],
        parts: [
            PartTemplate(
                role: "refrigerator compartment", deviceType: .temperatureControlledCabinet,
                clusters: [
                    ClusterTemplate(.cabinetTemperatureControl), cabinetReading(400),
                    ClusterTemplate(.refrigeratorMode),
                ]),
            PartTemplate(
                role: "freezer", deviceType: .temperatureControlledCabinet,
                clusters: [
                    ClusterTemplate(
                        .cabinetTemperatureControl,
                        overrides: [0x0000: .signed(-1800), 0x0001: .signed(-2400), 0x0002: .signed(-1600)]),
                    cabinetReading(-1800), ClusterTemplate(.freezerMode),
                ]),
        ])

    /// A wine cooler: a Temperature Controlled Cabinet on its own (Device Library 13.4), 12 °C of 5 to 18 °C.
    static let wineCooler = DeviceTemplate(
        key: "temperature-controlled-cabinet", title: "Temperature Controlled Cabinet",
        deviceType: .temperatureControlledCabinet, productName: "mhub Wine Cooler", category: "Appliances",
        clusters: [
            identify(.display),
            ClusterTemplate(
                .cabinetTemperatureControl,
                overrides: [0x0000: .signed(1200), 0x0001: .signed(500), 0x0002: .signed(1800)]),
            cabinetReading(1200),
        ])

    /// An induction hob (Device Library 13.8): the Cooktop on endpoint 1 with its On/Off (OffOnly, which 13.8 requires:
    /// it is switched on at the hob, off from afar too), and two Cook Surfaces (13.7) as its parts (13.8.5), each with
    /// its own OffOnly On/Off, its heat level (Temperature Control, levels) and the pan's temperature (Temperature
    /// Measurement). Both start off and cold.
    static let cooktop = DeviceTemplate(
        key: "cooktop", title: "Cooktop", deviceType: .cooktop, productName: "mhub Induction Hob",
        category: "Appliances",
        clusters: [identify(.display), ClusterTemplate(.offOnlyOnOff)],
        parts: [cookSurface("front cook surface"), cookSurface("rear cook surface")])

    /// A cooker hood (Device Library 13.10): its three-speed blower (Fan Control) and the activated carbon filter of a
    /// hood that recirculates, whose wear it reports. No HEPA filter: cooker hoods have grease and carbon filters.
    static let extractorHood = DeviceTemplate(
        key: "extractor-hood", title: "Extractor Hood", deviceType: .extractorHood, productName: "mhub Cooker Hood",
        category: "Appliances",
        clusters: [
            identify(.actuator), ClusterTemplate(.extractorHoodFanControl),
            ClusterTemplate(.activatedCarbonFilterMonitoring),
        ])

    /// A built-in oven (Device Library 13.9): the Oven on endpoint 1 and its cavity as a Temperature Controlled
    /// Cabinet that heats (13.4 under its Heater condition, a part as 13.9.5 composes it): Oven Cavity Operational
    /// State (Start and Stop), Oven Mode, its setpoint (Temperature Control, 50 to 250 °C in steps of 5 °C) and its
    /// thermometer (21 °C when cold, up to 300 °C). A cooking is a program on the hub's clock (Pre-heating, then an
    /// hour of Cooking, `OperationalProgram.ovenCavity`), the cavity heating meanwhile (`ApplianceThermal`).
    static let oven = DeviceTemplate(
        key: "oven", title: "Oven", deviceType: .oven, productName: "mhub Oven", category: "Appliances",
        clusters: [identify(.display)],
        parts: [
            PartTemplate(
                role: "oven cavity", deviceType: .temperatureControlledCabinet,
                clusters: [
                    ClusterTemplate(.ovenCavityOperationalState), ClusterTemplate(.ovenMode),
                    ClusterTemplate(.ovenTemperatureControl),
                    ClusterTemplate(
                        .temperatureMeasurement,
                        overrides: [0x0000: .signed(2100), 0x0001: .signed(0), 0x0002: .signed(30000)]),
                ])
        ])

    /// A microwave oven (Device Library 13.11): its cooking as Operational State (one phase, counted down; Pause and
    /// Resume, as a microwave pauses when its door opens), Microwave Oven Mode (Normal, Defrost) and Microwave Oven
    /// Control (cook time and power, SetCookingParameters and AddMoreTime).
    static let microwaveOven = DeviceTemplate(
        key: "microwave-oven", title: "Microwave Oven", deviceType: .microwaveOven, productName: "mhub Microwave",
        category: "Appliances",
        clusters: [
            identify(.display), operationalState(["Cooking"]), ClusterTemplate(.microwaveOvenMode),
            ClusterTemplate(.microwaveOvenControl),
        ])

    /// A compartment's thermometer reading `hundredths` of a degree, from −40 to 125 °C.
    static func cabinetReading(_ hundredths: Int64) -> ClusterTemplate {
        ClusterTemplate(.temperatureMeasurement, overrides: [0x0000: .signed(hundredths)])
    }

    /// One zone of a hob: off, at level Medium, the pan at room temperature (21 °C), read from 0 to 300 °C.
    static func cookSurface(_ role: String) -> PartTemplate {
        PartTemplate(
            role: role, deviceType: .cookSurface,
            clusters: [
                ClusterTemplate(.offOnlyOnOff), ClusterTemplate(.cookSurfaceTemperatureControl),
                ClusterTemplate(
                    .temperatureMeasurement,
                    overrides: [0x0000: .signed(2100), 0x0001: .signed(0), 0x0002: .signed(30000)]),
            ])
    }
}
