import MHubHub
import MatterNode

/// What the Matter node tells the hub, as the hub's inputs (docs/matter.md): one direction each way.
extension MatterNodeAction {
    /// The hub input this action is, if it is one.
    var hubInput: ((inout Hub, Timestamp) -> HubOutcome)? {
        switch self {
        case .commissioningAttemptsExhausted:
            return { hub, now in hub.commissioningAttemptsExhausted(now: now) }
        case .sessionOpened(let summary):
            let session = HubMatterState.Session(
                localSessionID: summary.localSessionID, kind: summary.kind == .pase ? .pase : .case,
                fabricIndex: summary.fabricIndex, peerNodeID: summary.peerNodeID, peer: summary.peer, openedAt: 0)
            return { hub, now in
                var opened = session
                opened.openedAt = now
                return hub.matterSessionOpened(opened)
            }
        case .sessionEnded(let summary, _):
            return { hub, _ in hub.matterSessionClosed(localSessionID: summary.localSessionID) }
        case .fabricsChanged(let summaries):
            let fabrics = summaries.map(HubMatterState.Fabric.init)
            return { hub, _ in hub.matterFabricsChanged(fabrics) }
        case .commissioningCompleted:
            return { hub, now in hub.matterCommissioningCompleted(now: now) }
        case .openWindow(let window):
            let method: Hub.AdministratorWindowMethod =
                switch window.method {
                case .enhanced(let verifier, let discriminator, let iterations, let salt):
                    .enhanced(verifier: verifier, discriminator: discriminator, iterations: iterations, salt: salt)
                case .basic: .basic
                }
            let administrator = CommissioningWindow.Administrator(
                fabricIndex: window.fabricIndex, vendorID: window.vendorID)
            return { hub, now in
                hub.administratorOpenedWindow(
                    method, timeoutSeconds: window.timeoutSeconds, by: administrator, now: now)
            }
        case .revokeWindow:
            return { hub, now in hub.administratorRevokedWindow(now: now) }
        case .failSafeExpired:
            return { hub, now in hub.matterFailSafeExpired(now: now) }
        case .send, .log, .peerActive, .requestAnswered, .requestFailed, .persist:
            return nil
        }
    }
}

extension HubMatterState.Fabric {
    init(_ summary: MatterFabricSummary) {
        self.init(
            fabricIndex: summary.fabricIndex, vendorID: summary.vendorID, fabricID: summary.fabricID,
            nodeID: summary.nodeID, compressedFabricID: summary.compressedFabricID, label: summary.label,
            isCommitted: summary.isCommitted)
    }
}
