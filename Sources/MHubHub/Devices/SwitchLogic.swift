import MatterDataModel

/// Switch (0x003B), Application Cluster Specification 1.13: what a person does at a generic switch, as
/// CurrentPosition set at the device (`set_attribute`, `mhubctl device set … --as-physical`, a scenario timeline),
/// becomes the events a controller sees.
///
/// A latching switch (LS) reports SwitchLatched with the new position. A momentary one (MS): 1 is pressed, 0
/// released. A press is InitialPress, or MultiPressOngoing with the count so far when it follows a release within
/// the multi-press window (MSM); a release is ShortRelease, or LongRelease when the press was held past the long-press
/// time, which raised LongPress (MSL). MultiPressComplete with the total follows the window after the last short
/// release (0 when the presses were more than MultiPressMax). The long-press time and the window are timers on the
/// hub's clock (a transition on CurrentPosition and one on MultiPressMax, whose values they keep), so a held press,
/// a double press and a long press are a few `set_attribute`s apart, and a virtual clock plays them as fast.
struct SwitchLogic {
    let node: Node
    let endpoint: EndpointID
    let now: Timestamp
    /// The devices' transitions under way.
    let transitions: [DeviceRuntime.TransitionKey: AttributeTransition]

    /// How long a press is held before it is a long press, and how long after a release another press still counts.
    static let longPressTime: Int64 = 1000
    static let multiPressWindow: Int64 = 500

    func path(_ attribute: AttributeID) -> AttributePath {
        AttributePath(endpoint: endpoint, cluster: 0x003B, attribute: attribute)
    }

    var features: UInt64 {
        node.data[path(GlobalAttributes.featureMap)]?.integerValue.map(UInt64.init) ?? 0
    }

    /// The timer under way on `attribute`, if any.
    func timer(_ attribute: AttributeID) -> AttributeTransition? {
        transitions[DeviceRuntime.TransitionKey(node: node.id, path: path(attribute))]
    }

    func event(_ id: UInt32, _ data: [UInt32: AttributeValue]) -> NodeEventRecord {
        // Field 0 is NewPosition for SwitchLatched, InitialPress, LongPress and MultiPressOngoing, PreviousPosition
        // for the releases and MultiPressComplete; field 1 counts presses (1.13.7).
        let position = [0, 1, 2, 5].contains(id) ? "newPosition" : "previousPosition"
        let count = id == 5 ? "currentNumberOfPressesCounted" : "totalNumberOfPressesCounted"
        return NodeEventRecord(endpoint: endpoint, cluster: 0x003B, event: id, priority: 1, data: data)
            .named([0: position, 1: count])
    }

    func positioned(_ value: AttributeValue, _ effect: inout DeviceEffect) {
        guard let position = value.integerValue else { return }
        let previous = node.data[path(0x0001)]?.integerValue ?? 0
        guard position != previous else { return }
        if features & 0x01 != 0 {
            effect.events.append(event(0x00, [0: .unsigned(UInt64(position))]))
            return
        }
        guard features & 0x02 != 0 else { return }
        let multiPress = features & 0x10 != 0
        let longPress = features & 0x08 != 0
        let window = timer(0x0002)
        let counted = window?.eventsWhenDone.first?.data[1]?.integerValue ?? 0
        if position != 0 {
            // Pressed: the first of a sequence, or one more within the window.
            if multiPress && window != nil {
                effect.events.append(event(0x05, [0: .unsigned(UInt64(position)), 1: .unsigned(UInt64(counted + 1))]))
            } else {
                effect.events.append(event(0x01, [0: .unsigned(UInt64(position))]))
            }
            if longPress {
                var timer = AttributeTransition(
                    node: node.id, path: path(0x0001), from: position, to: position, startAt: now,
                    endAt: now + Self.longPressTime)
                timer.eventsWhenDone = [event(0x02, [0: .unsigned(UInt64(position))])]
                effect.transitions.append(timer)
            }
            return
        }
        // Released: long when the long-press timer has run out (the set that releases stops it if it has not).
        let heldLong = longPress && timer(0x0001) == nil
        if heldLong {
            effect.events.append(event(0x04, [0: .unsigned(UInt64(previous))]))
            effect.stopping.append(path(0x0002))
            return
        }
        if features & 0x04 != 0 { effect.events.append(event(0x03, [0: .unsigned(UInt64(previous))])) }
        guard multiPress else { return }
        let total = counted + 1
        let maximum = node.data[path(0x0002)]?.integerValue ?? 2
        effect.stopping.append(path(0x0002))
        var timer = AttributeTransition(
            node: node.id, path: path(0x0002), from: maximum, to: maximum, startAt: now,
            endAt: now + Self.multiPressWindow)
        timer.eventsWhenDone = [
            event(0x06, [0: .unsigned(UInt64(previous)), 1: .unsigned(UInt64(total <= maximum ? total : 0))])
        ]
        effect.transitions.append(timer)
    }
}
