import MatterDataModel

/// Smoke CO Alarm's SelfTestRequest (Application Cluster Specification 2.11.7.1): the alarm sounds its test for five
/// seconds of the hub's clock (ExpressedState Testing, TestInProgress), then reports SelfTestComplete and goes back to
/// normal. An alarm already sounding, or a test already running, answers BUSY.
extension DeviceLogic {
    static let selfTestDuration: Int64 = 5000

    static func smokeCoAlarm(_ call: Invocation) throws(InteractionError) -> (DeviceEffect, Response?) {
        guard call.command.name == "SelfTestRequest" else { throw unsupported(call) }
        guard call.integer(0x0000) == 0, call.value(0x0005) != .bool(true) else {
            throw InteractionError(.busy, "the alarm is sounding or testing")
        }
        var effect = DeviceEffect()
        effect.changes.append((call.path(0x0005), .bool(true)))
        effect.changes.append((call.path(0x0000), .unsigned(4)))
        var test = AttributeTransition(
            node: call.node.id, path: call.path(0x0000), from: 4, to: 4, startAt: call.now,
            endAt: call.now + selfTestDuration,
            whenDone: [call.path(0x0000): .unsigned(0), call.path(0x0005): .bool(false)])
        test.eventsWhenDone = [
            NodeEventRecord(endpoint: call.endpoint, cluster: 0x005C, event: 0x05, priority: 1, data: [:])
        ]
        effect.transitions.append(test)
        return (effect, nil)
    }
}
