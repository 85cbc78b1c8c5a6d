import MHubJSON

// Listening (docs/protocol.md §5): `start_listening`, which answers with the nodes and then sends events.

/// Which events a listening connection receives (`start_listening {events}`; docs/protocol.md §5).
public enum EventSubscription: String, Hashable, Sendable {
    /// The OHF Matter Server's event types only: what python-matter-server's client and Home Assistant
    /// understand. Its client turns any other event name into a plain string and its listening task crashes on
    /// it (`client.py` `_signal_event`, 7.0.1), so they never get mhub's own events. The default.
    case ohf
    /// mhub's own events too (sessions, rooms, simulated devices, faults, …): mhubctl and MHubClient ask for
    /// these.
    case all
}

/// `start_listening {events?}`: the nodes the client may see (after an `all` listener's first sync, `home_synced`),
/// then every event it may hear.
public struct StartListening: ProtocolRequest {
    public typealias Reply = [MatterNodeData]
    public static let command = HubCommand.startListening
    public var events: EventSubscription

    public init(events: EventSubscription = .ohf) {
        self.events = events
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        let name = try args.string("events") ?? EventSubscription.ohf.rawValue
        guard let events = EventSubscription(rawValue: name) else {
            throw args.failure("events", "argument 'events' must be \"ohf\" or \"all\", not \"\(name)\"")
        }
        self.events = events
    }

    public var arguments: [String: JSONValue] { ["events": .string(events.rawValue)] }
}
