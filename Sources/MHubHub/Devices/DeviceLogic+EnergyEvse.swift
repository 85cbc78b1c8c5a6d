import MatterDataModel

/// Energy EVSE's commands (Application Cluster Specification 9.3.8): Disable, EnableCharging, and the charging
/// preferences' SetTargets, GetTargets and ClearTargets. Disable and EnableCharging are timed invokes (access "O T").
extension DeviceLogic {
    /// Seconds from the Unix epoch to the Matter epoch (2000-01-01), for epoch-s attributes.
    static let matterEpochOffset: Int64 = 946_684_800

    static func energyEvse(_ call: Invocation) throws(InteractionError) -> (DeviceEffect, Response?) {
        let logic = EvseLogic(data: call.node.data, endpoint: call.endpoint)
        var effect = DeviceEffect()
        let until = call.path(0x0003)
        switch call.command.name {
        case "Disable":
            // 9.3.8.1: charging stops and stays off, whatever ChargingEnabledUntil said.
            disable(logic, &effect)
        case "EnableCharging":
            // 9.3.8.2: MinimumChargeCurrent no more than MaximumChargeCurrent; the charger takes the smaller of the
            // command's maximum and its circuit's capacity. A charger in a fault (SupplyState DisabledError) refuses.
            let minimum = call.field("minimumChargeCurrent") ?? 0
            let maximum = call.field("maximumChargeCurrent") ?? 0
            guard minimum >= 0, maximum >= 0, minimum <= maximum else {
                throw InteractionError(.constraintError, "minimumChargeCurrent must be 0 to maximumChargeCurrent")
            }
            guard logic.integer(0x0002) == 0 else {
                throw InteractionError(.failure, "the charger is in a fault (FaultState \(logic.integer(0x0002) ?? 0))")
            }
            let deadline = call.fields["chargingEnabledUntil"].flatMap { $0 == .null ? nil : $0.integerValue }
            let nowSeconds = call.now / 1000 - matterEpochOffset
            if let deadline, deadline <= nowSeconds {
                // A time already past enables nothing: the charger is disabled as ChargingEnabledUntil says.
                disable(logic, &effect)
                return (effect, nil)
            }
            let capacity = logic.integer(0x0005) ?? maximum
            effect.stopping.append(until)
            effect.changes.append((call.path(0x0006), .signed(minimum)))
            effect.changes.append((call.path(0x0007), .signed(min(maximum, capacity))))
            effect.changes.append((until, deadline.map { .unsigned(UInt64($0)) } ?? .null))
            effect.changes.append((call.path(0x0001), .unsigned(1)))
            logic.settle(car: logic.car, supply: 1, fault: 0, stopReason: 1, &effect)
            if let deadline {
                // At ChargingEnabledUntil the charger disables itself (9.3.6.4): SupplyState Disabled, and the State
                // follows (`EnergyDeviceLogic.following`).
                effect.transitions.append(
                    AttributeTransition(
                        node: call.node.id, path: until, from: deadline, to: deadline, startAt: call.now,
                        endAt: (deadline + matterEpochOffset) * 1000,
                        whenDone: [call.path(0x0001): .unsigned(0), until: .unsigned(0)]))
            }
        case "SetTargets":
            // 9.3.8.5: at most 7 schedules, each day of the week in one only, at most 10 targets a day, each at a
            // minute of the day (0–1439) with a SoC of at most 100 % or an energy to add.
            guard case .list(let schedules)? = call.fields["chargingTargetSchedules"], schedules.count <= 7 else {
                throw InteractionError(.constraintError, "chargingTargetSchedules holds at most 7 schedules")
            }
            var days: Int64 = 0
            for case .structure(let schedule) in schedules {
                let bits = schedule[0]?.integerValue ?? 0
                guard bits & days == 0 else {
                    throw InteractionError(.constraintError, "a day of the week is in two schedules")
                }
                days |= bits
                guard case .list(let targets)? = schedule[1], targets.count <= 10 else {
                    throw InteractionError(.constraintError, "a schedule holds at most 10 targets")
                }
                for case .structure(let target) in targets {
                    guard (0...1439).contains(target[0]?.integerValue ?? 0),
                        (0...100).contains(target[1]?.integerValue ?? 0)
                    else { throw InteractionError(.constraintError, "a target is a minute 0–1439 and a SoC to 100 %") }
                }
            }
        case "GetTargets":
            // mhub keeps no schedule between commands (docs/devices.md): the answer is an empty week.
            return (effect, ["chargingTargetSchedules": .list([])])
        case "ClearTargets":
            break
        default:
            throw unsupported(call)
        }
        return (effect, nil)
    }

    /// SupplyState Disabled, ChargingEnabledUntil 0, a transfer under way stopped by the charger (EVSEStopped).
    private static func disable(_ logic: EvseLogic, _ effect: inout DeviceEffect) {
        effect.stopping.append(logic.path(0x0003))
        effect.changes.append((logic.path(0x0003), .unsigned(0)))
        let fault = logic.integer(0x0002) ?? 0
        effect.changes.append((logic.path(0x0001), .unsigned(fault == 0 ? 0 : 3)))
        logic.settle(car: logic.car, supply: 0, fault: fault, stopReason: 1, &effect)
    }
}
