/// The actions a scenario's timeline step may take (docs/scenarios.md): a step names one of them as its key, and
/// each runs the command of the same name, or `set_fault` for the three that are faults by another name.
public enum ScenarioTimelineAction: String, CaseIterable, Hashable, Sendable {
    case setAttribute = "set_attribute"
    case pressButton = "press_button"
    case deviceCommand = "device_command"
    case setFault = "set_fault"
    case clearFaults = "clear_faults"
    case unreachable
    case reachable
    case failNextCommissioning = "fail_next_commissioning"
    case setBehavior = "set_behavior"
}
