import MHubJSON
import MHubProtocol
import MatterDataModel

/// Faults, permissions, timing and reset: what tests switch to reach every path.
extension Hub {
    /// `set_fault`: one fault on or off; see docs/protocol.md "Faults".
    mutating func setFault(_ request: SetFault, now: Timestamp, _ outcome: inout HubOutcome) throws(HubError)
        -> FaultsStatus
    {
        let enabled = request.enabled
        switch request.fault {
        case .hubOffline:
            faults.hubOffline = enabled
        case .deviceUnreachable(let id):
            guard state.simulatedDevices[id] != nil else {
                throw HubError(.simulatedDeviceNotFound, "no simulated device \(id)")
            }
            let changed = faults.unreachableDevices.contains(id) != enabled
            if enabled { faults.unreachableDevices.insert(id) } else { faults.unreachableDevices.remove(id) }
            // The node of a commissioned device becomes (un)available, as OHF clients see it, and its bridged
            // Reachable follows, with a ReachableChanged event.
            if changed, let nodeID = state.simulatedDevices[id]?.nodeID, let node = state.nodes[nodeID] {
                outcome.events.append(HubEvent(.nodeUpdated, matterNodeData(node), structure: node.structureID))
                reachabilityChanged(node, reachable: !enabled, now: now, &outcome)
            }
        case .deviceUnresponsive(let id):
            guard state.simulatedDevices[id] != nil else {
                throw HubError(.simulatedDeviceNotFound, "no simulated device \(id)")
            }
            if enabled { faults.unresponsiveDevices.insert(id) } else { faults.unresponsiveDevices.remove(id) }
        case .stepFailure(let name, let modeName, let once):
            guard let step = CommissioningStep(name: name), step != .commissioned else {
                let names = CommissioningStep.allCases.dropLast().map(\.name).joined(separator: ", ")
                throw HubError(.invalidArguments, "step must be one of \(names), not \"\(name)\"")
            }
            guard let mode = HubFaults.StepFailure(rawValue: modeName ?? "fail") else {
                throw HubError(.invalidArguments, "mode must be fail or timeout, not \"\(modeName ?? "")\"")
            }
            faults.failingSteps[step] = enabled ? mode : nil
            if enabled && once == true { faults.failingOnce.insert(step) } else { faults.failingOnce.remove(step) }
        case .slowDevice(let latencyMilliseconds, let id):
            let latency = latencyMilliseconds ?? 0
            guard (0...600_000).contains(latency) else {
                throw HubError(.invalidArguments, "latency_ms must be 0 to 600000")
            }
            if let id {
                guard state.simulatedDevices[id] != nil else {
                    throw HubError(.simulatedDeviceNotFound, "no simulated device \(id)")
                }
                faults.deviceLatency[id] = enabled && latency > 0 ? latency : nil
            } else {
                faults.allDevicesLatency = enabled ? latency : 0
            }
        case .writeFailure(let id, let delayMilliseconds, let statusName):
            let (delay, statusName) = (delayMilliseconds ?? 1000, statusName ?? "FAILURE")
            guard state.simulatedDevices[id] != nil else {
                throw HubError(.simulatedDeviceNotFound, "no simulated device \(id)")
            }
            guard (0...600_000).contains(delay) else {
                throw HubError(.invalidArguments, "delay_ms must be 0 to 600000")
            }
            guard let status = InteractionStatus(name: statusName), status != .success else {
                throw HubError(
                    .invalidArguments,
                    "status must be a Matter status name such as FAILURE or BUSY, not \"\(statusName)\"")
            }
            faults.failingWrites[id] = enabled ? HubFaults.WriteFailure(delay: delay, status: status) : nil
        case .updateFailure(let id, let stageName):
            let stageName = stageName ?? FirmwareUpdateRun.Stage.downloading.rawValue
            guard state.simulatedDevices[id] != nil else {
                throw HubError(.simulatedDeviceNotFound, "no simulated device \(id)")
            }
            guard let stage = FirmwareUpdateRun.Stage(rawValue: stageName) else {
                let names = FirmwareUpdateRun.Stage.allCases.map(\.rawValue).joined(separator: ", ")
                throw HubError(.invalidArguments, "stage must be one of \(names), not \"\(stageName)\"")
            }
            faults.failingUpdates[id] = enabled ? stage : nil
        case .slowSync(let latencyMilliseconds):
            let latency = latencyMilliseconds ?? 0
            guard (0...600_000).contains(latency) else {
                throw HubError(.invalidArguments, "latency_ms must be 0 to 600000")
            }
            faults.syncLatency = enabled ? latency : 0
        case .applianceError(let id, let errorState):
            try setApplianceError(id, errorState: errorState, enabled: enabled, now: now, &outcome)
        }
        outcome.events.append(HubEvent(.faultsUpdated, faultsStatus))
        return faultsStatus
    }

    func getFaults(_ request: GetFaults) -> FaultsStatus {
        faultsStatus
    }

    mutating func clearFaults(_ request: ClearFaults, now: Timestamp, _ outcome: inout HubOutcome) -> FaultsStatus {
        let unreachable = faults.unreachableDevices
        for id in faults.applianceErrors.keys.sorted() {
            try? setApplianceError(id, errorState: nil, enabled: false, now: now, &outcome)
        }
        faults = HubFaults()
        for id in unreachable.sorted() {
            if let nodeID = state.simulatedDevices[id]?.nodeID, let node = state.nodes[nodeID] {
                // Available again, as OHF clients see it (they keep a node unavailable until told).
                outcome.events.append(HubEvent(.nodeUpdated, matterNodeData(node), structure: node.structureID))
                reachabilityChanged(node, reachable: true, now: now, &outcome)
            }
        }
        outcome.events.append(HubEvent(.faultsUpdated, faultsStatus))
        return faultsStatus
    }

    /// The faults in effect, as the protocol reports them.
    var faultsStatus: FaultsStatus {
        FaultsStatus(
            hubOffline: faults.hubOffline, unreachableDevices: faults.unreachableDevices.sorted(),
            unresponsiveDevices: faults.unresponsiveDevices.sorted(),
            failingSteps: Dictionary(
                uniqueKeysWithValues: faults.failingSteps.map { ($0.key.name, $0.value.rawValue) }),
            failingOnce: faults.failingOnce.map(\.name).sorted(), latencyMilliseconds: faults.allDevicesLatency,
            deviceLatencyMilliseconds: Dictionary(
                uniqueKeysWithValues: faults.deviceLatency.map { (String($0.key), $0.value) }),
            failingWrites: Dictionary(
                uniqueKeysWithValues: faults.failingWrites.map {
                    (
                        String($0.key),
                        FaultsStatus.WriteFailure(delayMilliseconds: $0.value.delay, status: $0.value.status.name)
                    )
                }),
            syncLatencyMilliseconds: faults.syncLatency,
            failingUpdates: Dictionary(
                uniqueKeysWithValues: faults.failingUpdates.map { (String($0.key), $0.value.rawValue) }),
            applianceErrors: Dictionary(
                uniqueKeysWithValues: faults.applianceErrors.map { (String($0.key), Int64($0.value.error)) }))
    }

    /// `appliance_error`: the device's node reports the error (`ApplianceFault`) as the machine reports one of its
    /// own, until it is switched off. Only a device with a node (in the home or on the network) that has an
    /// operational state or a charger takes it.
    mutating func setApplianceError(
        _ id: SimulatedDeviceID, errorState: Int64?, enabled: Bool, now: Timestamp, _ outcome: inout HubOutcome
    ) throws(HubError) {
        guard let device = state.simulatedDevices[id] else {
            throw HubError(.simulatedDeviceNotFound, "no simulated device \(id)")
        }
        guard let nodeID = device.nodeID ?? device.networkNodeID, let node = state.nodes[nodeID] else {
            throw HubError(.invalidArguments, "simulated device \(id) has no node yet: commission it first")
        }
        let paths = ApplianceFault.paths(in: node.data)
        guard !paths.isEmpty else {
            throw HubError(
                .invalidArguments,
                "simulated device \(id) (\(device.template)) is no appliance: it has no operational state or charger")
        }
        if let errorState, !(1...255).contains(errorState) {
            throw HubError(.invalidArguments, "error_state must be 1 to 255 (0 is NoError), not \(errorState)")
        }
        let error = enabled ? errorState.map { UInt8($0) } ?? ApplianceFault.defaultError(in: node.data) : nil
        guard faults.applianceErrors[id]?.error != error else { return }
        for path in paths {
            applyPhysically(ApplianceFault.reported(error, at: path), at: path, of: nodeID, now: now, &outcome)
        }
        faults.applianceErrors[id] = error.map { ApplianceFault(error: $0) }
    }

    /// `set_permission`: grants or revokes a principal's permission on a structure.
    mutating func setPermission(_ request: SetPermission, _ outcome: inout HubOutcome) throws(HubError)
        -> PermissionEntry
    {
        let principal = Principal(request.principal)
        let structureID = request.structureID ?? defaultStructureID
        let granted = request.granted
        guard state.structures[structureID] != nil else {
            throw HubError(.structureNotFound, "no structure \(structureID)")
        }
        let key = HubState.PermissionKey(principal: principal, structureID: structureID)
        if !granted && !state.revoked.contains(key) {
            try checkQuota(state.revoked.count, HubQuotas.revokedPermissions, "revoked permissions")
        }
        if granted { state.revoked.remove(key) } else { state.revoked.insert(key) }
        outcome.changes.append(.savePermission(principal, structureID, granted: granted))
        return PermissionEntry(principal: principal.name, structureID: structureID, granted: granted)
    }

    func getPermissions(_ request: GetPermissions) -> [PermissionEntry] {
        state.revoked.sorted { ($0.principal.name, $0.structureID) < ($1.principal.name, $1.structureID) }
            .map { PermissionEntry(principal: $0.principal.name, structureID: $0.structureID, granted: false) }
    }

    mutating func setTimingProfile(_ request: SetTimingProfile) throws(HubError) -> TimingProfileSet {
        guard let profile = TimingProfile.named(request.profile) else {
            throw HubError(.invalidArguments, "profile must be instant or realistic, not \"\(request.profile)\"")
        }
        settings.profile = profile
        return TimingProfileSet(profile: profile.name)
    }

    /// `reset`: back to the configured initial state; the fabric identity stays. A loaded scenario is dropped
    /// (`reset_scenario` goes back to the scenario's start instead).
    mutating func reset(_: ResetHub, now: Timestamp, _ outcome: inout HubOutcome) -> HubWasReset {
        clearHome(reason: "the hub was reset", &outcome)
        if state.preferences != HubPreferences() {
            setPreferences(HubPreferences(), &outcome)
        }
        populateDefaults(now: now, &outcome)
        outcome.events.append(HubEvent(.hubReset, .null))
        return HubWasReset()
    }

    /// Empties the home: the open session is rolled back, every node, room, structure, simulated device,
    /// permission, fault, behaviour and scenario goes; the fabric identity and the preferences (`HubPreferences`)
    /// stay.
    mutating func clearHome(reason: String, _ outcome: inout HubOutcome) {
        if desk.session != nil {
            endSession(reason: .reset, error: HubError(.sessionCancelled, reason), &outcome)
        }
        for node in state.nodes.values.sorted(by: { $0.id < $1.id }) where node.isInHome {
            outcome.events.append(HubEvent(.nodeRemoved, NodeRemoved(nodeID: node.id), structure: node.structureID))
        }
        for device in state.simulatedDevices.values.sorted(by: { $0.id < $1.id }) where device.onNetwork {
            outcome.outputs.append(.deviceNode(device.id, .stopped))
        }
        run.deviceNodes = [:]
        if !bridge.endpoints.isEmpty {
            outcome.outputs.append(.bridgeChanged(.endpoints(added: [], removed: bridge.endpoints)))
        }
        // Bridged endpoint numbers go on counting, so a controller that knew the old devices never meets one of
        // their numbers on another device.
        let nextBridgedEndpoint = state.counters.nextBridgedEndpoint
        // The nodes' table is emptied, not replaced: it keeps the undo log of the request (`Hub.handle`).
        var nodes = state.nodes
        state = HubState(fabric: state.fabric, preferences: state.preferences)
        nodes.removeAll()
        state.nodes = nodes
        state.counters.nextBridgedEndpoint = nextBridgedEndpoint
        bridge = BridgeIndex()
        faults = HubFaults()
        devices = DeviceRuntime()
        desk.reset()
        scenario = nil
        listening.dropNotifications(of: nil)
        outcome.changes.append(.deleteAll)
    }
}
