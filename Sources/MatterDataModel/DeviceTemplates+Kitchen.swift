extension DeviceTemplates {
    /// The kitchen appliances: refrigerator and temperature-controlled cabinets, oven and cavities, cooktop and cook surfaces, microwave oven, extractor hood (issue 37).
    static let kitchen: [DeviceTemplate] = [refrigerator, wineCooler, cooktop, extractorHood]

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
