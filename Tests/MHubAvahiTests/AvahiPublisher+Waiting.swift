import DNSSDPeerSupport
import MHubAvahi

extension AvahiPublisher {
    /// Waits until every service in the status is established.
    func waitUntilEstablished(within seconds: Double) -> Bool {
        eventually(within: seconds) {
            let status = self.status
            return status.daemon == .running && !status.services.isEmpty
                && status.services.allSatisfy { $0.state == .established }
        }
    }
}
