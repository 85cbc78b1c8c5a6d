import MHubDNSSD
import MHubHub
import MHubProtocol

extension AdvertisingReport {
    /// The report of a plan as the publisher stands: `status` is `nil` before the publisher said anything.
    ///
    /// Services are listed in the plan's order with their role; a planned service the publisher does not
    /// list yet is waiting.
    public init(
        plan: AdvertisingPlan, status: AvahiPublisherStatus?, interfaces: [String], problems: [String] = []
    ) {
        let state: State
        switch status?.daemon {
        case nil: state = .starting
        case .unavailable?: state = .unavailable
        case .registering?: state = .registering
        case .running?: state = .running
        case .failed?: state = .failed
        }
        let services = plan.entries.map { entry in
            let published = status?.service(entry.service.key)
            return Service(
                role: entry.role.name, type: entry.service.type, name: entry.service.instanceName,
                nameInUse: published?.nameInUse ?? entry.service.instanceName,
                state: published.map { Self.state($0.state) } ?? .waiting, port: entry.service.port,
                txt: entry.service.txt.map(\.description), subtypes: entry.service.subtypes)
        }
        self.init(state: state, interfaces: interfaces, services: services, problems: plan.problems + problems)
    }

    private static func state(_ state: AvahiPublisherStatus.ServiceState) -> ServiceState {
        switch state {
        case .waiting: .waiting
        case .registering: .registering
        case .established: .established
        case .collision: .collision
        case .failed: .failed
        }
    }
}
