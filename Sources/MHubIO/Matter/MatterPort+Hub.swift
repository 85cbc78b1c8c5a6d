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
            return { hub, now in hub.matterSessionOpened(summary, now: now) }
        case .sessionEnded(let summary, let reason):
            return { hub, _ in hub.matterSessionClosed(localSessionID: summary.localSessionID, reason: reason) }
        case .fabricsChanged(let summaries):
            return { hub, _ in hub.matterFabricsChanged(summaries) }
        case .commissioningCompleted:
            return { hub, now in hub.matterCommissioningCompleted(now: now) }
        case .openWindow(let window):
            return { hub, now in hub.administratorOpenedWindow(window, now: now) }
        case .revokeWindow:
            return { hub, now in hub.administratorRevokedWindow(now: now) }
        case .failSafeExpired:
            return { hub, now in hub.matterFailSafeExpired(now: now) }
        case .ownerRequestDone(let requestID, let succeeded):
            return { hub, now in hub.matterFabricRemovalDone(requestID: requestID, succeeded: succeeded, now: now) }
        case .bridgedRequest(let request):
            return { hub, now in hub.bridgedRequest(request, now: now) }
        case .send, .log, .peerActive, .requestAnswered, .requestFailed, .persist:
            return nil
        }
    }
}
