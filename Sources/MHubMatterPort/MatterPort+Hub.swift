import MHubConfiguration
import MHubHub
import MatterNode

/// What the Matter node tells the hub, as the hub's inputs (docs/matter.md): one direction each way.
extension MatterNodeAction {
    /// The hub input this action is, if it is one.
    var hubInput: HubInput? {
        let report: MatterReport
        switch self {
        case .commissioningAttemptsExhausted: report = .commissioningAttemptsExhausted
        case .sessionOpened(let summary): report = .sessionOpened(summary)
        case .sessionEnded(let summary, let reason):
            report = .sessionEnded(localSessionID: summary.localSessionID, reason: reason)
        case .fabricsChanged(let summaries): report = .fabricsChanged(summaries)
        case .commissioningCompleted: report = .commissioningCompleted
        case .openWindow(let window): report = .administratorOpenedWindow(window)
        case .revokeWindow: report = .administratorRevokedWindow
        case .failSafeExpired: report = .failSafeExpired
        case .ownerRequestDone(let requestID, let succeeded):
            report = .fabricRemovalDone(requestID: requestID, succeeded: succeeded)
        case .bridgedRequest(let request): report = .bridgedRequest(request)
        case .send, .log, .peerActive, .requestAnswered, .requestFailed, .persist: return nil
        }
        return .matter(report)
    }
}

extension LogLevel {
    /// The daemon's level for a line of the Matter node's log.
    package init(_ level: MatterLogLevel) {
        switch level {
        case .error: self = .error
        case .warning: self = .warning
        case .notice: self = .notice
        case .info: self = .info
        case .debug: self = .debug
        }
    }
}
