import MHubJSON
import MHubProtocol
import MatterNode

/// Inputs from the Matter port: what happened on the hub's own Matter node (docs/matter.md). One direction: the
/// port reports, the hub changes its state and says what follows (`HubOutput`), the port acts on that.
extension Hub {
    /// An administrator opened a window (AdministratorCommissioning): the hub opens it unless one is open (the
    /// node refuses a second with Busy before it asks). A basic window uses the configured passcode with a fresh
    /// salt; an enhanced one carries only the administrator's verifier.
    public mutating func administratorOpenedWindow(_ request: MatterAdministratorWindow, now: Timestamp) -> HubOutcome {
        var outcome = HubOutcome()
        guard desk.window == nil else { return outcome }
        let closesAt = now + Timestamp(request.timeoutSeconds) * 1000
        let administrator = CommissioningWindow.Administrator(
            fabricIndex: request.fabricIndex, vendorID: request.vendorID)
        switch request.method {
        case .enhanced(let verifier, let discriminator, let iterations, let salt):
            open(
                CommissioningWindow(
                    openedAt: now, closesAt: closesAt, enhanced: true, discriminator: discriminator,
                    secret: .verifier(verifier), iterations: iterations, salt: salt, administrator: administrator),
                &outcome)
        case .basic:
            let salt = (0..<32).map { _ in UInt8.random(in: 0...255, using: &random) }
            open(
                CommissioningWindow(
                    openedAt: now, closesAt: closesAt, enhanced: false, discriminator: settings.identity.discriminator,
                    secret: .passcode(settings.identity.passcode), iterations: 1000, salt: salt,
                    administrator: administrator),
                &outcome)
        }
        return outcome
    }

    /// A controller sent CommissioningComplete: the window it came through closes (CHIP closes its window there),
    /// and with it `_matterc._udp`.
    public mutating func matterCommissioningCompleted(now: Timestamp) -> HubOutcome {
        var outcome = HubOutcome()
        if desk.window != nil { endWindow(.commissioned, now: now, &outcome) }
        return outcome
    }

    /// An administrator revoked the window (RevokeCommissioning).
    public mutating func administratorRevokedWindow(now: Timestamp) -> HubOutcome {
        var outcome = HubOutcome()
        if desk.window != nil { endWindow(.revoked, now: now, &outcome) }
        return outcome
    }

    /// The node's fabric table changed (or was loaded): the hub keeps the summary, and tells mhub's listeners of
    /// each fabric added (`fabric_added`, with `committed` false while under the fail-safe), changed and removed.
    public mutating func matterFabricsChanged(_ fabrics: [MatterFabricSummary]) -> HubOutcome {
        var outcome = HubOutcome()
        let old = Dictionary(uniqueKeysWithValues: run.matter.fabrics.map { ($0.fabricIndex, $0) })
        let new = Dictionary(uniqueKeysWithValues: fabrics.map { ($0.fabricIndex, $0) })
        for fabric in fabrics where old[fabric.fabricIndex] != fabric {
            let name: HubEventName = old[fabric.fabricIndex] == nil ? .fabricAdded : .fabricUpdated
            outcome.events.append(HubEvent(name, Self.fabricInfo(fabric)))
        }
        for index in old.keys.sorted() where new[index] == nil {
            outcome.events.append(HubEvent(.fabricRemoved, FabricRemoved(fabricIndex: Int64(index), isReply: false)))
        }
        run.matter.fabrics = fabrics
        return outcome
    }

    public mutating func matterSessionOpened(_ session: MatterSessionSummary, now: Timestamp) -> HubOutcome {
        var outcome = HubOutcome()
        let entry = HubMatterState.Session(summary: session, openedAt: now)
        run.matter.sessions[session.localSessionID] = entry
        outcome.events.append(HubEvent(.matterSessionOpened, sessionInfo(entry)))
        return outcome
    }

    public mutating func matterSessionClosed(localSessionID: UInt16, reason: String) -> HubOutcome {
        var outcome = HubOutcome()
        if let entry = run.matter.sessions.removeValue(forKey: localSessionID) {
            var data = sessionInfo(entry)
            data.reason = reason
            outcome.events.append(HubEvent(.matterSessionClosed, data))
        }
        return outcome
    }

    /// The Matter node carried out a `remove_fabric`: its change is saved (the reply says so), or nothing changed.
    public mutating func matterFabricRemovalDone(requestID: UInt64, succeeded: Bool, now: Timestamp) -> HubOutcome {
        var outcome = HubOutcome()
        guard let pending = run.matter.pendingRemovals.removeValue(forKey: requestID) else { return outcome }
        let result: Result<JSONText, HubError> =
            succeeded
            ? .success(JSONText(FabricRemoved(fabricIndex: Int64(pending.fabricIndex), isReply: true)))
            : .failure(HubError(.storageFailed, "fabric \(pending.fabricIndex) could not be removed: its save failed"))
        outcome.replies.append(HubReply(connectionID: pending.connectionID, messageID: pending.messageID, body: result))
        return outcome
    }

    // MARK: the control protocol's view (docs/protocol.md §15)

    /// `get_fabrics`: the fabrics the hub's Matter node belongs to, and its secure sessions.
    func getFabrics(_ request: GetFabrics) -> FabricsStatus {
        FabricsStatus(
            fabrics: run.matter.fabrics.map(Self.fabricInfo),
            sessions: run.matter.sessions.keys.sorted().compactMap { run.matter.sessions[$0] }.map(sessionInfo),
            supportedFabrics: Int64(FabricTable.capacity),
            failSafeExpiredAt: run.matter.failSafeExpiredAt.map(isoTimestamp)
        )
    }

    /// `remove_fabric {fabric_index}`: the node leaves that fabric (as RemoveFabric from its administrator would);
    /// the reply comes once the smaller table is saved.
    mutating func removeFabric(
        _ remove: RemoveFabric, request: HubRequest, client: ClientInfo, _ outcome: inout HubOutcome
    ) throws(HubError) -> JSONValue? {
        let index = remove.fabricIndex
        guard run.matter.fabrics.contains(where: { $0.fabricIndex == index }) else {
            throw HubError(.fabricNotFound, "the hub's Matter node has no fabric \(index)")
        }
        guard !run.matter.pendingRemovals.values.contains(where: { $0.fabricIndex == index }) else {
            throw HubError(.sessionState, "fabric \(index) is being removed already")
        }
        let id = run.matter.nextRequestID
        run.matter.nextRequestID += 1
        run.matter.pendingRemovals[id] = HubMatterState.PendingRemoval(
            connectionID: client.connectionID, messageID: request.messageID, fabricIndex: index)
        outcome.outputs.append(.removeFabric(fabricIndex: index, requestID: id))
        return nil
    }

    static func fabricInfo(_ fabric: MatterFabricSummary) -> MatterFabricInfo {
        MatterFabricInfo(
            fabricIndex: Int64(fabric.fabricIndex), vendorID: Int64(fabric.vendorID), fabricID: hex16(fabric.fabricID),
            nodeID: hex16(fabric.nodeID), compressedFabricID: hex16(fabric.compressedFabricID), label: fabric.label,
            committed: fabric.isCommitted)
    }

    func sessionInfo(_ entry: HubMatterState.Session) -> MatterSessionInfo {
        let summary = entry.summary
        return MatterSessionInfo(
            sessionID: Int64(summary.localSessionID), kind: summary.kind.rawValue,
            fabricIndex: summary.fabricIndex == 0 ? nil : Int64(summary.fabricIndex),
            peerNodeID: hex16(summary.peerNodeID),
            peer: summary.peer, openedAt: isoTimestamp(entry.openedAt))
    }
}

/// 16 uppercase hexadecimal digits, as Matter writes fabric, node and compressed fabric IDs (e.g. in `_matter._tcp`
/// instance names).
func hex16(_ value: UInt64) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: 16 - digits.count) + digits
}

extension Hub {

    /// The node's fail-safe expired: what a commissioning added is gone; the window stays as it is.
    public mutating func matterFailSafeExpired(now: Timestamp) -> HubOutcome {
        run.matter.failSafeExpiredAt = now
        return HubOutcome()
    }
}
