import MatterDataModel

/// Valve Configuration and Control (0x0081), Application Cluster Specification 4.6.7: Open for OpenDuration seconds
/// (the command's, else DefaultOpenDuration, else until closed), RemainingDuration counting down on the hub's clock
/// and the valve closing at zero; Close at any time. The simulated valve moves at once: CurrentState and TargetState
/// are the new state (TargetState stays there at rest, docs/devices.md says why).
extension DeviceLogic {
    static func valve(_ call: Invocation) throws(InteractionError) -> (DeviceEffect, Response?) {
        var effect = DeviceEffect()
        let remaining = call.path(0x0003)
        effect.stopping.append(remaining)
        // ValveStateEnum: 0 Closed, 1 Open.
        let closed: [AttributePath: AttributeValue] = [
            call.path(0x0004): .unsigned(0), call.path(0x0005): .unsigned(0), call.path(0x0000): .null,
            remaining: .null,
        ]
        switch call.command.name {
        case "Open":
            if let level = call.field("targetLevel"), level != 100 {
                throw InteractionError(.constraintError, "this valve opens fully or not at all (no Level feature)")
            }
            let requested = call.fields["openDuration"]
            let seconds: Int64? =
                if let requested, requested != .null { requested.integerValue } else { call.integer(0x0001) }
            if let seconds, seconds < 1 { throw InteractionError(.constraintError, "OpenDuration is at least 1 s") }
            effect.changes.append((call.path(0x0004), .unsigned(1)))
            effect.changes.append((call.path(0x0005), .unsigned(1)))
            effect.changes.append((call.path(0x0000), seconds.map { .unsigned(UInt64($0)) } ?? .null))
            effect.changes.append((remaining, seconds.map { .unsigned(UInt64($0)) } ?? .null))
            if let seconds {
                effect.transitions.append(
                    AttributeTransition(
                        node: call.node.id, path: remaining, from: seconds, to: 0, startAt: call.now,
                        endAt: call.now + seconds * 1000, whenDone: closed))
            }
        case "Close":
            for (path, value) in closed.sorted(by: { $0.key < $1.key }) { effect.changes.append((path, value)) }
        default:
            throw unsupported(call)
        }
        return (effect, nil)
    }
}
