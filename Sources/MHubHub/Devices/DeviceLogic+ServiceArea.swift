import MatterDataModel

/// Service Area's commands (Application Cluster Specification 1.17.7) on a robot without SelectWhileRunning: each
/// answered with its response's Status and StatusText.
extension DeviceLogic {
    static func serviceArea(_ call: Invocation) throws(InteractionError) -> (DeviceEffect, Response?) {
        let logic = RVCLogic(node: call.node, endpoint: call.endpoint)
        let supported = RVCLogic.areaIDs(call.node.data, endpoint: call.endpoint)
        func answer(_ status: UInt64, _ text: String = "") -> Response {
            ["status": .unsigned(status), "statusText": .string(text)]
        }
        switch call.command.name {
        case "SelectAreas":
            // 1.17.7.1, 1.17.5.6.1: duplicates count once; an area not in SupportedAreas is UnsupportedArea (1); without
            // SelectWhileRunning a change while a run is under way is InvalidInMode (2); else SelectedAreas is the
            // new list (empty: every area).
            guard case .list(let asked)? = call.fields["newAreas"] else { throw invalidCommand(call) }
            var areas: [Int64] = []
            for area in asked.compactMap(\.integerValue) where !areas.contains(area) { areas.append(area) }
            if let unknown = areas.first(where: { !supported.contains($0) }) {
                return (DeviceEffect(), answer(1, "area \(unknown) is none of SupportedAreas"))
            }
            let selected = call.value(0x0002)
            if logic.hasRun, selected != .list(areas.map { .unsigned(UInt64($0)) }) {
                return (DeviceEffect(), answer(2, "the areas cannot change while the robot cleans"))
            }
            var effect = DeviceEffect()
            effect.changes.append((call.path(0x0002), .list(areas.map { .unsigned(UInt64($0)) })))
            return (effect, answer(0))
        case "SkipArea":
            // 1.17.7.3, 1.17.5.6.2: InvalidAreaList (1) while SelectedAreas is empty (a run of every room skips
            // none: 1.17.7.1.1); InvalidSkippedArea (3) for an area not supported, and (mhub's choice, where the
            // specification is silent) for one not left to clean in this run (not Pending or Operating in Progress);
            // InvalidInMode (2) when no run is under way; else the area is Skipped and the run goes on to the next
            // one (or ends: Success, the robot stops operating).
            guard let skipped = call.field("skippedArea") else { throw invalidCommand(call) }
            if call.value(0x0002) == .list([]) { return (DeviceEffect(), answer(1, "SelectedAreas is empty")) }
            guard let index = supported.firstIndex(of: skipped) else {
                return (DeviceEffect(), answer(3, "area \(skipped) is none of SupportedAreas"))
            }
            guard logic.hasRun else { return (DeviceEffect(), answer(2, "the robot is not cleaning")) }
            guard case .list(let progress)? = call.value(0x0005),
                let entry = progress.firstIndex(where: {
                    guard case .structure(let fields) = $0 else { return false }
                    return fields[0]?.integerValue == skipped && [0, 1].contains(fields[1]?.integerValue ?? 2)
                })
            else { return (DeviceEffect(), answer(3, "area \(skipped) is not left to clean in this run")) }
            var updated = progress
            if case .structure(var fields) = updated[entry] {
                fields[1] = .unsigned(2)
                updated[entry] = .structure(fields)
            }
            var effect = DeviceEffect()
            effect.changes.append((call.path(0x0005), .list(updated)))
            effect.programs.append(
                ProgramChange(endpoint: call.endpoint, cluster: RVCLogic.operationalState, control: .skip(phase: index))
            )
            return (effect, answer(0))
        default:
            throw unsupported(call)
        }
    }

    static func invalidCommand(_ call: Invocation) -> InteractionError {
        InteractionError(.invalidCommand, "\(call.cluster.name).\(call.command.name) has no valid fields")
    }

    /// The robot's start button (`--as-physical` OperationalState Running, 7.4): a robot that is not cleaning
    /// starts a run as RVC Run Mode's Cleaning does (its run mode Cleaning); a paused or held one goes on as the
    /// base's Start button does.
    static func rvcStartButton(at path: AttributePath, in node: Node, now: Timestamp, _ effect: inout DeviceEffect) {
        let logic = RVCLogic(node: node, endpoint: path.endpoint)
        guard !logic.hasRun, logic.state != 1 else {
            operationalStateSetAtDevice(.unsigned(1), at: path, in: node, &effect)
            return
        }
        guard let start = logic.start(now: now) else { return }
        let modes = logic.value(RVCLogic.runMode, 0x0000)
        if case .list(let options)? = modes {
            for case .structure(let option) in options {
                if let mode = option[1]?.integerValue, RVCLogic.tags(of: mode, in: modes)?.contains(0x4001) == true {
                    effect.changes.append((logic.path(RVCLogic.runMode, 0x0001), .unsigned(UInt64(mode))))
                    break
                }
            }
        }
        effect.stopping += start.stopping
        effect.changes += start.changes
        effect.programs += start.programs
    }
}
