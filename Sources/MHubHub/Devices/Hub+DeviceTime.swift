import MHubJSON
import MHubProtocol
import MatterDataModel

/// Time passing for devices: transitions report along the way and settle, slow devices answer,
/// silent ones time out, behaviours act.
extension Hub {
    mutating func advanceDevices(now: Timestamp, _ outcome: inout HubOutcome) {
        answerPending(now: now, &outcome)
        stepTransitions(now: now, &outcome)
        runScheduledChanges(now: now, &outcome)
        runBehaviors(now: now, &outcome)
        stepUpdates(now: now, &outcome)
        readMeters(now: now, &outcome)
        stepPrograms(now: now, &outcome)
    }

    /// The energy meters due: each brought up to date, with a snapshot once it has counted.
    private mutating func readMeters(now: Timestamp, _ outcome: inout HubOutcome) {
        for id in devices.meters.filter({ $0.value.nextAt <= now }).keys.sorted() {
            guard state.nodes[id] != nil else {
                devices.meters[id] = nil
                continue
            }
            // The first reading starts the meter; the later ones have counted and snapshot.
            let counting = devices.meters[id]!.since != nil
            devices.meters[id]!.nextAt = now + EnergyMeter.interval
            var effect = DeviceEffect()
            if let data = readMeter(of: id, now: now, &outcome), counting {
                effect.events.append(devices.meters[id]!.snapshot(data))
            }
            apply(effect, to: id, now: now, &outcome)
        }
    }

    /// Brings node `id`'s energy meter up to date at `now`, if it has one: the node's data as it now is (nil without
    /// a meter).
    @discardableResult
    mutating func readMeter(of id: NodeID, now: Timestamp, _ outcome: inout HubOutcome) -> NodeData? {
        guard let meter = devices.meters[id], var node = state.nodes[id] else { return nil }
        let (changes, next) = meter.reading(node.data, now: now)
        devices.meters[id] = next
        if !changes.isEmpty {
            for (path, value) in changes { set(path, value, on: &node, &outcome) }
            state.nodes[id] = node
        }
        return node.data
    }

    private mutating func answerPending(now: Timestamp, _ outcome: inout HubOutcome) {
        let due = devices.pending.filter { $0.dueAt <= now }.sorted { $0.dueAt < $1.dueAt }
        devices.pending.removeAll { $0.dueAt <= now }
        for interaction in due {
            if let (source, requestID, answer) = interaction.bridged {
                if case .apply(let node, let effect, _) = interaction.outcome {
                    apply(effect, to: node, now: now, &outcome)
                }
                outcome.outputs.append(source.answer(requestID, answer))
                continue
            }
            switch interaction.outcome {
            case .apply(let node, let effect, let result):
                apply(effect, to: node, now: now, &outcome)
                outcome.replies.append(
                    HubReply(
                        connectionID: interaction.connectionID, messageID: interaction.messageID,
                        result: .success(result)))
            case .timeout(let reason):
                outcome.replies.append(
                    HubReply(
                        connectionID: interaction.connectionID, messageID: interaction.messageID,
                        result: .failure(InteractionError(.timeout, reason).hubError)))
            case .refuse(let error):
                outcome.replies.append(
                    HubReply(
                        connectionID: interaction.connectionID, messageID: interaction.messageID,
                        result: .failure(error.hubError)))
            }
        }
    }

    private mutating func stepTransitions(now: Timestamp, _ outcome: inout HubOutcome) {
        let due = devices.transitions.filter { $0.value.nextReport <= now }.sorted {
            ($0.key.node, $0.key.path) < ($1.key.node, $1.key.path)
        }
        var touched: Set<NodeID> = []
        var finished: [(NodeID, [NodeEventRecord])] = []
        for (key, transition) in due {
            if now >= transition.endAt, let since = devices.meters[key.node]?.since {
                // What ends may change the power (a charger's enabled time): the energy so far counts at the power
                // drawn until the end.
                readMeter(of: key.node, now: max(since, transition.endAt), &outcome)
            }
            guard var node = state.nodes[key.node] else {
                devices.transitions[key] = nil
                continue
            }
            let value = transition.value(at: now)
            let unsigned = node.data[transition.path].map { if case .signed = $0 { false } else { true } } ?? true
            set(transition.path, unsigned ? .unsigned(UInt64(max(0, value))) : .signed(value), on: &node, &outcome)
            if let remaining = transition.remainingTime {
                set(remaining, .unsigned(UInt64(max(0, transition.endAt - now) / 100)), on: &node, &outcome)
            }
            if now >= transition.endAt {
                devices.transitions[key] = nil
                for (path, value) in transition.whenDone.sorted(by: { $0.key < $1.key }) {
                    set(path, value, on: &node, &outcome)
                }
                if !transition.eventsWhenDone.isEmpty { finished.append((key.node, transition.eventsWhenDone)) }
                touched.insert(key.node)
            } else {
                var next = transition
                next.nextReport =
                    transition.holds ? transition.endAt : min(transition.endAt, now + DeviceRuntime.transitionStep)
                devices.transitions[key] = next
            }
            state.nodes[key.node] = node
        }
        // Settled values are stored; the ones on the way are not (they were never acknowledged).
        for id in touched.sorted() {
            if let node = state.nodes[id] { outcome.changes.append(.saveNode(node)) }
        }
        for (node, events) in finished {
            var effect = DeviceEffect()
            effect.events = events
            apply(effect, to: node, now: now, &outcome)
        }
    }

    private mutating func runBehaviors(now: Timestamp, _ outcome: inout HubOutcome) {
        for key in devices.behaviors.keys.sorted(by: { ($0.node, $0.name) < ($1.node, $1.name) }) {
            guard var behavior = devices.behaviors[key], behavior.nextAt <= now else { continue }
            behavior.nextAt = now + behavior.interval
            devices.behaviors[key] = behavior
            guard let node = state.nodes[behavior.node] else {
                devices.behaviors[key] = nil
                continue
            }
            if let device = node.simulatedDeviceID, faults.unreachableDevices.contains(device) { continue }
            var effect = DeviceEffect()
            for (path, value) in node.data.attributes {
                switch (behavior.kind, path.cluster, path.attribute) {
                case (.temperatureDrift, 0x0402, 0x0000):
                    let current = value.integerValue ?? 2100
                    let low =
                        node.data[AttributePath(endpoint: path.endpoint, cluster: 0x0402, attribute: 1)]?.integerValue
                        ?? -500
                    let high =
                        node.data[AttributePath(endpoint: path.endpoint, cluster: 0x0402, attribute: 2)]?.integerValue
                        ?? 5000
                    let step = Int64.random(in: 10...50, using: &random) * (Bool.random(using: &random) ? 1 : -1)
                    effect.changes.append((path, .signed(min(max(current + step, low), high))))
                case (.contactToggle, 0x0045, 0x0000):
                    let toggled = DeviceLogic.physical(.bool(value != .bool(true)), at: path, in: node)
                    effect.changes += toggled.changes
                    effect.events += toggled.events
                case (.occupancyToggle, 0x0406, 0x0000):
                    effect.changes.append((path, .unsigned(value.integerValue == 1 ? 0 : 1)))
                default:
                    continue
                }
            }
            apply(effect, to: behavior.node, now: now, &outcome)
        }
    }

    /// `set_behavior {node_id, behavior, enabled?, interval_ms?}`.
    mutating func setBehavior(_ request: SetBehavior, now: Timestamp) throws(HubError) -> BehaviorInfo {
        let node = try node(request.nodeID)
        let (name, enabled, interval) = (request.behavior, request.enabled, request.intervalMilliseconds ?? 30_000)
        guard let kind = Behavior.Kind(rawValue: name) else {
            let names = Behavior.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            throw HubError(.invalidArguments, "behavior must be one of \(names), not \"\(name)\"")
        }
        guard (100...86_400_000).contains(interval) else {
            throw HubError(.invalidArguments, "interval_ms must be 100 to 86400000")
        }
        let cluster: ClusterID =
            switch kind {
            case .temperatureDrift: 0x0402
            case .contactToggle: 0x0045
            case .occupancyToggle: 0x0406
            }
        guard node.data.endpoints.values.contains(where: { $0.clusters[cluster] != nil }) else {
            throw HubError(.invalidArguments, "node \(node.id) has no cluster \(cluster) for \(name)")
        }
        let key = BehaviorKey(node: node.id, name: name)
        devices.behaviors[key] =
            enabled ? Behavior(kind: kind, node: node.id, interval: interval, nextAt: now + interval) : nil
        return BehaviorInfo(nodeID: node.id, behavior: name, enabled: enabled, intervalMilliseconds: interval)
    }
}
