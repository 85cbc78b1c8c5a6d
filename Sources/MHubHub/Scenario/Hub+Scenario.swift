import MHubJSON
import MHubProtocol
import MatterDataModel

/// Scenarios: a home loaded from a file, and a timeline run on the hub's clock (docs/scenarios.md).
extension Hub {
    /// Who runs a scenario's commands: the hub itself, with every scope; no connection hears its replies.
    static let scenarioClient = ClientInfo(
        connectionID: 0, principal: Principal("scenario"), scope: .admin, peer: "the scenario")

    /// `load_scenario {"text": …, "files": {name: text}}`: replaces the home with the scenario's, or, when the
    /// scenario has an error, answers InvalidScenario with its line and column and changes nothing.
    mutating func loadScenario(_ request: LoadScenario, now: Timestamp, _ outcome: inout HubOutcome)
        throws(HubError) -> ScenarioStatus?
    {
        let scenario: Scenario
        do {
            scenario = try ScenarioDecoder.decode(Array(request.text.utf8), files: request.files)
        } catch {
            throw error.hubError
        }
        try apply(scenario, now: now, &outcome)
        return scenarioStatus
    }

    func getScenario(_: GetScenario) -> ScenarioStatus? { scenarioStatus }

    /// `reset_scenario`: back to the loaded scenario's start, its timeline from zero.
    mutating func resetScenario(_: ResetScenario, now: Timestamp, _ outcome: inout HubOutcome)
        throws(HubError) -> ScenarioStatus?
    {
        guard let loaded = scenario?.scenario else { throw HubError(.invalidScenario, "no scenario is loaded") }
        try apply(loaded, now: now, &outcome)
        return scenarioStatus
    }

    var scenarioStatus: ScenarioStatus? { scenario?.status }

    /// A scenario loaded by the daemon at start (`mhubd --scenario`): all of it, or nothing and the error.
    public mutating func loadScenario(_ scenario: Scenario, now: Timestamp) -> Result<HubOutcome, HubError> {
        var next = self
        var outcome = HubOutcome()
        do {
            try next.apply(scenario, now: now, &outcome)
        } catch {
            return .failure(error)
        }
        self = next
        return .success(outcome)
    }

    /// Empties the home and builds the scenario's: structures and rooms, the timing profile, simulated devices,
    /// commissioned devices in their state, imported nodes, then permissions, faults and behaviours; its
    /// timeline starts now. On an error the caller drops `self` and `outcome` (`Hub.handle` does).
    mutating func apply(_ loaded: Scenario, now: Timestamp, _ outcome: inout HubOutcome) throws(HubError) {
        clearHome(reason: "a scenario was loaded", &outcome)
        var progress = ScenarioRun(scenario: loaded, startedAt: now)
        if loaded.structures.isEmpty {
            populateHome(&outcome)
        }
        for structure in loaded.structures {
            guard
                let id = try self.run(
                    CreateStructure(name: structure.name), at: structure.position, now: now, &outcome)?
                    .id
            else { continue }
            progress.structures[structure.name] = id
            for room in structure.rooms {
                _ = try self.run(CreateRoom(name: room, structureID: id), at: structure.position, now: now, &outcome)
            }
        }
        if let profile = loaded.timingProfile {
            _ = try self.run(SetTimingProfile(profile: profile), at: .init(line: 1, column: 1), now: now, &outcome)
        }
        for command in loaded.networks {
            _ = try self.run(command, in: progress, now: now, &outcome)
        }
        for device in loaded.simulatedDevices {
            let made = try self.run(device.request, at: device.position, now: now, &outcome)
            if let id = device.id, let simulated = made?.id {
                progress.simulatedDevices[id] = simulated
            }
        }
        for device in loaded.devices {
            guard let simulated = try self.run(device.simulated, at: device.position, now: now, &outcome)?.id else {
                continue
            }
            progress.simulatedDevices[device.id] = simulated
            progress.nodes[device.id] = try addCommissioned(
                device, simulated: simulated, in: progress, now: now, &outcome)
        }
        for entry in loaded.imports {
            let structureID = entry.structure.flatMap { progress.structures[$0] } ?? defaultStructureID
            let ids: [NodeID]
            do {
                ids = try importNodes(
                    dump: entry.dump, structureID: structureID,
                    roomID: entry.room.flatMap { room(named: $0, in: structureID)?.id }, name: entry.name, now: now,
                    &outcome)
            } catch {
                throw ScenarioError(position: entry.position, pointer: "", reason: "import: \(error.details)").hubError
            }
            if let id = entry.id, let first = ids.first { progress.nodes[id] = first }
        }
        for command in loaded.setup {
            _ = try self.run(command, in: progress, now: now, &outcome)
        }
        scenario = progress
        outcome.events.append(HubEvent(.scenarioUpdated, ScenarioUpdate.loaded(progress.status)))
    }

    /// A device of the scenario put on the fabric as commissioning would have, in its room and state.
    private mutating func addCommissioned(
        _ device: Scenario.Device, simulated: SimulatedDeviceID, in run: ScenarioRun, now: Timestamp,
        _ outcome: inout HubOutcome
    ) throws(HubError) -> NodeID {
        guard let simulatedDevice = state.simulatedDevices[simulated] else { return 0 }
        let structureID = device.structure.flatMap { run.structures[$0] } ?? defaultStructureID
        let nodeID = simulatedDevice.networkNodeID ?? state.counters.nextNodeID
        var node = makeNode(from: simulatedDevice, id: nodeID, structureID: structureID, now: now)
        node.name = device.name
        node.roomID = device.room.flatMap { room(named: $0, in: structureID)?.id }
        for attribute in device.attributes {
            do {
                node.data[attribute.path] = try validatedValue(
                    attribute.value, at: attribute.path, in: node, asWrite: false)
            } catch {
                throw ScenarioError(position: attribute.position, pointer: "", reason: error.hubError.details).hubError
            }
        }
        return addToHome(node, &outcome).id
    }

    /// Runs one of the scenario's commands with its names resolved.
    private mutating func run(
        _ command: Scenario.Command, in run: ScenarioRun, now: Timestamp, _ outcome: inout HubOutcome
    )
        throws(HubError) -> JSONValue?
    {
        var arguments = command.arguments
        if let device = command.device, let argument = command.deviceArgument {
            let id: Int64? =
                switch argument {
                case .node: run.nodes[device].map { Int64($0) }
                case .simulatedDevice: run.simulatedDevices[device]
                }
            guard let id else {
                throw ScenarioError(position: command.position, pointer: "", reason: "\"\(device)\" was not made")
                    .hubError
            }
            arguments[argument.argument.rawValue] = .integer(id)
        }
        if let structure = command.structure, let id = run.structures[structure] {
            arguments[IdentifyingArgument.structureID.rawValue] = .integer(id)
        }
        return try self.run(command.command, arguments, at: command.position, now: now, &outcome)
    }

    /// Runs a typed request as the scenario, its reply read back.
    private mutating func run<Request: ProtocolRequest>(
        _ request: Request, at position: JSONDocument.Position, now: Timestamp, _ outcome: inout HubOutcome
    ) throws(HubError) -> Request.Reply? {
        try self.run(Request.command, request.arguments, at: position, now: now, &outcome).flatMap {
            try? Request.Reply(json: $0)
        }
    }

    /// Runs a command as the scenario; its errors become InvalidScenario at `position`.
    private mutating func run(
        _ command: HubCommand, _ arguments: [String: JSONValue], at position: JSONDocument.Position, now: Timestamp,
        _ outcome: inout HubOutcome
    ) throws(HubError) -> JSONValue? {
        let request = HubRequest(messageID: .null, command: command.rawValue, args: .object(arguments))
        do {
            return try route(request, client: Self.scenarioClient, now: now, outcome: &outcome)?.value
        } catch {
            throw HubError(.invalidScenario, "\(position): \(command): \(error.details)")
        }
    }

    // MARK: the timeline

    /// Runs the timeline's steps that are due, each at its own time; a step that fails is recorded and skipped,
    /// and changes nothing.
    mutating func advanceScenario(now: Timestamp, _ outcome: inout HubOutcome) {
        while var run = scenario, let due = run.nextStepAt, due <= now {
            let index = run.next
            let entry = run.scenario.timeline[index]
            run.next += 1
            let before = self
            var staged = HubOutcome()
            var failure: String?
            do {
                _ = try self.run(entry.command, in: run, now: due, &staged)
            } catch {
                self = before
                staged = HubOutcome()
                failure = error.details
                run.failures.append(ScenarioRun.Failure(step: index, reason: error.details))
            }
            scenario = run
            outcome.changes += staged.changes
            outcome.events += staged.events
            outcome.outputs += staged.outputs
            let step = ScenarioUpdate.stepRun(
                step: Int64(index), atMilliseconds: entry.at, action: entry.action,
                finished: run.next >= run.scenario.timeline.count, error: failure)
            outcome.events.append(HubEvent(.scenarioUpdated, step))
        }
    }
}
