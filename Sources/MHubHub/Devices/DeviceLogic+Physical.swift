import MatterDataModel

/// What a person or the world does at a device (`set_attribute`, `mhubctl device set … --as-physical`, behaviours and
/// scenario timelines): the value, and what the device does about it as the cluster specifications say: the events
/// it emits, and the attributes that follow (a smoke alarm's ExpressedState).
extension DeviceLogic {
    /// `transitions` are the devices' transitions under way (a switch's long-press and multi-press timers), `now` the
    /// hub's time.
    static func physical(
        _ value: AttributeValue, at path: AttributePath, in node: Node, now: Timestamp = 0,
        transitions: [DeviceRuntime.TransitionKey: AttributeTransition] = [:]
    ) -> DeviceEffect {
        var effect = DeviceEffect()
        effect.stopping.append(path)
        effect.changes.append((path, value))
        switch (path.cluster, path.attribute) {
        case (0x0045, 0x0000):
            // Boolean State's StateChange (Application Cluster Specification 1.7.5.1).
            effect.events.append(
                NodeEventRecord(endpoint: path.endpoint, cluster: 0x0045, event: 0x00, priority: 1, data: [0: value])
                    .named([0: "stateValue"]))
        case (0x003B, 0x0001):
            SwitchLogic(node: node, endpoint: path.endpoint, now: now, transitions: transitions).positioned(
                value, &effect)
        case (0x005C, 0x0001...0x0003), (0x005C, 0x0006...0x0007):
            SmokeAlarmLogic(node: node, endpoint: path.endpoint).sensed(value, at: path.attribute, &effect)
        case (0x0061, 0x0004) where value.integerValue == 1:
            rvcStartButton(at: path, in: node, now: now, &effect)
        case (0x0060, 0x0004...0x0005), (0x0048, 0x0004...0x0005), (0x0061, 0x0004...0x0005):
            operationalStateSetAtDevice(value, at: path, in: node, &effect)
        case (0x005D, 0x0002):
            dishwasherAlarmSensed(value, at: path, in: node, &effect)
        case (0x0506, 0x0000), (0x0506, 0x0003...0x0004):
            MediaPlaybackLogic(node: node, endpoint: path.endpoint, now: now).physical(
                value, at: path.attribute, &effect)
        case (0x0099, 0x0000), (0x0099, 0x0002):
            EvseLogic(data: node.data, endpoint: path.endpoint).physical(value, at: path.attribute, &effect)
        case (0x0006, 0x0000), (0x0056, 0x0000), (0x0056, 0x0004), (0x0057, 0x0002):
            kitchenPhysical(value, at: path, in: node, now: now, &effect)
        default:
            break
        }
        return effect
    }
}

/// Smoke CO Alarm (0x005C), Application Cluster Specification 2.11: an alarm state sensed raises its event, and
/// ExpressedState shows the most important condition; when every condition is back to normal, AllClear.
///
/// ExpressedState's order of importance (2.11.6.1): smoke, CO, hardware fault, end of service, battery.
struct SmokeAlarmLogic {
    let node: Node
    let endpoint: EndpointID

    func path(_ attribute: AttributeID) -> AttributePath {
        AttributePath(endpoint: endpoint, cluster: 0x005C, attribute: attribute)
    }

    /// An alarm attribute's value as a level: AlarmStateEnum and EndOfServiceEnum as they are, a fault flag 1 or 0.
    static func level(_ value: AttributeValue?) -> Int64 {
        switch value {
        case .bool(let flag)?: flag ? 1 : 0
        case let other?: other.integerValue ?? 0
        case nil: 0
        }
    }

    func value(_ attribute: AttributeID) -> Int64 {
        Self.level(node.data[path(attribute)])
    }

    func sensed(_ value: AttributeValue, at attribute: AttributeID, _ effect: inout DeviceEffect) {
        let level = Self.level(value)
        guard level != self.value(attribute) else { return }
        // Events by attribute: SmokeState SmokeAlarm, COState COAlarm, BatteryAlert LowBattery (each with its
        // AlarmSeverityLevel), HardwareFaultAlert HardwareFault, EndOfServiceAlert EndOfService (2.11.8).
        let raised: [AttributeID: (event: UInt32, priority: UInt8, severity: Bool)] = [
            0x0001: (0x00, 2, true), 0x0002: (0x01, 2, true), 0x0003: (0x02, 1, true), 0x0006: (0x03, 1, false),
            0x0007: (0x04, 1, false),
        ]
        if level != 0, let event = raised[attribute] {
            effect.events.append(
                NodeEventRecord(
                    endpoint: endpoint, cluster: 0x005C, event: event.event, priority: event.priority,
                    data: event.severity ? [0: .unsigned(UInt64(level))] : [:]
                ).named([0: "alarmSeverityLevel"]))
        }
        var levels = [AttributeID: Int64]()
        for other: AttributeID in [0x0001, 0x0002, 0x0003, 0x0006, 0x0007] { levels[other] = self.value(other) }
        levels[attribute] = level
        // ExpressedState: 1 smoke, 2 CO, 5 hardware fault, 6 end of service, 3 battery, 0 normal.
        let order: [(AttributeID, UInt64)] = [(0x0001, 1), (0x0002, 2), (0x0006, 5), (0x0007, 6), (0x0003, 3)]
        let expressed = order.first { levels[$0.0] != 0 }?.1 ?? 0
        if node.data[path(0x0005)] == .bool(true) {
            // A self-test under way: an alarm ends it (the test's own end would say Normal over the alarm).
            guard expressed != 0 else { return }
            effect.stopping.append(path(0x0000))
            effect.changes.append((path(0x0005), .bool(false)))
        }
        effect.changes.append((path(0x0000), .unsigned(expressed)))
        if expressed == 0 {
            effect.events.append(
                NodeEventRecord(endpoint: endpoint, cluster: 0x005C, event: 0x0A, priority: 1, data: [:]))
        }
    }
}
