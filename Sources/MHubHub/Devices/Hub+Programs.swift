import MatterDataModel

/// The appliances' programs on the hub's clock (Operational State, Application Cluster Specification 1.14):
/// CurrentPhase follows the program, CountdownTime is brought up to date when the specification lets it be reported
/// (1.14.5.3, quality Q: when the phase or the state changes, and from or to null), not every second; the end
/// reports OperationCompletion (1.14.7.2) and leaves the state the variant says (Stopped).
///
/// While a program is under way CountdownTime is its time left in seconds; with none it is null, and CurrentPhase is
/// 0, the first phase (1.14.5.2: it is null only when PhaseList is).
extension Hub {
    /// Runs an effect's program changes on `node` (inside `apply`): starts, holds, releases and ends the runs, and
    /// ends a run whose appliance was switched off (dead front: an appliance's On/Off off ends what it was doing).
    /// The events to emit.
    mutating func changePrograms(
        _ effect: DeviceEffect, on node: inout Node, now: Timestamp, _ outcome: inout HubOutcome
    ) -> [NodeEventRecord] {
        var changes = effect.programs
        for (path, value) in effect.changes where path.cluster == 0x0006 && path.attribute == 0 && value == .bool(false)
        {
            for key in devices.programs.keys where key.node == node.id && key.endpoint == path.endpoint {
                changes.append(
                    ProgramChange(endpoint: key.endpoint, cluster: key.cluster, control: .end(completionError: 0))
                )
            }
        }
        var events: [NodeEventRecord] = []
        for change in changes {
            let key = ProgramKey(node: node.id, endpoint: change.endpoint, cluster: change.cluster)
            func at(_ attribute: AttributeID) -> AttributePath {
                AttributePath(endpoint: change.endpoint, cluster: change.cluster, attribute: attribute)
            }
            switch change.control {
            case .start(let program):
                var run = ProgramRun(program: program, startedAt: now)
                run.looked(at: now)
                devices.programs[key] = run
                for (path, value) in Self.reported(key, run, phase: run.phase(at: now) ?? 0, now: now, in: node.data) {
                    set(path, value, on: &node, &outcome)
                }
            case .hold, .release:
                guard var run = devices.programs[key] else { continue }
                if change.control == .hold { run.hold(at: now) } else { run.release(at: now) }
                devices.programs[key] = run
                set(at(0x0002), .unsigned(UInt64(run.countdown(at: now))), on: &node, &outcome)
            case .extend(let more):
                guard var run = devices.programs[key], let last = run.program.phases.indices.last else { continue }
                run.program.phases[last] += more
                run.looked(at: now)
                devices.programs[key] = run
                set(at(0x0002), .unsigned(UInt64(run.countdown(at: now))), on: &node, &outcome)
            case .end(let error, let state):
                events.append(end(key, error: error, state: state, on: &node, now: now, &outcome))
            case .skip(let phase):
                guard var run = devices.programs[key] else { continue }
                run.skip(phase: phase, at: now)
                devices.programs[key] = run
                if let current = run.phase(at: now) {
                    for (path, value) in Self.reported(key, run, phase: current, now: now, in: node.data) {
                        set(path, value, on: &node, &outcome)
                    }
                } else {
                    // The last phase skipped: the program is done.
                    events.append(end(key, error: 0, state: nil, on: &node, now: now, &outcome))
                }
            }
            heatCavity(change, of: node, now: now)
        }
        return events
    }

    /// Ends the run at `key` now (inside `apply`): what its end changes, and its OperationCompletion event.
    private mutating func end(
        _ key: ProgramKey, error: UInt64, state: Int64?, on node: inout Node, now: Timestamp,
        _ outcome: inout HubOutcome
    ) -> NodeEventRecord {
        let (endEffect, event) = Self.ended(
            key, devices.programs.removeValue(forKey: key), error: error, state: state, in: node, now: now)
        for (path, value) in endEffect.changes { set(path, value, on: &node, &outcome) }
        for transition in endEffect.transitions {
            devices.transitions[.init(node: node.id, path: transition.path)] = transition
        }
        return event
    }

    /// The programs due: each reports its phase and time left, or ends.
    mutating func stepPrograms(now: Timestamp, _ outcome: inout HubOutcome) {
        let due = devices.programs.filter { ($0.value.nextAt ?? .max) <= now }.keys.sorted()
        for key in due {
            guard let node = state.nodes[key.node], var run = devices.programs[key] else {
                devices.programs[key] = nil
                continue
            }
            var effect = DeviceEffect()
            if let phase = run.phase(at: now) {
                run.looked(at: now)
                devices.programs[key] = run
                effect.changes = Self.reported(key, run, phase: phase, now: now, in: node.data).map { ($0.0, $0.1) }
            } else {
                devices.programs[key] = nil
                // It ended when its program time ran out, which may be before this tick.
                let end = run.runningSince.map { $0 + run.program.duration - run.elapsed } ?? now
                let (ending, event) = Self.ended(key, run, error: 0, state: nil, in: node, now: min(now, end))
                effect = ending
                heatCavity(
                    ProgramChange(endpoint: key.endpoint, cluster: key.cluster, control: .end(completionError: 0)),
                    of: node, now: now)
                effect.events.append(event)
            }
            apply(effect, to: key.node, now: now, &outcome)
        }
    }

    /// What is reported of `run` at `now`, in phase `phase`: CurrentPhase (only with a PhaseList: 1.14.5.2 has it
    /// null without one), CountdownTime, and what the variant has follow the phase.
    private static func reported(
        _ key: ProgramKey, _ run: ProgramRun, phase: Int, now: Timestamp, in data: NodeData
    ) -> [(AttributePath, AttributeValue)] {
        var changes: [(AttributePath, AttributeValue)] = []
        if case .list? = data[key.path(0x0000)] { changes.append((key.path(0x0001), .unsigned(UInt64(phase)))) }
        changes.append((key.path(0x0002), .unsigned(UInt64(run.countdown(at: now)))))
        let variant = OperationalStateVariant.byCluster[key.cluster] ?? OperationalStateVariant()
        return changes + variant.phaseFollowers(data, key.endpoint, phase)
    }

    /// A run ended at `now` (its program done, stopped, or the appliance switched off): the state after it (`state`,
    /// else the variant's), no time left, the first phase, what the variant adds (`whenEnded`), and its
    /// OperationCompletion event (1.14.7.2: CompletionErrorCode, TotalOperationalTime from its start including
    /// pauses, PausedTime).
    private static func ended(
        _ key: ProgramKey, _ run: ProgramRun?, error: UInt64, state: Int64?, in node: Node, now: Timestamp
    ) -> (DeviceEffect, NodeEventRecord) {
        let variant = OperationalStateVariant.byCluster[key.cluster] ?? OperationalStateVariant()
        let after = state ?? variant.stateAfterEnd
        var changes: [(path: AttributePath, value: AttributeValue)] = [
            (key.path(0x0004), .unsigned(UInt64(after))), (key.path(0x0002), .null),
        ]
        if case .list(let phases)? = node.data[key.path(0x0000)], !phases.isEmpty {
            changes.append((key.path(0x0001), .unsigned(0)))
        }
        let times = run?.times(at: now)
        let event = NodeEventRecord(
            endpoint: key.endpoint, cluster: key.cluster, event: 0x01, priority: 1,
            data: [
                0: .unsigned(error), 1: times.map { .unsigned(UInt64($0.total)) } ?? .null,
                2: times.map { .unsigned(UInt64($0.paused)) } ?? .null,
            ]
        ).named([0: "completionErrorCode", 1: "totalOperationalTime", 2: "pausedTime"])
        var effect =
            variant.whenEnded?(node, key.endpoint, after, run, now) ?? DeviceEffect()
        effect.changes = changes + effect.changes
        return (effect, event)
    }

    /// A node as a restarted appliance shows it: the runs are not stored, so a program that was running or paused
    /// is gone, as after a power cut on a machine that does not resume by itself: Stopped where it is (the variant's
    /// resting state), CountdownTime null, the first phase. An error stays: the fault is still there.
    static func settlingPrograms(_ node: Node) -> Node {
        var node = node
        for endpoint in node.data.endpoints.keys.sorted() {
            for (cluster, variant) in OperationalStateVariant.byCluster {
                let key = ProgramKey(node: node.id, endpoint: endpoint, cluster: cluster)
                guard let state = node.data[key.path(0x0004)]?.integerValue, state == 1 || state == 2 else { continue }
                node.data[key.path(0x0004)] = .unsigned(UInt64(variant.stateWhenCleared))
                if node.data[key.path(0x0002)] != nil { node.data[key.path(0x0002)] = .null }
                if case .list(let phases)? = node.data[key.path(0x0000)], !phases.isEmpty {
                    node.data[key.path(0x0001)] = .unsigned(0)
                }
            }
        }
        return node
    }
}

/// A program's place: one node's endpoint's operational state cluster.
public struct ProgramKey: Hashable, Sendable, Comparable {
    public var node: NodeID
    public var endpoint: EndpointID
    public var cluster: ClusterID

    func path(_ attribute: AttributeID) -> AttributePath {
        AttributePath(endpoint: endpoint, cluster: cluster, attribute: attribute)
    }

    public static func < (lhs: ProgramKey, rhs: ProgramKey) -> Bool {
        (lhs.node, lhs.endpoint, lhs.cluster) < (rhs.node, rhs.endpoint, rhs.cluster)
    }
}
