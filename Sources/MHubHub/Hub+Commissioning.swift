import MHubJSON
import MHubProtocol
import MatterDataModel
import MatterOnboarding

/// Commissioning sessions: one at a time, owned by a connection, walked step by step, rolled back on
/// cancel, deadline or disconnect (the Google Home APIs flow; docs/protocol.md "Commissioning").
extension Hub {
    mutating func prepare(
        _ request: PrepareCommissioning, client: ClientInfo, now: Timestamp, _ outcome: inout HubOutcome
    )
        throws(HubError) -> SessionInfo
    {
        let structureID = try structure(id: request.scope.structureID, home: request.scope.home) ?? defaultStructureID
        let appGroup = try appGroup(request.scope.appGroup, client: client)
        try checkStructure(structureID, for: client)
        try checkOnline()
        try checkNoSession()
        let opened = openSession(
            structureID: structureID, client: client, implicit: false, appGroup: appGroup, now: now)
        outcome.events.append(sessionEvent(.prepared))
        return opened.info(hub: self)
    }

    /// `commission_with_code`: within the caller's prepared session, or in an implicit one.
    mutating func commission(
        _ withCode: CommissionWithCode, request: HubRequest, client: ClientInfo, now: Timestamp,
        _ outcome: inout HubOutcome
    ) throws(HubError) -> JSONText? {
        let (code, profileName) = (withCode.code, withCode.timing)
        let appGroup = try appGroup(withCode.scope.appGroup, client: client)
        let home = try structure(id: withCode.scope.structureID, home: withCode.scope.home)
        var profile = settings.profile
        if let profileName {
            guard let named = TimingProfile.named(profileName) else {
                throw HubError(.invalidArguments, "timing must be instant or realistic, not \"\(profileName)\"")
            }
            profile = named
        }
        let target = try Self.commissioningTarget(code)
        if let home, let current = desk.session, desk.role(of: client, in: current, appGroup: appGroup) != nil,
            home != current.structureID
        {
            throw HubError(.sessionState, "session \(current.id) is for structure \(current.structureID), not \(home)")
        }
        return try commission(
            target, profile: profile, appGroup: appGroup, request: request, client: client, now: now, &outcome)
    }

    /// Starts commissioning the device `target` describes, in this client's session or an implicit one.
    mutating func commission(
        _ target: CommissioningTarget, profile: TimingProfile? = nil, appGroup: String? = nil, request: HubRequest,
        client: ClientInfo, now: Timestamp, _ outcome: inout HubOutcome
    ) throws(HubError) -> JSONText? {
        let profile = profile ?? settings.profile
        if let current = desk.session {
            guard let role = desk.role(of: client, in: current, appGroup: appGroup) else { throw busyError(current) }
            if role == .member {
                try checkStructure(current.structureID, for: client)
            }
            guard case .prepared = current.state else {
                throw HubError(.sessionState, "session \(current.id) is \(current.stateName), not prepared")
            }
            try checkOnline()
        } else if let appGroup {
            throw HubError(.noSession, "app group \(appGroup) has no prepared session; its app prepares one")
        } else {
            try checkStructure(defaultStructureID, for: client)
            try checkOnline()
            _ = openSession(structureID: defaultStructureID, client: client, implicit: true, appGroup: nil, now: now)
            outcome.events.append(sessionEvent(.prepared))
        }
        let device = discoveredDevice(target)
        let run = CommissioningSession.Run(
            connectionID: client.connectionID, messageID: request.messageID, payload: target, deviceID: device?.id,
            step: .discovery, stepEndsAt: now, profile: profile)
        desk.session!.state = .running(run)
        startStep(.discovery, now: now, &outcome)
        advance(now: now, &outcome)
        return nil
    }

    /// The commissionable, reachable device discovery finds for `target`: of those its discriminator matches, one
    /// that takes its passcode first, then the lowest ID. Only the uncommissioned devices of the target's short
    /// discriminator are looked at (`SimulatedDeviceTable`), not the whole home.
    private func discoveredDevice(_ target: CommissioningTarget) -> SimulatedDevice? {
        let short =
            switch target.discriminator {
            case .long(let discriminator): SimulatedDeviceTable.short(discriminator)
            case .short(let short): short
            }
        var best: (rank: (Int, SimulatedDeviceID), device: SimulatedDevice)?
        for id in state.simulatedDevices.commissionable(short: short).keys {
            guard let device = state.simulatedDevices[id], device.nodeID == nil, target.matches(device),
                !faults.unreachableDevices.contains(id)
            else { continue }
            let rank = (device.passcode == target.passcode ? 0 : 1, id)
            if best.map({ rank < $0.rank }) ?? true {
                best = (rank, device)
            }
        }
        return best?.device
    }

    mutating func configure(_ request: ConfigureDevice, client: ClientInfo, _ outcome: inout HubOutcome)
        throws(HubError) -> SessionInfo
    {
        let (name, roomName, roomID) = (request.name, request.room, request.roomID)
        let appGroup = try appGroup(request.appGroup, client: client)
        var current = try sharedSession(client, appGroup: appGroup)
        guard case .commissioned = current.state else {
            throw HubError(.sessionState, "session \(current.id) is \(current.stateName); commission a device first")
        }
        if let name {
            current.deviceName = try validatedName(name, what: "the device name")
        }
        if let roomID {
            guard let room = state.rooms[roomID], room.structureID == current.structureID else {
                throw HubError(.roomNotFound, "room \(roomID) is not in structure \(current.structureID)")
            }
            current.roomID = room.id
        } else if let roomName {
            guard let room = room(named: roomName, in: current.structureID) else {
                throw HubError(.roomNotFound, "no room named \"\(roomName)\" in structure \(current.structureID)")
            }
            current.roomID = room.id
        }
        desk.session = current
        outcome.events.append(sessionEvent(.configured))
        return current.info(hub: self)
    }

    mutating func complete(_ request: CompleteCommissioning, client: ClientInfo, _ outcome: inout HubOutcome)
        throws(HubError) -> CommissioningCompleted
    {
        let appGroup = try appGroup(request.appGroup, client: client)
        guard let current = desk.session, try endingRole(of: client, appGroup: appGroup, &outcome) != nil else {
            if let previous = desk.completed[client.connectionID] {
                return previous
            }
            if let current = desk.session {
                throw notOwnedError(current)
            }
            throw HubError(.noSession, "this connection has no commissioning session")
        }
        guard case .commissioned = current.state else {
            throw HubError(.sessionState, "session \(current.id) is \(current.stateName); nothing to complete")
        }
        guard let result = finish(&outcome) else {
            throw HubError(.sessionState, "session \(current.id) has no device to complete")
        }
        return result
    }

    mutating func cancel(_ request: CancelCommissioning, client: ClientInfo, _ outcome: inout HubOutcome)
        throws(HubError) -> CommissioningCancelled
    {
        let appGroup = try appGroup(request.appGroup, client: client)
        guard let current = desk.session, try endingRole(of: client, appGroup: appGroup, &outcome) != nil else {
            if let current = desk.session, client.scope < .admin {
                throw notOwnedError(current)
            }
            if desk.session == nil {
                return CommissioningCancelled(cancelled: false, sessionID: nil)
            }
            // An admin may cancel anyone's session (a stuck test run).
            let id = desk.session!.id
            endSession(reason: .cancelled, error: HubError(.sessionCancelled, "session \(id) was cancelled"), &outcome)
            return CommissioningCancelled(cancelled: true, sessionID: id)
        }
        endSession(
            reason: .cancelled, error: HubError(.sessionCancelled, "session \(current.id) was cancelled"), &outcome)
        return CommissioningCancelled(cancelled: true, sessionID: current.id)
    }

    mutating func resume(_ request: ResumeCommissioning, client: ClientInfo, _ outcome: inout HubOutcome)
        throws(HubError) -> SessionInfo?
    {
        let id = request.sessionID
        let appGroup = try appGroup(request.appGroup, client: client)
        guard let current = desk.session, current.id == id else {
            throw HubError(.noSession, "no session \(id) is open")
        }
        guard current.ownerGoneAt != nil || current.owner.connectionID == client.connectionID else {
            throw HubError(.sessionNotOwned, "session \(id) belongs to \(current.owner.peer), which is connected")
        }
        // A session of an app group is adopted only from within the group.
        if current.appGroup != nil, desk.role(of: client, in: current, appGroup: appGroup) == nil {
            throw notOwnedError(current)
        }
        try adoptSession(by: client, &outcome)
        return desk.session.map { $0.info(hub: self) }
    }

    /// `client` takes the session over from its owner (`resumed`); it needs permission on its structure.
    private mutating func adoptSession(by client: ClientInfo, _ outcome: inout HubOutcome) throws(HubError) {
        guard var current = desk.session else { return }
        try checkStructure(current.structureID, for: client)
        current.owner = client
        current.ownerGoneAt = nil
        current.unattendedSince = nil
        desk.session = current
        outcome.events.append(sessionEvent(.resumed))
    }

    func sessionInfo(_ request: GetSession) -> SessionInfo? {
        desk.session.map { $0.info(hub: self) }
    }

    // MARK: the steps

    /// Finishes every step whose time has come, and expires deadlines and grace periods.
    mutating func advance(now: Timestamp, _ outcome: inout HubOutcome) {
        while let current = desk.session {
            if let since = current.unattendedSince, now >= since + settings.disconnectGrace {
                endSession(
                    reason: .ownerDisconnected,
                    error: HubError(.sessionCancelled, "the session's owner disconnected"), &outcome)
                return
            }
            if now >= current.deadline {
                endSession(
                    reason: .expired,
                    error: HubError(.sessionExpired, "session \(current.id) passed its fail-safe deadline"), &outcome)
                return
            }
            guard case .running(let run) = current.state, now >= run.stepEndsAt else { return }
            finishStep(run, now: now, &outcome)
        }
    }

    private mutating func startStep(_ step: CommissioningStep, now: Timestamp, _ outcome: inout HubOutcome) {
        guard case .running(var run) = desk.session?.state else { return }
        run.step = step
        let duration: Int64
        if step == .discovery && run.deviceID == nil {
            duration = run.profile.discoveryTimeout
        } else if faults.failingSteps[step] == .timeout {
            duration = run.profile.stepTimeout
        } else {
            duration = (run.profile.stepDurations[step] ?? 0) + faults.latency(for: run.deviceID)
        }
        run.stepEndsAt = now + duration
        desk.session!.state = .running(run)
        outcome.events.append(progressEvent(step, "started", to: run.connectionID))
    }

    private mutating func finishStep(_ run: CommissioningSession.Run, now: Timestamp, _ outcome: inout HubOutcome) {
        if let error = failure(of: run) {
            if faults.failingSteps[run.step] != nil, faults.failingOnce.remove(run.step) != nil {
                // A one-shot fault has failed its commissioning: the next one runs clean.
                faults.failingSteps[run.step] = nil
                outcome.events.append(HubEvent(.faultsUpdated, faultsStatus))
            }
            outcome.events.append(progressEvent(run.step, "failed", error: error, to: run.connectionID))
            failRun(run, error, &outcome)
            return
        }
        outcome.events.append(progressEvent(run.step, "completed", to: run.connectionID))
        guard let next = run.step.next else { return }
        if next == .commissioned {
            outcome.events.append(progressEvent(.commissioned, "completed", to: run.connectionID))
            commissioned(run, now: now, &outcome)
        } else {
            startStep(next, now: now, &outcome)
        }
    }

    /// Why the run's current step fails, if it does.
    private func failure(of run: CommissioningSession.Run) -> HubError? {
        if faults.hubOffline {
            return HubError(.hubOffline, "the hub went offline during \(run.step.name)")
        }
        switch faults.failingSteps[run.step] {
        case .fail?: return HubError(.stepFailed, "step \(run.step.name) failed (fault injected)")
        case .timeout?: return HubError(.stepTimeout, "step \(run.step.name) timed out (fault injected)")
        case nil: break
        }
        switch run.step {
        case .discovery:
            guard run.deviceID.map({ !faults.unreachableDevices.contains($0) }) ?? false else {
                return HubError(.deviceNotFound, "no commissionable device with that discriminator answered")
            }
        case .pase:
            guard let id = run.deviceID, state.simulatedDevices[id]?.passcode == run.payload.passcode else {
                return HubError(.paseFailed, "PASE failed: the device rejected the passcode")
            }
        case .networkSetup:
            guard let id = run.deviceID, let device = state.simulatedDevices[id] else { break }
            return networkSetupFailure(device)
        case .attestation, .csr, .noc, .operationalDiscovery, .commissioned:
            break
        }
        return nil
    }

    private mutating func failRun(_ run: CommissioningSession.Run, _ error: HubError, _ outcome: inout HubOutcome) {
        // An implicit session is an OHF client's `commission_with_code`: it gets an OHF code.
        let reported = desk.session?.implicit == true ? error.ohfCompatible(command: .commissionWithCode) : error
        outcome.replies.append(
            HubReply(connectionID: run.connectionID, messageID: run.messageID, result: .failure(reported)))
        guard let current = desk.session else { return }
        if current.implicit {
            endSession(reason: .failed, error: nil, &outcome)
        } else {
            desk.session!.state = .prepared
            outcome.events.append(sessionEvent(.failed))
        }
    }

    /// The device is on the fabric: a provisional node until the session completes.
    private mutating func commissioned(_ run: CommissioningSession.Run, now: Timestamp, _ outcome: inout HubOutcome) {
        guard let id = run.deviceID, let device = state.simulatedDevices[id], var current = desk.session else { return }
        let nodeID = device.networkNodeID ?? state.counters.nextNodeID
        var (node, attributes) = makeNodeWithAttributes(
            from: device, id: nodeID, structureID: current.structureID, now: now)
        if let onNetwork = device.networkNodeID.flatMap({ state.nodes[$0] }) {
            // A device on the network joins the home with the state it has, not a fresh one.
            (node.data, _) = commissioned(onNetwork.data, attributes: [:], device: device, nodeID: nodeID)
            attributes = node.ohfAttributesJSON
        }
        current.state = .commissioned(node, attributesJSON: attributes)
        desk.session = current
        outcome.events.append(sessionEvent(.commissioned))
        if current.implicit {
            _ = finish(&outcome)
            outcome.replies.append(
                HubReply(
                    connectionID: run.connectionID, messageID: run.messageID,
                    body: .success(JSONText(state.nodes[nodeID].map { matterNodeData($0, attributes: attributes) }))))
        } else {
            outcome.replies.append(
                HubReply(
                    connectionID: run.connectionID, messageID: run.messageID,
                    body: .success(JSONText(matterNodeData(node, attributes: attributes)))))
        }
    }

    /// Adds the session's node to the home for good and ends the session.
    private mutating func finish(_ outcome: inout HubOutcome) -> CommissioningCompleted? {
        guard let current = desk.session, case .commissioned(var node, let attributes) = current.state else {
            return nil
        }
        node.name = current.deviceName ?? node.name
        node.roomID = current.roomID
        node = addToHome(node, attributesJSON: attributes, &outcome)
        let result = CommissioningCompleted(sessionID: current.id, nodeIDs: [node.id], deviceIDs: node.deviceIDs)
        desk.completed[current.owner.connectionID] = result
        outcome.events.append(sessionEvent(.completed))
        desk.session = nil
        return result
    }

    /// Ends the session and rolls back whatever it did: the pending reply gets `error`, a provisional
    /// node is dropped (it was never stored), and the device is commissionable again.
    mutating func endSession(reason: SessionChange, error: HubError?, _ outcome: inout HubOutcome) {
        guard let current = desk.session else { return }
        if case .running(let run) = current.state, let error {
            outcome.replies.append(
                HubReply(connectionID: run.connectionID, messageID: run.messageID, result: .failure(error)))
        }
        outcome.events.append(sessionEvent(reason))
        desk.session = nil
    }

    // MARK: checks and helpers

    private mutating func openSession(
        structureID: StructureID, client: ClientInfo, implicit: Bool, appGroup: String?, now: Timestamp
    ) -> CommissioningSession {
        let number = desk.numberNewSession(for: client.connectionID)
        let opened = CommissioningSession(
            id: "s\(number)-\(String(random.next() & 0xFFFFFF, radix: 16))", owner: client,
            structureID: structureID, implicit: implicit, createdAt: now, deadline: now + settings.sessionTimeout,
            state: .prepared, ownerGoneAt: nil, unattendedSince: nil, appGroup: appGroup, deviceName: nil, roomID: nil)
        desk.session = opened
        return opened
    }

    func checkOnline() throws(HubError) {
        if faults.hubOffline {
            throw HubError(.hubOffline, "the hub is offline or unreachable")
        }
    }

    func checkNoSession() throws(HubError) {
        if let current = desk.session {
            throw busyError(current)
        }
    }

    /// SessionBusy, naming the session, its holder (and app group) and deadline in `details` and in `error_data`.
    func busyError(_ current: CommissioningSession) -> HubError {
        let group = current.appGroup.map { " (app group \($0))" } ?? ""
        return HubError(
            .sessionBusy,
            "another commissioning session (\(current.id)) is active, held by \(current.owner.peer)\(group) until "
                + "\(isoTimestamp(current.deadline))",
            data: JSONText(
                SessionBusyData(
                    sessionID: current.id, holder: current.owner.peer, appGroup: current.appGroup,
                    deadline: isoTimestamp(current.deadline), deadlineMilliseconds: current.deadline)
            ).value)
    }

    func notOwnedError(_ current: CommissioningSession) -> HubError {
        let group = current.appGroup.map { " (app group \($0))" } ?? ""
        return HubError(.sessionNotOwned, "session \(current.id) belongs to \(current.owner.peer)\(group)")
    }

    /// The open session, if this client owns it or is a member of its app group.
    func sharedSession(_ client: ClientInfo, appGroup: String?) throws(HubError) -> CommissioningSession {
        guard let current = desk.session else {
            throw HubError(.noSession, "this connection has no commissioning session")
        }
        guard let role = desk.role(of: client, in: current, appGroup: appGroup) else { throw notOwnedError(current) }
        if role == .member {
            try checkStructure(current.structureID, for: client)
        }
        return current
    }

    /// Who may complete or cancel the session: its owner; a member of its app group once the owner has gone (the
    /// member then adopts it: the app, connecting again, completes what its extension commissioned).
    private mutating func endingRole(of client: ClientInfo, appGroup: String?, _ outcome: inout HubOutcome)
        throws(HubError) -> CommissioningDesk.SessionRole?
    {
        guard let current = desk.session, let role = desk.role(of: client, in: current, appGroup: appGroup) else {
            return nil
        }
        switch role {
        case .owner: return .owner
        case .member:
            guard current.ownerGoneAt != nil else {
                throw HubError(
                    .sessionNotOwned,
                    "only the session's owner (\(current.owner.peer)) completes or cancels session \(current.id)")
            }
            try adoptSession(by: client, &outcome)
            return .owner
        }
    }

    static func commissioningTarget(_ code: String) throws(HubError) -> CommissioningTarget {
        let payload: OnboardingPayload
        do {
            payload = try OnboardingPayload.parse(code)
        } catch {
            throw HubError(.invalidOnboardingPayload, "\(error)")
        }
        if let violation = payload.violations(mode: .consume).first {
            throw HubError(.invalidOnboardingPayload, "\(violation)")
        }
        switch payload {
        case .qrCode(let payloads):
            let first = payloads[0]
            return CommissioningTarget(
                discriminator: .long(first.discriminator), passcode: first.passcode, vendorID: first.vendorID,
                productID: first.productID)
        case .manualCode(let manual):
            return CommissioningTarget(
                discriminator: .short(manual.shortDiscriminator), passcode: manual.passcode,
                vendorID: manual.vendorID, productID: manual.productID)
        }
    }

    func sessionEvent(_ change: SessionChange) -> HubEvent {
        HubEvent(
            .sessionUpdated, SessionUpdated(session: desk.session.map { $0.info(hub: self) }, change: change.rawValue),
            to: ownerAudience)
    }

    func progressEvent(_ step: CommissioningStep, _ status: String, error: HubError? = nil, to connection: UInt64)
        -> HubEvent
    {
        let data = CommissioningProgress(
            sessionID: desk.session?.id, step: step.name, stepIndex: Int64(step.rawValue), status: status,
            errorCode: error.map { Int64($0.code.rawValue) }, details: error?.details)
        guard let session = desk.session, !session.implicit else { return HubEvent(.commissioningProgress, data) }
        // The owner and the app group's other members, each once (`members(of:)` leaves the owner out), and the
        // connection that runs the step if it is neither.
        var audience = [session.owner.connectionID] + desk.members(of: session)
        if !audience.contains(connection) {
            audience.append(connection)
        }
        audience.sort()
        return HubEvent(.commissioningProgress, data, to: .listenersAnd(audience))
    }

    /// The listeners, and the owner of a session it prepared itself with the members of its app group. The owner of
    /// an implicit session (an OHF client's `commission_with_code`) hears mhub's session events only if it listens
    /// for them.
    private var ownerAudience: EventAudience {
        guard let session = desk.session, !session.implicit else { return .listeners }
        return .listenersAnd([session.owner.connectionID] + desk.members(of: session))
    }
}
