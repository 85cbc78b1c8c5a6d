import MatterDataModel

/// The programs the appliances run, chosen when they start: by the endpoint's device type, its mode (the mode
/// cluster's CurrentMode, which cannot change while a program runs: `DeviceLogic.modeRefusal`) and its settings.
/// The phases are in the order of the template's PhaseList; the durations are a real machine's, in minutes.
extension OperationalProgram {
    /// What a program is chosen from: the endpoint's attributes.
    struct Settings {
        let node: NodeData
        let endpoint: EndpointID

        func integer(_ cluster: ClusterID, _ attribute: AttributeID) -> Int64? {
            node[AttributePath(endpoint: endpoint, cluster: cluster, attribute: attribute)]?.integerValue
        }
    }

    /// The program the appliance on `endpoint` runs if it starts now; nil for a device type without programs.
    static func chosen(in node: NodeData, endpoint: EndpointID) -> OperationalProgram? {
        let types = node[AttributePath(endpoint: endpoint, cluster: 0x001D, attribute: 0x0000)]
        guard case .list(let entries)? = types else { return nil }
        let settings = Settings(node: node, endpoint: endpoint)
        for case .structure(let entry) in entries {
            if let id = entry[0]?.integerValue, let make = book[UInt32(id)] { return make(settings) }
        }
        return nil
    }

    /// The programs by device type ID.
    static let book: [UInt32: @Sendable (Settings) -> OperationalProgram] = [
        0x0073: laundryWasher, 0x007C: laundryDryer, 0x0075: dishwasher,
        0x0071: ovenCavity, 0x0079: microwaveOven, 0x0074: roboticVacuumCleaner,
    ]

    static let minute: Int64 = 60_000

    static func minutes(_ phases: [Double]) -> OperationalProgram {
        OperationalProgram(phases: phases.map { Int64(($0 * Double(minute)).rounded()) })
    }

    /// Pre-wash, Wash, Rinse, Spin, by Laundry Washer Mode (0 Normal, 1 Delicate, 2 Heavy, 3 Quick); the rinse
    /// lasts as NumberOfRinses says (0 None skips it, 2 Extra is half as long again, 3 Max twice as long) and a spin
    /// speed of Off (SpinSpeedCurrent 0) skips the spin (Laundry Washer Controls, 8.6).
    static func laundryWasher(_ settings: Settings) -> OperationalProgram {
        var phases: [Double] =
            switch settings.integer(0x0051, 0x0001) ?? 0 {
            case 1: [0, 30, 20, 5]
            case 2: [15, 60, 25, 15]
            case 3: [0, 15, 10, 5]
            default: [10, 40, 20, 15]
            }
        let rinses: [Int64: Double] = [0: 0, 1: 1, 2: 1.5, 3: 2]
        phases[2] *= rinses[settings.integer(0x0053, 0x0002) ?? 1] ?? 1
        if settings.integer(0x0053, 0x0001) == 0 { phases[3] = 0 }
        return minutes(phases)
    }

    /// Drying, Cooling, by the dryer's Laundry Washer Mode (0 Normal, 1 Delicate, 2 Heavy); the drying lasts as the
    /// dryness level asks (Laundry Dryer Controls 8.9: 0 Low three quarters, 1 Normal, 2 Extra a quarter more,
    /// 3 Max half as long again).
    static func laundryDryer(_ settings: Settings) -> OperationalProgram {
        var phases: [Double] =
            switch settings.integer(0x0051, 0x0001) ?? 0 {
            case 1: [40, 10]
            case 2: [90, 10]
            default: [60, 10]
            }
        let dryness: [Int64: Double] = [0: 0.75, 1: 1, 2: 1.25, 3: 1.5]
        phases[0] *= dryness[settings.integer(0x004A, 0x0001) ?? 1] ?? 1
        return minutes(phases)
    }

    /// Pre-wash, Main wash, Rinse, Drying, by Dishwasher Mode (0 Normal, 1 Heavy, 2 Light, 3 Quick).
    static func dishwasher(_ settings: Settings) -> OperationalProgram {
        switch settings.integer(0x0059, 0x0001) ?? 0 {
        case 1: minutes([15, 60, 25, 30])
        case 2: minutes([5, 30, 15, 20])
        case 3: minutes([0, 20, 10, 0])
        default: minutes([10, 40, 20, 30])
        }
    }
}
