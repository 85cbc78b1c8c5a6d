import MatterDataModel

/// Water Heater Management's Boost and CancelBoost (Application Cluster Specification 9.5.8): a boost heats the tank
/// now for Duration seconds whatever the mode and the schedule, to TemporarySetpoint if it gives one; BoostStarted
/// when it starts (with its BoostInfo), BoostEnded when it ends or is cancelled. A new Boost replaces one under way;
/// CancelBoost without one changes nothing. The tank's heating follows BoostState (`WaterHeaterLogic`).
extension DeviceLogic {
    static func waterHeaterManagement(_ call: Invocation) throws(InteractionError) -> (DeviceEffect, Response?) {
        var effect = DeviceEffect()
        let boost = call.path(0x0005)
        let ended = NodeEventRecord(endpoint: call.endpoint, cluster: 0x0094, event: 0x01, priority: 1, data: [:])
        switch call.command.name {
        case "Boost":
            guard case .structure(let info)? = call.fields["boostInfo"] else {
                throw InteractionError(.invalidCommand, "Boost needs its boostInfo")
            }
            let duration = info[0]?.integerValue ?? 0
            guard duration >= 1 else { throw InteractionError(.constraintError, "a boost lasts at least 1 s") }
            if let percent = info[4]?.integerValue, !(0...100).contains(percent) {
                throw InteractionError(.constraintError, "TargetPercentage is at most 100")
            }
            var restore: [AttributePath: AttributeValue] = [boost: .unsigned(0)]
            if let setpoint = info[3]?.integerValue {
                // TemporarySetpoint: within the thermostat's heating limits (9.5.5.1), until the boost ends.
                let heating = call.path(0x0012, cluster: 0x0201)
                let low = call.integer(0x0015, cluster: 0x0201) ?? 0
                let high = call.integer(0x0016, cluster: 0x0201) ?? 10_000
                guard (low...high).contains(setpoint) else {
                    throw InteractionError(.constraintError, "TemporarySetpoint must be \(low) to \(high)")
                }
                if let active = call.transitions[.init(node: call.node.id, path: boost)],
                    let before = active.whenDone[heating]
                {
                    restore[heating] = before
                } else if let before = call.value(0x0012, cluster: 0x0201) {
                    restore[heating] = before
                }
                effect.changes.append((heating, .signed(setpoint)))
            }
            effect.stopping.append(boost)
            effect.changes.append((boost, .unsigned(1)))
            effect.events.append(
                NodeEventRecord(
                    endpoint: call.endpoint, cluster: 0x0094, event: 0x00, priority: 1, data: [0: .structure(info)]
                ).named([0: "boostInfo"]))
            var end = AttributeTransition(
                node: call.node.id, path: boost, from: 1, to: 1, startAt: call.now, endAt: call.now + duration * 1000,
                whenDone: restore)
            end.eventsWhenDone = [ended]
            effect.transitions.append(end)
        case "CancelBoost":
            guard call.integer(0x0005) == 1 else { return (effect, nil) }
            effect.stopping.append(boost)
            let active = call.transitions[.init(node: call.node.id, path: boost)]
            for (path, value) in (active?.whenDone ?? [boost: .unsigned(0)]).sorted(by: { $0.key < $1.key }) {
                effect.changes.append((path, value))
            }
            effect.changes.append((boost, .unsigned(0)))
            effect.events.append(ended)
        default:
            throw unsupported(call)
        }
        return (effect, nil)
    }
}

/// A water heater's tank (Device Library 14.2) heats while a boost runs (Water Heater Management BoostState Active) or,
/// outside the Off mode (Water Heater Mode's Off tag 0x4000) and with its Thermostat's SystemMode Heat, while the water
/// (LocalTemperature) is below OccupiedHeatingSetpoint (Application Cluster Specification 4.3.9, 9.5, 9.6). Heating
/// sets HeatDemand to its elements (HeaterTypes), ThermostatRunningState's Heat bit, and the element's 3 kW on the
/// meter, else its 15 W standby; EstimatedHeatRequired and TankPercentage follow the water's temperature: 200 l
/// warmed from 10 °C (about 232.6 Wh a degree). While a power adjustment runs the power stays as adjusted.
enum WaterHeaterLogic {
    static let heatingPower: Int64 = 3_000_000
    static let standbyPower: Int64 = 15_000
    /// The cold water's temperature, hundredths of a degree.
    static let coldWater: Int64 = 1000

    static func following(_ path: AttributePath, in data: NodeData) -> [(AttributePath, AttributeValue)] {
        let inputs: Set<[UInt32]> = [
            [0x0201, 0x0000], [0x0201, 0x0012], [0x0201, 0x001C], [0x0094, 0x0005], [0x009E, 0x0001],
            [0x0098, 0x0002],
        ]
        guard inputs.contains([path.cluster, path.attribute]),
            data.endpoints[path.endpoint]?.clusters[0x0094] != nil
        else { return [] }
        let endpoint = path.endpoint
        func value(_ cluster: ClusterID, _ attribute: AttributeID) -> AttributeValue? {
            data[AttributePath(endpoint: endpoint, cluster: cluster, attribute: attribute)]
        }
        let water = value(0x0201, 0x0000)?.integerValue ?? 0
        let setpoint = value(0x0201, 0x0012)?.integerValue ?? water
        let boosting = value(0x0094, 0x0005)?.integerValue == 1
        let off = isOff(mode: value(0x009E, 0x0001)?.integerValue, modes: value(0x009E, 0x0000))
        let heating = boosting || (!off && value(0x0201, 0x001C)?.integerValue == 4 && water < setpoint)
        var changes: [(AttributePath, AttributeValue)] = [
            (AttributePath(endpoint: endpoint, cluster: 0x0201, attribute: 0x0029), .unsigned(heating ? 1 : 0)),
            (
                AttributePath(endpoint: endpoint, cluster: 0x0094, attribute: 0x0001),
                heating ? value(0x0094, 0x0000) ?? .unsigned(1) : .unsigned(0)
            ),
        ]
        let volume = value(0x0094, 0x0002)?.integerValue ?? 0
        // 1.163 Wh warm one litre by one degree: volume × 11.63 mWh per hundredth of a degree.
        changes.append(
            (
                AttributePath(endpoint: endpoint, cluster: 0x0094, attribute: 0x0003),
                .signed(max(0, setpoint - water) * volume * 1163 / 100)
            ))
        if setpoint > coldWater {
            let percent = min(100, max(0, (water - coldWater) * 100 / (setpoint - coldWater)))
            changes.append(
                (AttributePath(endpoint: endpoint, cluster: 0x0094, attribute: 0x0004), .unsigned(UInt64(percent))))
        }
        if value(0x0098, 0x0002)?.integerValue != 3 {
            changes += Meter.powerAndCurrent(heating ? heatingPower : standbyPower, endpoint: endpoint, in: data)
        }
        return changes
    }

    /// Whether `mode` is one of `modes` tagged Off (0x4000).
    static func isOff(mode: Int64?, modes: AttributeValue?) -> Bool {
        guard let mode, case .list(let options)? = modes else { return false }
        return options.contains { option in
            guard case .structure(let fields) = option, fields[1]?.integerValue == mode,
                case .list(let tags)? = fields[2]
            else { return false }
            return tags.contains { if case .structure(let tag) = $0 { tag[1]?.integerValue == 0x4000 } else { false } }
        }
    }
}
