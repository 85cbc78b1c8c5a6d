import MHubJSON

/// What the hub's DNS-SD advertising has achieved, as the daemon's advertiser reports it (docs/dns-sd.md).
///
/// The hub only keeps and shows it (`get_advertising`, `get_status`); the advertiser feeds a new one in
/// whenever avahi-daemon or a service's registration changes.
public struct AdvertisingReport: Hashable, Sendable {
    /// The connection to avahi-daemon.
    public enum State: String, Hashable, Sendable {
        /// `dns_sd.enabled` is false, or no advertiser runs (a hub without a daemon around it).
        case disabled
        /// The advertiser has not heard from Avahi yet.
        case starting
        /// No avahi-daemon (or no system bus): nothing is published until one appears.
        case unavailable
        /// avahi-daemon is establishing its host name; services follow once it runs.
        case registering
        /// avahi-daemon runs and the services are registered with it.
        case running
        /// The Avahi client failed for another reason; a new one is tried shortly.
        case failed
    }

    /// Where one service's registration stands.
    public enum ServiceState: String, Hashable, Sendable {
        case waiting
        case registering
        case established
        /// Another host holds the name, which the spec fixes (an operational name, reference A.3).
        case collision
        case failed
    }

    /// One advertised service.
    public struct Service: Hashable, Sendable {
        /// What the record says about the hub: `commissioner`, `commissionable`, `operational`,
        /// `border_agent`, `simulated_commissionable`, `simulated_operational`.
        public var role: String
        public var type: String
        /// The instance name asked for.
        public var name: String
        /// The instance name on the network: `name`, or Avahi's alternative after a collision.
        public var nameInUse: String
        public var state: ServiceState
        public var port: UInt16
        /// `key=value` strings in wire order; values that are not printable ASCII as `key=0x<hex>`.
        public var txt: [String]
        public var subtypes: [String]

        public init(
            role: String, type: String, name: String, nameInUse: String, state: ServiceState, port: UInt16,
            txt: [String], subtypes: [String]
        ) {
            self.role = role
            self.type = type
            self.name = name
            self.nameInUse = nameInUse
            self.state = state
            self.port = port
            self.txt = txt
            self.subtypes = subtypes
        }
    }

    public var state: State
    /// The configured interface names; empty means every interface avahi-daemon uses.
    public var interfaces: [String]
    public var services: [Service]
    /// Records that could not be built from the configuration, and interfaces that do not exist.
    public var problems: [String]

    public init(state: State, interfaces: [String] = [], services: [Service] = [], problems: [String] = []) {
        self.state = state
        self.interfaces = interfaces
        self.services = services
        self.problems = problems
    }

    public static let disabled = AdvertisingReport(state: .disabled)

    /// One line for logs and `get_status`, e.g. "advertising: 4 of 4 services established".
    public var summary: String {
        switch state {
        case .disabled: return "advertising disabled"
        case .starting: return "advertising starting"
        case .unavailable:
            return "advertising unavailable: avahi-daemon is not running; mhubd publishes as soon as it appears"
        case .registering: return "advertising: avahi-daemon is establishing its host name"
        case .failed: return "advertising unavailable: the Avahi client failed; retrying"
        case .running:
            let established = services.filter { $0.state == .established }.count
            let collisions = services.filter { $0.state == .collision }.count
            let collisionText = collisions == 0 ? "" : ", \(collisions) name collision\(collisions == 1 ? "" : "s")"
            return "advertising: \(established) of \(services.count) services established\(collisionText)"
        }
    }

    /// `get_advertising`.
    public var json: JSONValue {
        [
            "state": .string(state.rawValue),
            "summary": .string(summary),
            "interfaces": .array(interfaces.map { .string($0) }),
            "services": .array(services.map(\.json)),
            "problems": .array(problems.map { .string($0) }),
        ]
    }

    /// The `advertising` member of `get_status`.
    public var statusJSON: JSONValue {
        [
            "state": .string(state.rawValue),
            "summary": .string(summary),
            "services": .integer(Int64(services.count)),
            "established": .integer(Int64(services.filter { $0.state == .established }.count)),
        ]
    }
}

extension AdvertisingReport.Service {
    var json: JSONValue {
        [
            "role": .string(role),
            "type": .string(type),
            "name": .string(name),
            "name_in_use": .string(nameInUse),
            "state": .string(state.rawValue),
            "port": .integer(Int64(port)),
            "txt": .array(txt.map { .string($0) }),
            "subtypes": .array(subtypes.map { .string($0) }),
        ]
    }
}
