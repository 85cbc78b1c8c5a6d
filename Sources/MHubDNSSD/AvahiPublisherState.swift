/// The Avahi publishing sequence as a value: events from the Avahi client and its entry groups in, actions out.
///
/// It follows avahi's `examples/client-publish-service.c` (and `avahi-utils/avahi-publish.c` for
/// `AVAHI_CLIENT_NO_FAIL`): services are added when the client is running; groups are reset while the daemon
/// (re)registers its host name and filled again once it runs; a collision picks the next alternative name
/// (`AvahiServiceName`) and republishes, except for services whose name is fixed by specification, whose
/// collision is reported; a client disconnected from a restarted daemon is freed and replaced. Each service
/// has its own entry group, so a collision or failure touches only that service and its status is its
/// group's state.
///
/// The I/O owner (`AvahiPublisher`) feeds every callback in and runs the actions in order. When an action
/// fails it reports that as the matching event (`groupCollision` for `AVAHI_ERR_COLLISION` from adding a
/// service, `groupFailed` otherwise) and skips the rest of the batch for that service.
public struct AvahiPublisherState: Sendable {
    /// What the I/O owner does, in order.
    public enum Action: Hashable, Sendable {
        /// `avahi_entry_group_new` for the service.
        case createGroup(DNSSDService.Key)
        /// `avahi_entry_group_add_service_strlst` and one `avahi_entry_group_add_service_subtype` per subtype,
        /// with the service's name in use as its instance name.
        case addService(DNSSDService.Key, DNSSDService)
        /// `avahi_entry_group_commit`.
        case commit(DNSSDService.Key)
        /// `avahi_entry_group_reset`: withdraw the group's entries and keep the group.
        case resetGroup(DNSSDService.Key)
        /// `avahi_entry_group_free`: the service is no longer published.
        case freeGroup(DNSSDService.Key)
        /// Reset the group, add the service under its new name, commit.
        case renameAndRepublish(DNSSDService.Key, DNSSDService)
        /// The name is fixed and taken: reset the group and let the status say so.
        case reportCollision(DNSSDService.Key, name: String)
        /// Free the client (its groups go with it) and make a new one with `AVAHI_CLIENT_NO_FAIL`.
        case recreateClient
        /// Call `clientRetryDue()` after this many milliseconds.
        case scheduleClientRetry(milliseconds: Int)
    }

    /// Where a service's entry group stands.
    enum Group: Hashable, Sendable {
        /// No group exists (no running client yet, or the client was freed).
        case absent
        /// A group exists with no entries.
        case empty
        case registering
        case established
        case collision
        case failed
    }

    struct Entry: Sendable {
        var service: DNSSDService
        var nameInUse: String
        var group: Group
    }

    /// How long to wait before making a new client after one could not be made or failed.
    public static let clientRetryMilliseconds = 1000

    public internal(set) var daemon: AvahiPublisherStatus.Daemon = .unavailable
    var order: [DNSSDService.Key] = []
    var entries: [DNSSDService.Key: Entry] = [:]

    public init() {}

    /// What the publisher has achieved, for its status API.
    public var status: AvahiPublisherStatus {
        AvahiPublisherStatus(
            daemon: daemon,
            services: order.compactMap { key in
                entries[key].map {
                    AvahiPublisherStatus.Service(service: $0.service, nameInUse: $0.nameInUse, state: state(of: $0))
                }
            })
    }

    /// The service as it is to be registered: under its name in use.
    public func registeredService(_ key: DNSSDService.Key) -> DNSSDService? {
        entries[key].map { $0.service.renamed($0.nameInUse) }
    }

    private func state(of entry: Entry) -> AvahiPublisherStatus.ServiceState {
        switch entry.group {
        case .absent, .empty: .waiting
        case .registering: .registering
        case .established: .established
        case .collision: .collision
        case .failed: .failed
        }
    }
}
