/// What a publisher has achieved: the daemon connection and each service's registration.
public struct AvahiPublisherStatus: Hashable, Sendable, CustomStringConvertible {
    /// The connection to avahi-daemon, as the Avahi client reports it (`AvahiClientState`).
    public enum Daemon: Hashable, Sendable {
        /// No daemon to publish through: the client waits for avahi-daemon to appear on the bus
        /// (`AVAHI_CLIENT_CONNECTING`), or the system bus itself is unreachable and a client is retried.
        case unavailable
        /// The daemon is establishing its host name (`AVAHI_CLIENT_S_REGISTERING` or `S_COLLISION`).
        case registering
        /// The daemon's host name is established; services are published (`AVAHI_CLIENT_S_RUNNING`).
        case running
        /// The client failed for a reason other than a lost daemon; a new one is tried shortly.
        case failed
    }

    /// Where one service's registration stands (its entry group's `AvahiEntryGroupState`).
    public enum ServiceState: Hashable, Sendable {
        /// Not registered because the daemon is not running.
        case waiting
        /// Committed and probing (`AVAHI_ENTRY_GROUP_REGISTERING`).
        case registering
        /// Announced and defended (`AVAHI_ENTRY_GROUP_ESTABLISHED`).
        case established
        /// Another host holds the name and the service keeps it (`DNSSDService.CollisionPolicy.keepName`).
        case collision
        /// The daemon refused the service (`AVAHI_ENTRY_GROUP_FAILURE` or an error adding it).
        case failed
    }

    public struct Service: Hashable, Sendable, CustomStringConvertible {
        /// The service as handed to the publisher.
        public var service: DNSSDService
        /// The instance name on the network: the requested one, or an alternative after collisions.
        public var nameInUse: String
        public var state: ServiceState

        public init(service: DNSSDService, nameInUse: String, state: ServiceState) {
            self.service = service
            self.nameInUse = nameInUse
            self.state = state
        }

        public var description: String { "\(nameInUse).\(service.type) \(state)" }
    }

    public var daemon: Daemon
    /// One element per published service, in the order they were handed over.
    public var services: [Service]

    public init(daemon: Daemon, services: [Service]) {
        self.daemon = daemon
        self.services = services
    }

    /// The status of the service with `key`, if it is published.
    public func service(_ key: DNSSDService.Key) -> Service? {
        services.first { $0.service.key == key }
    }

    public var description: String {
        "daemon \(daemon); " + services.map(\.description).joined(separator: "; ")
    }
}
