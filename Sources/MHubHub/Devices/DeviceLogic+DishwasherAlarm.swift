import MatterDataModel

/// Dishwasher Alarm (Application Cluster Specification 8.4, on Alarm Base 1.15): State holds the alarms raised
/// (AlarmBitmap: 0 InflowError, 1 DrainError, 2 DoorError, 3 TempTooLow, 4 TempTooHigh, 5 WaterLevelError), Mask the
/// alarms enabled, Latch those that stay raised until a Reset, Supported those the device has. Every change of State
/// raises Notify (1.15.7.1: the alarms that became active and inactive, State and Mask after the change).
extension DeviceLogic {
    static func dishwasherAlarm(_ call: Invocation) throws(InteractionError) -> (DeviceEffect, Response?) {
        let supported = call.integer(0x0003) ?? 0
        let state = call.integer(0x0002) ?? 0
        var mask = call.integer(0x0000) ?? 0
        var effect = DeviceEffect()
        let newState: Int64
        switch call.command.name {
        case "Reset":
            // 1.15.6.1: the alarms given that are latched and raised are reset; an unlatched one (the door) lasts
            // as long as its condition does. An alarm the device does not support is INVALID_COMMAND.
            let alarms = call.field("alarms") ?? 0
            guard alarms & ~supported == 0 else {
                throw InteractionError(.invalidCommand, "alarms \(alarms) are not all in Supported \(supported)")
            }
            newState = state & ~(alarms & (call.integer(0x0001) ?? 0))
        case "ModifyEnabledAlarms":
            // 1.15.6.2: Mask becomes the alarms given (INVALID_COMMAND for one not supported); an alarm disabled is
            // no longer raised.
            let wanted = call.field("mask") ?? 0
            guard wanted & ~supported == 0 else {
                throw InteractionError(.invalidCommand, "mask \(wanted) is not within Supported \(supported)")
            }
            mask = wanted
            effect.changes.append((call.path(0x0000), .unsigned(UInt64(mask))))
            newState = state & mask
        default:
            throw unsupported(call)
        }
        if newState != state {
            effect.changes.append((call.path(0x0002), .unsigned(UInt64(newState))))
            effect.events.append(alarmNotify(endpoint: call.endpoint, from: state, to: newState, mask: mask))
        }
        return (effect, nil)
    }

    /// Alarm Base's Notify event (0x00, info; 1.15.7.1) for State going from `old` to `new`.
    static func alarmNotify(endpoint: EndpointID, from old: Int64, to new: Int64, mask: Int64) -> NodeEventRecord {
        NodeEventRecord(
            endpoint: endpoint, cluster: 0x005D, event: 0x00, priority: 1,
            data: [
                0: .unsigned(UInt64(new & ~old)), 1: .unsigned(UInt64(old & ~new)), 2: .unsigned(UInt64(new)),
                3: .unsigned(UInt64(mask)),
            ]
        ).named([0: "active", 1: "inactive", 2: "state", 3: "mask"])
    }

    /// An alarm condition sensed at the dishwasher (`--as-physical` State): only enabled alarms are raised (1.15.5.1,
    /// Mask), with Notify. The door opened during a program (DoorError raised while Running) pauses it, as a
    /// dishwasher stops its spray arms when its door opens (the specification leaves that to the product).
    static func dishwasherAlarmSensed(
        _ value: AttributeValue, at path: AttributePath, in node: Node, _ effect: inout DeviceEffect
    ) {
        func at(_ cluster: ClusterID, _ attribute: AttributeID) -> AttributePath {
            AttributePath(endpoint: path.endpoint, cluster: cluster, attribute: attribute)
        }
        let old = node.data[path]?.integerValue ?? 0
        let mask = node.data[at(0x005D, 0x0000)]?.integerValue ?? 0
        let new = (value.integerValue ?? 0) & mask
        effect.changes = effect.changes.filter { $0.path != path } + [(path, .unsigned(UInt64(new)))]
        guard new != old else { return }
        effect.events.append(alarmNotify(endpoint: path.endpoint, from: old, to: new, mask: mask))
        if new & ~old & 0x04 != 0, node.data[at(0x0060, 0x0004)]?.integerValue == 1 {
            effect.changes.append((at(0x0060, 0x0004), .unsigned(2)))
            effect.programs.append(ProgramChange(endpoint: path.endpoint, cluster: 0x0060, control: .hold))
        }
    }
}
