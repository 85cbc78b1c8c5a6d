import MHubJSON
import MHubProtocol
import MatterDataModel

/// Firmware updates, simulated (docs/devices.md, "Firmware updates"): an update offered to a device
/// (`set_firmware_update`, a scenario's `firmware_update`), found as the OHF server finds one in the DCL
/// (`check_node_update`) and installed through the OTA Requestor cluster's states on the hub's clock (`update_node`).
extension Hub {
    static let otaRequestor = ClusterDefinition.otaSoftwareUpdateRequestor.id
    static let updateStatePath = AttributePath(endpoint: 0, cluster: otaRequestor, attribute: 0x0002)
    static let updateProgressPath = AttributePath(endpoint: 0, cluster: otaRequestor, attribute: 0x0003)
    static let softwareVersionPath = AttributePath(endpoint: 0, cluster: 0x0028, attribute: 0x0009)
    static let softwareVersionStringPath = AttributePath(endpoint: 0, cluster: 0x0028, attribute: 0x000A)

    /// `set_firmware_update {node_id | simulated_device_id, update}` (admin): offers `update` (`{software_version,
    /// software_version_string, release_notes_url?, size_bytes?}`) to the device, or withdraws its offer (null).
    mutating func setFirmwareUpdate(_ request: SetFirmwareUpdate, _ outcome: inout HubOutcome) throws(HubError)
        -> FirmwareStatus
    {
        let (nodeID, simulatedID) = (request.nodeID, request.simulatedDeviceID)
        let offer = request.update == .null ? nil : try FirmwareOffer(json: request.update)
        var device = try updatableDevice(nodeID: nodeID, simulatedID: simulatedID)
        if let offer, offer.version <= device.firmware.version {
            throw HubError(
                .invalidArguments,
                "software_version \(offer.version) is not newer than the device's \(device.firmware.version)")
        }
        device.firmware.offer = offer
        state.simulatedDevices[device.id] = device
        outcome.changes.append(.saveSimulatedDevice(device))
        return device.firmware.status
    }

    /// The simulated device `node_id` or `simulated_device_id` names (one of them).
    private func updatableDevice(nodeID: NodeID?, simulatedID: SimulatedDeviceID?) throws(HubError)
        -> SimulatedDevice
    {
        switch (nodeID, simulatedID) {
        case (let nodeID?, nil):
            let node = try node(nodeID)
            guard let id = node.simulatedDeviceID, let device = state.simulatedDevices[id] else {
                throw HubError(.invalidArguments, "node \(nodeID) is not a simulated device (an imported node)")
            }
            return device
        case (nil, let id?):
            guard let device = state.simulatedDevices[id] else {
                throw HubError(.simulatedDeviceNotFound, "no simulated device \(id)")
            }
            return device
        default:
            throw HubError(.invalidArguments, "give node_id or simulated_device_id, one of them")
        }
    }

    /// `check_node_update {node_id}` (OHF): the update waiting for the node as python-matter-server's
    /// `MatterSoftwareVersion`, or null. Its source is "local": mhub's own table, not the CSA's DCL.
    func checkNodeUpdate(_ request: CheckNodeUpdate, client: ClientInfo) throws(HubError) -> MatterSoftwareVersion? {
        let node = try node(request.nodeID)
        try checkAccess(to: node, for: client)
        guard let id = node.simulatedDeviceID, let device = state.simulatedDevices[id],
            let offer = device.firmware.offer
        else { return nil }
        return MatterSoftwareVersion(
            vendorID: Int64(device.vendorID), productID: Int64(device.productID), softwareVersion: Int64(offer.version),
            softwareVersionString: offer.versionString, minApplicableSoftwareVersion: 0,
            maxApplicableSoftwareVersion: Int64(offer.version) - 1, releaseNotesURL: offer.releaseNotesURL,
            updateSource: "local")
    }

    /// `update_node {node_id, software_version}` (OHF): installs the offered update; the reply (null) comes once the
    /// device runs it, or UpdateError when it fails (the `update_failure` fault) or one is under way already.
    mutating func updateNode(
        _ update: UpdateNode, request: HubRequest, client: ClientInfo, now: Timestamp, _ outcome: inout HubOutcome
    ) throws(HubError) -> JSONValue? {
        let node = try node(update.nodeID)
        let requested = update.softwareVersion
        try checkAccess(to: node, for: client)
        guard let id = node.simulatedDeviceID, let device = state.simulatedDevices[id],
            let offer = device.firmware.offer,
            requested == String(offer.version) || requested == offer.versionString
        else {
            throw HubError(.updateCheckError, "software version \(requested) is not available for node \(node.id)")
        }
        guard devices.updates[node.id] == nil else {
            throw HubError(.updateError, "node \(node.id) is already in the process of updating")
        }
        if faults.unreachableDevices.contains(id) {
            throw HubError(.nodeNotReady, "node \(node.id) is unreachable")
        }
        let run = FirmwareUpdateRun(
            nodeID: node.id, connectionID: client.connectionID, messageID: request.messageID, offer: offer, now: now,
            failsAt: faults.failingUpdates[id])
        devices.updates[node.id] = run
        var effect = DeviceEffect()
        effect.changes = [(Self.updateStatePath, .unsigned(FirmwareUpdateRun.Stage.querying.updateState.rawValue))]
        effect.events = [stateTransition(from: .idle, to: .querying, reason: 0, target: offer.version)]
        apply(effect, to: node.id, now: now, &outcome)
        return nil
    }

    /// Moves every update whose step is due.
    mutating func stepUpdates(now: Timestamp, _ outcome: inout HubOutcome) {
        while let run = devices.updates.values.filter({ $0.nextAt <= now }).min(by: { $0.nextAt < $1.nextAt }) {
            guard let node = state.nodes[run.nodeID], let deviceID = node.simulatedDeviceID,
                var device = state.simulatedDevices[deviceID]
            else {
                devices.updates[run.nodeID] = nil
                reply(
                    to: run, .failure(HubError(.updateError, "node \(run.nodeID) was removed during its update")),
                    &outcome)
                continue
            }
            let (step, next) = run.step(now: run.nextAt)
            devices.updates[run.nodeID] = next
            var effect = DeviceEffect()
            switch step {
            case .entered(let stage, let progress):
                if stage == .applying { effect.changes.append((Self.updateProgressPath, .unsigned(100))) }
                effect.changes += [
                    (Self.updateStatePath, .unsigned(stage.updateState.rawValue)),
                    (Self.updateProgressPath, progress.map { .unsigned(UInt64($0)) } ?? .null),
                ]
                effect.events.append(
                    stateTransition(
                        from: run.stage.updateState, to: stage.updateState, reason: 1, target: run.offer.version))
            case .progressed(let progress):
                effect.changes.append((Self.updateProgressPath, .unsigned(UInt64(progress))))
            case .failed(let stage, let progress):
                if stage == .downloading {
                    let downloaded = UInt64(run.offer.sizeBytes) * UInt64(progress ?? 0) / 100
                    effect.events.append(
                        NodeEventRecord(
                            endpoint: 0, cluster: Self.otaRequestor, event: 0x02, priority: 1,
                            data: [
                                0: .unsigned(UInt64(run.offer.version)), 1: .unsigned(downloaded),
                                2: progress.map { .unsigned(UInt64($0)) } ?? .null, 3: .null,
                            ]
                        ).named([0: "softwareVersion", 1: "bytesDownloaded", 2: "progressPercent", 3: "platformCode"]))
                }
                effect.changes += [
                    (Self.updateStatePath, .unsigned(ClusterDefinition.OTAUpdateState.idle.rawValue)),
                    (Self.updateProgressPath, .null),
                ]
                effect.events.append(
                    stateTransition(from: stage.updateState, to: .idle, reason: 2, target: run.offer.version))
                apply(effect, to: node.id, now: now, &outcome)
                reply(
                    to: run,
                    .failure(
                        HubError(
                            .updateError,
                            "the update of node \(node.id) to \(run.offer.versionString) failed while \(stage.rawValue) "
                                + "(update_failure fault)")), &outcome)
                continue
            case .installed:
                device.firmware.version = run.offer.version
                device.firmware.versionString = run.offer.versionString
                device.firmware.offer = nil
                state.simulatedDevices[deviceID] = device
                outcome.changes.append(.saveSimulatedDevice(device))
                effect.changes += [
                    (Self.softwareVersionPath, .unsigned(UInt64(run.offer.version))),
                    (Self.softwareVersionStringPath, .string(run.offer.versionString)),
                    (Self.updateStatePath, .unsigned(ClusterDefinition.OTAUpdateState.idle.rawValue)),
                    (Self.updateProgressPath, .null),
                ]
                if let reboots = node.data[Self.rebootCountPath]?.integerValue {
                    effect.changes.append((Self.rebootCountPath, .unsigned(UInt64(reboots + 1))))
                }
                effect.events += [
                    stateTransition(from: .applying, to: .idle, reason: 1, target: run.offer.version),
                    NodeEventRecord(
                        endpoint: 0, cluster: Self.otaRequestor, event: 0x01, priority: 2,
                        data: [0: .unsigned(UInt64(run.offer.version)), 1: .unsigned(UInt64(device.productID))]
                    ).named([0: "softwareVersion", 1: "productID"]),
                ]
                apply(effect, to: node.id, now: now, &outcome)
                // The device rebooted into the new version and announces itself again: a controller reads it anew.
                if let updated = state.nodes[node.id] {
                    outcome.events.append(
                        HubEvent(.nodeUpdated, matterNodeData(updated), structure: updated.structureID))
                }
                reply(to: run, .success(.null), &outcome)
                continue
            }
            apply(effect, to: node.id, now: now, &outcome)
        }
    }

    static let rebootCountPath = AttributePath(endpoint: 0, cluster: 0x0033, attribute: 0x0001)

    private func reply(to run: FirmwareUpdateRun, _ result: Result<JSONValue, HubError>, _ outcome: inout HubOutcome) {
        outcome.replies.append(HubReply(connectionID: run.connectionID, messageID: run.messageID, result: result))
    }

    /// The OTA Requestor's StateTransition event (0x00): previous and new state, the reason (0 Unknown, 1 Success,
    /// 2 Failure) and the target version.
    private func stateTransition(
        from previous: ClusterDefinition.OTAUpdateState, to new: ClusterDefinition.OTAUpdateState, reason: UInt64,
        target: UInt32
    ) -> NodeEventRecord {
        NodeEventRecord(
            endpoint: 0, cluster: Self.otaRequestor, event: 0x00, priority: 1,
            data: [
                0: .unsigned(previous.rawValue), 1: .unsigned(new.rawValue), 2: .unsigned(reason),
                3: .unsigned(UInt64(target)),
            ]
        ).named([0: "previousState", 1: "newState", 2: "reason", 3: "targetSoftwareVersion"])
    }
}
