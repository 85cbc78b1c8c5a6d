import MHubJSON

extension HubInput: CustomStringConvertible {
    /// One line for the debug log: what happened, without a request's arguments (they may hold secrets, such as a
    /// Wi-Fi password).
    public var description: String {
        switch self {
        case .request(let request, let client):
            "request \(logSafe(request.command)) from client \(client.connectionID)"
        case .clientDisconnected(let connectionID): "client \(connectionID) disconnected"
        case .tick: "tick"
        case .shutdown: "shutdown"
        case .networkKnown(let network): "network known: \(network)"
        case .instanceKnown(let instance): "instance known: pid \(instance.processID)"
        case .attestationKnown: "attestation identity known"
        case .advertisingChanged(let report): "advertising report: \(report.state)"
        case .udcRequestReceived(let request): "UDC request from \(request.source): \(request.logDescription)"
        case .matter(let report): "matter: \(report)"
        case .deviceNode(let id, .listening(let port)): "simulated device \(id)'s node listens on port \(port)"
        case .deviceNode(let id, .failed(let reason)): "simulated device \(id)'s node failed: \(reason)"
        case .deviceNode(let id, .matter(let report)): "simulated device \(id)'s node: \(report)"
        case .homeKit(.serving(let facts)):
            "homekit serves on port \(facts.port) with \(facts.pairings.count) pairings, c# \(facts.configurationNumber)"
        case .homeKit(.request(let request)): "homekit request \(request.id) to endpoint \(request.endpoint)"
        }
    }
}

extension MatterReport: CustomStringConvertible {
    public var description: String {
        switch self {
        case .commissioningAttemptsExhausted: "commissioning attempts exhausted"
        case .sessionOpened(let summary):
            "session \(summary.localSessionID) opened (\(summary.kind), fabric \(summary.fabricIndex))"
        case .sessionEnded(let localSessionID, let reason): "session \(localSessionID) ended: \(reason)"
        case .fabricsChanged(let summaries): "fabrics now \(summaries.map(\.fabricIndex))"
        case .commissioningCompleted: "commissioning completed"
        case .administratorOpenedWindow(let window):
            "fabric \(window.fabricIndex) opened a window for \(window.timeoutSeconds) s"
        case .administratorRevokedWindow: "window revoked"
        case .failSafeExpired: "fail-safe expired"
        case .fabricRemovalDone(let requestID, let succeeded):
            "fabric removal \(requestID) \(succeeded ? "done" : "refused")"
        case .bridgedRequest(let request): "bridged request \(request.id) to endpoint \(request.endpoint)"
        }
    }
}
