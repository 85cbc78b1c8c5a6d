import MHubJSON
import MHubProtocol
import MatterDataModel

/// A scenario file, decoded: the home a test starts from and what happens in it when (docs/scenarios.md).
///
/// Everything a scenario does is a command of the control protocol, run by the hub as the principal `scenario`
/// with the admin scope, so a scenario can do nothing a client could not and each step is checked the same way;
/// what the file calls devices by name (`"device": "lamp"`) becomes their IDs when the scenario loads.
public struct Scenario: Hashable, Sendable {
    /// The schema version this mhub reads (`"mhub_scenario": 1`).
    public static let schemaVersion = 1

    public var name: String
    public var description: String?
    /// `instant` or `realistic`, if the scenario sets it.
    public var timingProfile: String?
    public var structures: [Structure]
    /// `set_wifi_credentials` and `set_thread_dataset`, before the devices.
    public var networks: [Command]
    public var simulatedDevices: [SimulatedDevice]
    public var devices: [Device]
    public var imports: [Import]
    /// `set_permission`, `set_fault` and `set_behavior` commands, in that order, after the devices.
    public var setup: [Command]
    public var timeline: [TimelineEntry]

    /// A structure and its rooms, by name.
    public struct Structure: Hashable, Sendable {
        public var name: String
        public var rooms: [String]
        public var position: JSONDocument.Position
    }

    /// A simulated device waiting to be commissioned (`add_simulated_device`), known to the rest of the file by
    /// `id`.
    public struct SimulatedDevice: Hashable, Sendable {
        public var id: String?
        public var request: AddSimulatedDevice
        public var position: JSONDocument.Position
    }

    /// A device already commissioned: a simulated device and its node, named, in a room, in a state.
    public struct Device: Hashable, Sendable {
        public var id: String
        /// Its `add_simulated_device` (template, name, codes, identity).
        public var simulated: AddSimulatedDevice
        public var name: String
        public var structure: String?
        public var room: String?
        public var attributes: [Attribute]
        public var position: JSONDocument.Position
    }

    /// One attribute's starting value, as someone set it on the device.
    public struct Attribute: Hashable, Sendable {
        public var path: AttributePath
        public var value: JSONValue
        public var position: JSONDocument.Position
    }

    /// Nodes from an OHF Matter Server or Home Assistant diagnostics dump (`import_test_node`).
    public struct Import: Hashable, Sendable {
        public var id: String?
        /// The dump's text, as `import_test_node` takes it.
        public var dump: String
        public var name: String?
        public var structure: String?
        public var room: String?
        public var position: JSONDocument.Position
    }

    /// A command with the file's names still to be resolved: `device` becomes `node_id` or
    /// `simulated_device_id` (`deviceArgument`), `structure` becomes `structure_id`.
    public struct Command: Hashable, Sendable {
        public var command: HubCommand
        public var arguments: [String: JSONValue]
        public var device: String?
        public var deviceArgument: DeviceArgument?
        public var structure: String?
        public var position: JSONDocument.Position

        public enum DeviceArgument: Hashable, Sendable {
            case node
            case simulatedDevice

            /// The request's argument that takes the ID.
            public var argument: IdentifyingArgument {
                switch self {
                case .node: .nodeID
                case .simulatedDevice: .simulatedDeviceID
                }
            }
        }
    }

    /// A step of the timeline: at `at` milliseconds after the scenario loaded (or was reset), run `command`.
    public struct TimelineEntry: Hashable, Sendable {
        public var at: Int64
        /// The action as the file names it (`set_attribute`, `unreachable`, …).
        public var action: String
        public var command: Command
    }
}
