import MHubConfiguration
import MHubHub
import MatterNode

/// What the Matter node tells the hub, as the hub's inputs (docs/matter.md): one direction each way.
extension MatterNodeAction {
    /// The report to the hub this action is, if it is one.
    var matterReport: MatterReport? {
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
        return report
    }
}

/// Whose node a `MatterPort` serves: the hub's own (the bridge), or a simulated device's on the network.
package enum MatterPortRole: Hashable, Sendable {
    case hub
    case device(SimulatedDeviceID)

    /// The hub input that carries this node's report.
    func input(_ report: MatterReport) -> HubInput {
        switch self {
        case .hub: .matter(report)
        case .device(let id): .deviceNode(id, .matter(report))
        }
    }

    var logLabel: String {
        switch self {
        case .hub: "matter"
        case .device(let id): "matter device \(id)"
        }
    }
}

/// The one receive buffer of the daemon's Matter ports: they all run on its queue, one read at a time.
package final class MatterReceiveBuffer {
    var bytes = [UInt8](repeating: 0, count: 65536)

    package init() {}
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
