import MHubDNSSD

/// The services the hub advertises for one state of the hub and one configuration.
public struct AdvertisingPlan: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public var role: AdvertisingRole
        public var service: DNSSDService

        public init(role: AdvertisingRole, service: DNSSDService) {
            self.role = role
            self.service = service
        }
    }

    /// In publishing order: `_matterd`, `_matterc`, `_matter`, `_meshcop`, then each device on the network's.
    public var entries: [Entry]
    /// Services that could not be built, each as "role: field: reason".
    public var problems: [String]

    public init(entries: [Entry] = [], problems: [String] = []) {
        self.entries = entries
        self.problems = problems
    }

    public var services: [DNSSDService] { entries.map(\.service) }

    /// The entry of the service with `key`.
    public func entry(_ key: DNSSDService.Key) -> Entry? {
        entries.first { $0.service.key == key }
    }

    /// The entries of one role.
    public func entries(_ role: AdvertisingRole) -> [Entry] {
        entries.filter { $0.role == role }
    }
}
