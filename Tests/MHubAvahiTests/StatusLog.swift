import MHubDNSSD
import Synchronization

/// Records every status an `AvahiPublisher` reports.
final class StatusLog: Sendable {
    private let statuses = Mutex<[AvahiPublisherStatus]>([])

    var all: [AvahiPublisherStatus] { statuses.withLock { $0 } }

    func record(_ status: AvahiPublisherStatus) {
        statuses.withLock { $0.append(status) }
    }
}
