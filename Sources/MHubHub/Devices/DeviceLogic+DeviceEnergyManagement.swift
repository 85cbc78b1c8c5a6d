import MatterDataModel

/// Device Energy Management's PowerAdjustment commands (Application Cluster Specification 9.2.8.1–2): a home energy
/// manager asks the appliance to run at another power for a while, and may cancel it.
///
/// PowerAdjustRequest takes a power and a duration within one of PowerAdjustmentCapability's PowerAdjustStructs
/// (else CONSTRAINT_ERROR) and a Cause, and is refused (FAILURE) while the user has opted out of that cause
/// (OptOutState, 9.2.6.8). It sets ESAState to PowerAdjustActive and the capability's Cause to the adjustment's reason,
/// raises PowerAdjustStart, and runs the device at the power asked: an EV charger by lowering MaximumChargeCurrent to
/// that power at its voltage (the car then draws less), the others by drawing or giving that power (a solar inverter
/// curtails its export to it). At the end of the duration, or at CancelPowerAdjustRequest (INVALID_IN_STATE without an
/// adjustment), everything goes back and PowerAdjustEnd says why (CauseEnum 0 NormalCompletion, 4 Cancelled), how
/// long, and the energy the adjustment allowed (the power asked, if drawn, over that time).
extension DeviceLogic {
    static func deviceEnergyManagement(_ call: Invocation) throws(InteractionError) -> (DeviceEffect, Response?) {
        let state = call.path(0x0002)
        let adjusting = call.transitions[.init(node: call.node.id, path: state)]
        var effect = DeviceEffect()
        switch call.command.name {
        case "PowerAdjustRequest":
            let power = call.field("power") ?? 0
            let duration = call.field("duration") ?? 0
            let cause = call.field("cause") ?? 0
            guard case .structure(let capability)? = call.value(0x0005), case .list(let ranges)? = capability[0],
                ranges.contains(where: {
                    guard case .structure(let range) = $0 else { return false }
                    let (low, high) = (range[0]?.integerValue ?? 0, range[1]?.integerValue ?? 0)
                    let (shortest, longest) = (range[2]?.integerValue ?? 0, range[3]?.integerValue ?? 0)
                    return low <= power && power <= high && shortest <= duration && duration <= longest
                })
            else {
                throw InteractionError(.constraintError, "power and duration must be within PowerAdjustmentCapability")
            }
            // OptOutStateEnum: 1 LocalOptOut, 2 GridOptOut, 3 OptOut; AdjustmentCauseEnum 0 Local, 1 Grid.
            let optOut = call.integer(0x0007) ?? 0
            guard optOut != 3, optOut != cause + 1 else {
                throw InteractionError(.failure, "the user has opted out of this adjustment (OptOutState \(optOut))")
            }
            // A new request replaces one under way, which goes back first.
            let restore = adjusting?.whenDone ?? restoring(call)
            effect.stopping.append(state)
            effect.changes.append((state, .unsigned(3)))
            effect.changes.append((call.path(0x0005), withCause(capability, cause + 1)))
            effect.changes += adjusted(call, to: power)
            effect.events.append(event(call, 0x00, [:], names: [:]))
            var end = AttributeTransition(
                node: call.node.id, path: state, from: 3, to: 3, startAt: call.now, endAt: call.now + duration * 1000,
                whenDone: restore)
            end.eventsWhenDone = [
                event(
                    call, 0x01, [0: .unsigned(0), 1: .unsigned(UInt64(duration)), 2: .signed(energy(power, duration))],
                    names: [0: "cause", 1: "duration", 2: "energyUse"])
            ]
            effect.transitions.append(end)
        case "CancelPowerAdjustRequest":
            guard let adjusting, call.integer(0x0002) == 3 else {
                throw InteractionError(.invalidInState, "no power adjustment is under way")
            }
            let seconds = max(0, call.now - adjusting.startAt) / 1000
            let power = call.value(0x0008, cluster: 0x0090)?.integerValue ?? 0
            effect.stopping.append(state)
            for (path, value) in adjusting.whenDone.sorted(by: { $0.key < $1.key }) {
                effect.changes.append((path, value))
            }
            effect.events.append(
                event(
                    call, 0x01, [0: .unsigned(4), 1: .unsigned(UInt64(seconds)), 2: .signed(energy(power, seconds))],
                    names: [0: "cause", 1: "duration", 2: "energyUse"]))
        default:
            throw unsupported(call)
        }
        return (effect, nil)
    }

    /// What goes back when an adjustment ends: ESAState Online, the capability's Cause NoAdjustment, and the power
    /// as it is now (an EV charger's MaximumChargeCurrent; another device's ActivePower and ActiveCurrent).
    private static func restoring(_ call: Invocation) -> [AttributePath: AttributeValue] {
        var restore: [AttributePath: AttributeValue] = [call.path(0x0002): .unsigned(1)]
        if case .structure(let capability)? = call.value(0x0005) {
            restore[call.path(0x0005)] = withCause(capability, 0)
        }
        let adjusted =
            call.hasCluster(0x0099)
            ? [call.path(0x0007, cluster: 0x0099)]
            : [
                call.path(0x0008, cluster: 0x0090), call.path(0x0005, cluster: 0x0090),
            ]
        for path in adjusted { restore[path] = call.node.data[path] }
        return restore.compactMapValues { $0 }
    }

    /// The device at `power` mW: an EV charger's current limit, another device's power (a solar inverter's export
    /// only curtailed, never raised).
    private static func adjusted(_ call: Invocation, to power: Int64) -> [(AttributePath, AttributeValue)] {
        let voltage = call.integer(0x0004, cluster: 0x0090) ?? 230_000
        if call.hasCluster(0x0099) {
            let current = call.integer(0x0007, cluster: 0x0099) ?? 0
            // mW × 1000 / mV is mA.
            return [(call.path(0x0007, cluster: 0x0099), .signed(min(current, max(0, power) * 1000 / voltage)))]
        }
        var target = power
        if call.node.data.endpoints[call.endpoint]?.deviceTypes.contains(where: { $0.id == 0x0017 }) == true {
            target = max(call.integer(0x0008, cluster: 0x0090) ?? 0, power)
        }
        return Meter.powerAndCurrent(target, endpoint: call.endpoint, in: call.node.data)
    }

    private static func withCause(_ capability: [UInt32: AttributeValue], _ cause: Int64) -> AttributeValue {
        var capability = capability
        capability[1] = .unsigned(UInt64(max(0, cause)))
        return .structure(capability)
    }

    /// mWh drawn at `power` mW for `seconds` (nothing for power given out).
    private static func energy(_ power: Int64, _ seconds: Int64) -> Int64 {
        max(0, power) * seconds / 3600
    }

    private static func event(
        _ call: Invocation, _ id: UInt32, _ fields: [UInt32: AttributeValue], names: [UInt32: String]
    ) -> NodeEventRecord {
        NodeEventRecord(endpoint: call.endpoint, cluster: 0x0098, event: id, priority: 1, data: fields).named(names)
    }
}
