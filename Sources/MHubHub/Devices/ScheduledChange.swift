import MatterDataModel

/// A change a person makes at a device later, on the hub's clock: a held button let go (`press_button` with `long`).
///
/// It is runtime only, as transitions are (`DeviceRuntime`): a restart or `reset` forgets it, and the attribute keeps
/// its stored value. When it is due it runs as `set_attribute` would run it then (`DeviceLogic.physical`, with the
/// transitions under way at that time), so a switch's release sees its long-press timer as it is by then. Anything
/// that changes the attribute before (what stops its transition) cancels it (`Hub.apply`).
public struct ScheduledChange: Hashable, Sendable {
    public var value: AttributeValue
    public var dueAt: Timestamp
}

extension Hub {
    /// Makes the scheduled changes that are due, in order of time, then of node and path.
    mutating func runScheduledChanges(now: Timestamp, _ outcome: inout HubOutcome) {
        let due = devices.scheduledChanges.filter { $0.value.dueAt <= now }.sorted {
            ($0.value.dueAt, $0.key.node, $0.key.path) < ($1.value.dueAt, $1.key.node, $1.key.path)
        }
        for (key, change) in due {
            devices.scheduledChanges[key] = nil
            // A node removed since is gone with its changes.
            applyPhysically(change.value, at: key.path, of: key.node, now: now, &outcome)
        }
    }
}
