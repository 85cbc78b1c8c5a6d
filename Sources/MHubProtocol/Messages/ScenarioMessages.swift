import MHubJSON

// Scenarios (docs/scenarios.md, docs/protocol.md §14): loading one, where its timeline stands, `scenario_updated`,
// and the home exported as one. The scenario file's own format is read and written by the hub (`ScenarioDecoder`,
// `Hub+ScenarioExport`); here is only what the protocol carries around it.

/// A loaded scenario: its name, how far its timeline has run, the IDs of what it made, the steps that failed.
public struct ScenarioStatus: ProtocolValue {
    /// What the scenario calls a device, and the IDs it got.
    public struct DeviceIDs: Hashable, Sendable {
        public var nodeID: Int64?
        public var simulatedDeviceID: Int64?

        public init(nodeID: Int64? = nil, simulatedDeviceID: Int64? = nil) {
            self.nodeID = nodeID
            self.simulatedDeviceID = simulatedDeviceID
        }
    }

    /// A timeline step that could not run, and why.
    public struct Failure: Hashable, Sendable {
        public var step: Int64
        public var reason: String

        public init(step: Int64, reason: String) {
            self.step = step
            self.reason = reason
        }
    }

    public var name: String
    public var description: String?
    /// Milliseconds since the epoch: the timeline's zero.
    public var startedAt: Int64
    public var steps: Int64
    public var done: Int64
    /// When the next step is due, after `startedAt`.
    public var nextAtMilliseconds: Int64?
    public var devices: [String: DeviceIDs]
    public var failures: [Failure]

    public init(
        name: String, description: String?, startedAt: Int64, steps: Int64, done: Int64, nextAtMilliseconds: Int64?,
        devices: [String: DeviceIDs], failures: [Failure]
    ) {
        self.name = name
        self.description = description
        self.startedAt = startedAt
        self.steps = steps
        self.done = done
        self.nextAtMilliseconds = nextAtMilliseconds
        self.devices = devices
        self.failures = failures
    }

    public static let what = "the scenario"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        name = try object.requiredString("name")
        description = try object.string("description")
        startedAt = try object.integer("started_at") ?? 0
        steps = try object.integer("steps") ?? 0
        done = try object.integer("done") ?? 0
        nextAtMilliseconds = try object.integer("next_at_ms")
        devices = [:]
        var members = try object.object("devices")
        for key in members.members.keys {
            var device = try members.object(key)
            devices[key] = DeviceIDs(
                nodeID: try device.integer("node_id"), simulatedDeviceID: try device.integer("simulated_device_id"))
        }
        failures = []
        for (value, path) in try object.array("failures") {
            var failure = try JSONObjectReader(value, at: path, what: "a failure", context: object.context)
            failures.append(
                Failure(step: try failure.integer("step") ?? 0, reason: try failure.string("reason") ?? ""))
        }
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("description", description)
        json.key("devices")
        json.beginObject()
        for key in devices.keys.sorted() {
            let device = devices[key]!
            json.key(key)
            json.beginObject()
            if let nodeID = device.nodeID { json.member("node_id", nodeID) }
            if let simulatedDeviceID = device.simulatedDeviceID {
                json.member("simulated_device_id", simulatedDeviceID)
            }
            json.endObject()
        }
        json.endObject()
        json.member("done", done)
        json.key("failures")
        json.beginArray()
        for failure in failures {
            json.beginObject()
            json.member("reason", failure.reason)
            json.member("step", failure.step)
            json.endObject()
        }
        json.endArray()
        json.member("name", name)
        json.member("next_at_ms", nextAtMilliseconds)
        json.member("started_at", startedAt)
        json.member("steps", steps)
        json.endObject()
    }
}

/// `scenario_updated`: a scenario loaded (with its status), or a timeline step run (or failed).
public enum ScenarioUpdate: JSONWritable, Sendable {
    case loaded(ScenarioStatus)
    /// Step `step` (0-based) ran at `atMilliseconds`; `finished` when it was the last; `error` when it failed.
    case stepRun(step: Int64, atMilliseconds: Int64, action: String, finished: Bool, error: String?)

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        switch self {
        case .loaded(let status):
            json.member("scenario", status)
            json.member("state", "loaded")
        case .stepRun(let step, let at, let action, let finished, let error):
            json.member("action", action)
            json.member("at_ms", at)
            if let error { json.member("error", error) }
            json.member("state", finished ? "finished" : "running")
            json.member("step", step)
        }
        json.endObject()
    }
}

/// `export_scenario`'s reply: the home as a scenario file's JSON, and the scenario's names for the hub's nodes
/// (`"node:7"`) and simulated devices (`"simulated:3"`).
public struct ExportedScenario: ProtocolValue {
    /// The scenario document, in the scenario file's own format.
    public var scenario: JSONValue
    public var devices: [String: String]

    public init(scenario: JSONValue, devices: [String: String]) {
        self.scenario = scenario
        self.devices = devices
    }

    public static let what = "an exported scenario"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        scenario = object.raw("scenario") ?? .null
        devices = [:]
        if case .object(let members)? = object.raw("devices") {
            for (key, value) in members {
                if case .string(let name) = value { devices[key] = name }
            }
        }
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("devices", devices)
        json.member("scenario", scenario)
        json.endObject()
    }
}

// MARK: requests

/// `load_scenario {text, files?}`: the scenario's text, and the files its imports name (the hub reads no file).
public struct LoadScenario: ProtocolRequest {
    public typealias Reply = ScenarioStatus
    public static let command = HubCommand.loadScenario
    public var text: String
    public var files: [String: String]

    public init(text: String, files: [String: String] = [:]) {
        self.text = text
        self.files = files
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        text = try args.requiredString("text")
        files = [:]
        if let given = args.raw("files") {
            guard case .object(let members) = given else {
                throw args.failure("files", "argument 'files' must be an object of file names and texts")
            }
            for (name, content) in members {
                guard case .string(let body) = content else {
                    throw args.failure("files", "files[\"\(name)\"] must be the file's text")
                }
                files[name] = body
            }
        }
    }

    public var arguments: [String: JSONValue] {
        ["text": .string(text), "files": .object(files.mapValues { .string($0) })]
    }
}

/// The loaded scenario, or null.
public struct GetScenario: ProtocolRequest {
    public typealias Reply = ScenarioStatus?
    public static let command = HubCommand.getScenario

    public init() {}

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) {}

    public var arguments: [String: JSONValue] { [:] }
}

/// Back to the loaded scenario's start, its timeline from zero.
public struct ResetScenario: ProtocolRequest {
    public typealias Reply = ScenarioStatus
    public static let command = HubCommand.resetScenario

    public init() {}

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) {}

    public var arguments: [String: JSONValue] { [:] }
}

/// `export_scenario {name?}`: the home as a scenario.
public struct ExportScenario: ProtocolRequest {
    public typealias Reply = ExportedScenario
    public static let command = HubCommand.exportScenario
    public var name: String?

    public init(name: String? = nil) {
        self.name = name
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        name = try args.string("name")
    }

    public var arguments: [String: JSONValue] { name.map { ["name": .string($0)] } ?? [:] }
}
