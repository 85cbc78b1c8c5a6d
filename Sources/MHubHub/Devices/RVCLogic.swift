import MatterDataModel

/// A robotic vacuum cleaner's run and its way home (Application Cluster Specification 7.2–7.4, Service Area 1.17),
/// read from one endpoint: RVC Run Mode 0x0054, RVC Clean Mode 0x0055, RVC Operational State 0x0061, Service Area
/// 0x0150 and its battery's Power Source 0x002F.
///
/// A run is an `OperationalProgram` with a phase per room of SupportedAreas: the selected ones last their cleaning
/// time, the others 0, so the engine (`Hub+Programs`) goes through the selected rooms only. CurrentArea and Progress
/// follow its phase (`inRoom`); PhaseList and CurrentPhase stay null (Home Assistant 2025.4.4 makes its vacuum only
/// of a robot without phases). When it ends the robot seeks its charger,
/// charges and is docked (`goingHome`), on the hub's clock.
struct RVCLogic {
    let node: Node
    let endpoint: EndpointID

    static let runMode: ClusterID = 0x0054
    static let operationalState: ClusterID = 0x0061
    static let serviceArea: ClusterID = 0x0150
    static let powerSource: ClusterID = 0x002F

    /// RVC Operational State's own states (7.4.4, OperationalStateEnum).
    static let seekingCharger: Int64 = 0x40
    static let charging: Int64 = 0x41
    static let docked: Int64 = 0x42
    /// RVC Run Mode's Idle mode tag (7.2.5, ModeTag).
    static let idleTag: Int64 = 0x4000
    /// Under 10 % (BatPercentRemaining in half percents) a run does not start: BatteryLow.
    static let lowBattery: Int64 = 20
    /// The way home to the dock.
    static let seekTime: Int64 = 30_000
    /// Charging: one half percent of BatPercentRemaining every 9 s (empty to full in 30 minutes).
    static let chargeTimePerHalfPercent: Int64 = 9000
    /// Cleaning uses one percent of the battery (two half percents) a minute.
    static let drainPerMinute: Int64 = 2

    func path(_ cluster: ClusterID, _ attribute: AttributeID) -> AttributePath {
        AttributePath(endpoint: endpoint, cluster: cluster, attribute: attribute)
    }

    func value(_ cluster: ClusterID, _ attribute: AttributeID) -> AttributeValue? {
        node.data[path(cluster, attribute)]
    }

    func integer(_ cluster: ClusterID, _ attribute: AttributeID) -> Int64? { value(cluster, attribute)?.integerValue }

    /// RVC Operational State's OperationalState.
    var state: Int64 { integer(Self.operationalState, 0x0004) ?? 0 }

    /// Whether a run is under way (running, paused or held by an error): CountdownTime is not null.
    var hasRun: Bool { DeviceLogic.hasProgram(node, path(Self.operationalState, 0x0002)) }

    /// The mode tags of mode `mode` in a SupportedModes list; nil when it lists no such mode.
    static func tags(of mode: Int64, in modes: AttributeValue?) -> Set<Int64>? {
        guard case .list(let options)? = modes else { return nil }
        for case .structure(let option) in options where option[1]?.integerValue == mode {
            guard case .list(let tags)? = option[2] else { return [] }
            return Set(tags.compactMap { if case .structure(let tag) = $0 { tag[1]?.integerValue } else { nil } })
        }
        return nil
    }

    /// SupportedAreas' AreaIds, in order (phase i is area i).
    static func areaIDs(_ data: NodeData, endpoint: EndpointID) -> [Int64] {
        guard case .list(let areas)? = data[AttributePath(endpoint: endpoint, cluster: serviceArea, attribute: 0)]
        else { return [] }
        return areas.compactMap { if case .structure(let area) = $0 { area[0]?.integerValue } else { nil } }
    }

    /// The areas a run cleans: SelectedAreas, or every supported area when none is selected (1.17.6.3).
    static func areasToClean(_ data: NodeData, endpoint: EndpointID) -> [Int64] {
        let supported = areaIDs(data, endpoint: endpoint)
        let path = AttributePath(endpoint: endpoint, cluster: serviceArea, attribute: 0x0002)
        guard case .list(let selected)? = data[path], !selected.isEmpty else { return supported }
        let chosen = Set(selected.compactMap(\.integerValue))
        return supported.filter { chosen.contains($0) }
    }

    /// A run starting now: Running with no error, every area to clean Pending in Progress (CurrentArea and the one
    /// under way follow), the battery no longer charging (its charging stopped); nil without an area to clean.
    func start(now: Timestamp) -> DeviceEffect? {
        guard let program = OperationalProgram.chosen(in: node.data, endpoint: endpoint), program.duration > 0 else {
            return nil
        }
        var effect = DeviceEffect()
        effect.stopping = Self.movements(endpoint)
        let progress = Self.areasToClean(node.data, endpoint: endpoint).map {
            AttributeValue.structure([0: .unsigned(UInt64($0)), 1: .unsigned(0)])
        }
        effect.changes.append((path(Self.serviceArea, 0x0005), .list(progress)))
        effect.changes.append((path(Self.operationalState, 0x0004), .unsigned(1)))
        effect.changes.append((path(Self.operationalState, 0x0005), DeviceLogic.noError))
        effect.changes.append((path(Self.powerSource, 0x001A), .unsigned(3)))
        effect.programs.append(
            ProgramChange(endpoint: endpoint, cluster: Self.operationalState, control: .start(program)))
        return effect
    }

    /// The robot heads for its dock now with `battery` left: SeekingCharger for `seekTime`, then Charging
    /// (BatChargeState IsCharging) until the battery is full, then Docked (IsAtFullCharge). Two transitions on the
    /// battery's attributes carry it (`movements`: a pause or an error stops them).
    func goingHome(now: Timestamp, battery: Int64? = nil) -> DeviceEffect {
        var effect = DeviceEffect()
        let battery = battery ?? integer(Self.powerSource, 0x000C) ?? 200
        let state = path(Self.operationalState, 0x0004)
        let chargeState = path(Self.powerSource, 0x001A)
        let arrives = now + Self.seekTime
        effect.changes.append((state, .unsigned(UInt64(Self.seekingCharger))))
        effect.changes.append((chargeState, .unsigned(3)))
        effect.transitions.append(
            AttributeTransition(
                node: node.id, path: chargeState, from: 3, to: 3, startAt: now, endAt: arrives,
                whenDone: [state: .unsigned(UInt64(Self.charging)), chargeState: .unsigned(1)]))
        let full = arrives + max(1000, (200 - battery) * Self.chargeTimePerHalfPercent)
        effect.transitions.append(
            AttributeTransition(
                node: node.id, path: path(Self.powerSource, 0x000C), from: battery, to: 200, startAt: arrives,
                endAt: full, whenDone: [state: .unsigned(UInt64(Self.docked)), chargeState: .unsigned(2)]))
        return effect
    }

    /// What follows the end of `run` (`OperationalStateVariant.whenEnded`): RVC Run Mode back to Idle (the
    /// operation is over, 7.2); CurrentArea null; Progress final (1.17.6.6: the rooms whose cleaning was finished
    /// Completed, the one under way and the ones not reached Skipped, as when a device ends before it is done); the
    /// battery down by the cleaning time; and, when the run left the robot seeking its charger, its way home.
    @Sendable static func ended(
        _ node: Node, _ endpoint: EndpointID, _ state: Int64, _ run: ProgramRun?, _ now: Timestamp
    ) -> DeviceEffect {
        let logic = RVCLogic(node: node, endpoint: endpoint)
        let ran = run?.programTime(at: now) ?? 0
        let before = logic.integer(powerSource, 0x000C) ?? 200
        let battery = max(0, before - ran * drainPerMinute / OperationalProgram.minute)
        var effect = state == seekingCharger ? logic.goingHome(now: now, battery: battery) : DeviceEffect()
        var changes: [(path: AttributePath, value: AttributeValue)] = [
            (logic.path(powerSource, 0x000C), .unsigned(UInt64(battery)))
        ]
        if let idle = idleMode(logic.value(runMode, 0x0000)) {
            changes.append((logic.path(runMode, 0x0001), .unsigned(UInt64(idle))))
        }
        changes.append((logic.path(serviceArea, 0x0003), .null))
        var finished: Set<Int> = []
        var end: Int64 = 0
        for (index, length) in (run?.program.phases ?? []).enumerated() where length > 0 {
            end += length
            if end <= ran { finished.insert(index) }
        }
        let ids = areaIDs(node.data, endpoint: endpoint)
        if let progress = finalProgress(logic.value(serviceArea, 0x0005), finished: finished, ids: ids) {
            changes.append((logic.path(serviceArea, 0x0005), progress))
        }
        effect.changes = changes + effect.changes
        return effect
    }

    /// Progress at a run's end: each entry not Skipped is Completed when its room's phase is among `finished`, else
    /// Skipped.
    static func finalProgress(_ progress: AttributeValue?, finished: Set<Int>, ids: [Int64]) -> AttributeValue? {
        guard case .list(let entries)? = progress else { return nil }
        return .list(
            entries.map { entry in
                guard case .structure(var fields) = entry, let id = fields[0]?.integerValue,
                    fields[1]?.integerValue != 2
                else { return entry }
                fields[1] = .unsigned(ids.firstIndex(of: id).map(finished.contains) == true ? 3 : 2)
                return .structure(fields)
            })
    }

    /// The first mode with the Idle tag.
    static func idleMode(_ modes: AttributeValue?) -> Int64? {
        guard case .list(let options)? = modes else { return nil }
        for case .structure(let option) in options {
            if let mode = option[1]?.integerValue, tags(of: mode, in: modes)?.contains(idleTag) == true { return mode }
        }
        return nil
    }

    /// What moves by itself on the way home: BatChargeState (until the dock is reached) and BatPercentRemaining.
    @Sendable static func movements(_ endpoint: EndpointID) -> [AttributePath] {
        [0x001A, 0x000C].map { AttributePath(endpoint: endpoint, cluster: powerSource, attribute: $0) }
    }

    /// Service Area following the run in phase `phase` (1.17.6.4 CurrentArea, 1.17.6.6 Progress), each time the
    /// engine reports it: CurrentArea is the phase's room, and Progress has the rooms before it Completed, it
    /// Operating and the later ones Pending (a Skipped one stays Skipped). At the end `ended` has the last word.
    @Sendable static func inRoom(_ data: NodeData, _ endpoint: EndpointID, _ phase: Int) -> [(
        AttributePath, AttributeValue
    )] {
        let ids = areaIDs(data, endpoint: endpoint)
        guard ids.indices.contains(phase) else { return [] }
        let progressPath = AttributePath(endpoint: endpoint, cluster: serviceArea, attribute: 0x0005)
        guard case .list(let progress)? = data[progressPath] else { return [] }
        let order = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
        let updated: [AttributeValue] = progress.map { entry in
            guard case .structure(var fields) = entry, let id = fields[0]?.integerValue, fields[1]?.integerValue != 2
            else { return entry }
            let index = order[id] ?? Int.max
            fields[1] = .unsigned(index == phase ? 1 : index < phase ? 3 : 0)
            return .structure(fields)
        }
        return [
            (AttributePath(endpoint: endpoint, cluster: serviceArea, attribute: 0x0003), .unsigned(UInt64(ids[phase]))),
            (progressPath, .list(updated)),
        ]
    }
}
