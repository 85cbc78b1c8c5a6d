import MatterDataModel

/// The kitchen's programs (`OperationalProgram.book`): an oven cavity's cooking and a microwave's.
extension OperationalProgram {
    /// How long an oven cooks once it has pre-heated: its timer's hour. The specification gives an oven cavity's
    /// operation no length; an oven's cook timer is what ends one by itself.
    static let ovenTimer: Int64 = 60 * minute

    /// An oven cavity (a heating Temperature Controlled Cabinet, Device Library 13.4 and 13.9): Pre-heating for as long
    /// as the cavity takes to reach its setpoint from where it is (`ApplianceThermal.ovenHeatingPace`; none when it is
    /// there already), then Cooking for the timer.
    static func ovenCavity(_ settings: Settings) -> OperationalProgram {
        let setpoint = settings.integer(0x0056, 0x0000) ?? ApplianceThermal.roomTemperature
        let reading = settings.integer(0x0402, 0x0000) ?? ApplianceThermal.roomTemperature
        return OperationalProgram(phases: [max(0, setpoint - reading) * ApplianceThermal.ovenHeatingPace, ovenTimer])
    }

    /// A microwave's cooking (Device Library 13.11): one phase, Microwave Oven Control's CookTime (in seconds).
    static func microwaveOven(_ settings: Settings) -> OperationalProgram {
        OperationalProgram(phases: [(settings.integer(0x005F, 0x0000) ?? DeviceLogic.defaultCookTime) * 1000])
    }
}

extension Hub {
    /// An oven cavity heats while it cooks and cools when the cooking ends (stopped, switched off or its timer done),
    /// on the hub's clock (`ApplianceThermal`): what a program change on Oven Cavity Operational State (0x0048) does
    /// to the cavity's reading.
    mutating func heatCavity(_ change: ProgramChange, of node: Node, now: Timestamp) {
        guard change.cluster == 0x0048 else { return }
        var effect = DeviceEffect()
        let thermal = ApplianceThermal(node: node, endpoint: change.endpoint, now: now)
        switch change.control {
        case .start: thermal.cavityHeats(true, &effect)
        case .end: thermal.cavityHeats(false, &effect)
        case .hold, .release, .extend, .skip: return
        }
        for path in effect.stopping { devices.transitions[.init(node: node.id, path: path)] = nil }
        for transition in effect.transitions {
            devices.transitions[.init(node: node.id, path: transition.path)] = transition
        }
    }
}
