import MatterDataModel

/// A refrigerator's door alarm (Refrigerator Alarm 0x0057, Application Cluster Specification 8.8, on the Alarm Base
/// 1.15): the door opened or closed at the appliance is State's DoorOpen bit (bit 0) set or cleared
/// (`--as-physical` on State). An alarm is reported in State only while Mask enables it and Supported has it (1.15.6);
/// each change of State raises Notify (1.15.8.1) with the alarms that became active and inactive, the new State and the
/// Mask. Refrigerator Alarm has no Reset (its RESET feature is not allowed) and no ModifyEnabledAlarms, so there is no
/// latch: closing the door ends the alarm.
struct RefrigeratorAlarmLogic {
    let node: Node
    let endpoint: EndpointID

    func path(_ attribute: AttributeID) -> AttributePath {
        AttributePath(endpoint: endpoint, cluster: 0x0057, attribute: attribute)
    }

    func bits(_ attribute: AttributeID) -> UInt64 {
        node.data[path(attribute)]?.integerValue.map { UInt64($0) } ?? 0
    }

    /// State set to `value` at the appliance.
    func stateSensed(_ value: AttributeValue, _ effect: inout DeviceEffect) {
        let old = bits(0x0002)
        let mask = bits(0x0000)
        let state = UInt64(max(0, value.integerValue ?? 0)) & mask & bits(0x0003)
        effect.changes.append((path(0x0002), .unsigned(state)))
        guard state != old else { return }
        effect.events.append(
            NodeEventRecord(
                endpoint: endpoint, cluster: 0x0057, event: 0x00, priority: 1,
                data: [
                    1: .unsigned(state & ~old), 2: .unsigned(old & ~state), 3: .unsigned(state), 4: .unsigned(mask),
                ]
            ).named([1: "active", 2: "inactive", 3: "state", 4: "mask"]))
    }
}
