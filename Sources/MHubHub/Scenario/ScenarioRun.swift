import MHubJSON
import MatterDataModel

/// A loaded scenario: the file's names for what it made, and how far its timeline has run.
public struct ScenarioRun: Hashable, Sendable {
    public var scenario: Scenario
    /// When it was loaded or last reset: the timeline's zero.
    public var startedAt: Timestamp
    /// The next timeline step to run.
    public var next = 0
    public var nodes: [String: NodeID] = [:]
    public var simulatedDevices: [String: SimulatedDeviceID] = [:]
    public var structures: [String: StructureID] = [:]
    /// Steps that could not run, with why (a client removed the device the step names, say).
    public var failures: [Failure] = []

    public struct Failure: Hashable, Sendable {
        public var step: Int
        public var reason: String
    }

    /// When the next step is due, if one is left.
    public var nextStepAt: Timestamp? {
        next < scenario.timeline.count ? startedAt + scenario.timeline[next].at : nil
    }

    var json: JSONValue {
        var devices: [String: [String: JSONValue]] = [:]
        for (id, node) in nodes { devices[id, default: [:]]["node_id"] = .integer(Int64(node)) }
        for (id, simulated) in simulatedDevices {
            devices[id, default: [:]]["simulated_device_id"] = .integer(simulated)
        }
        return [
            "name": .string(scenario.name),
            "description": scenario.description.map { .string($0) } ?? .null,
            "started_at": .integer(startedAt),
            "steps": .integer(Int64(scenario.timeline.count)),
            "done": .integer(Int64(next)),
            "next_at_ms": next < scenario.timeline.count ? .integer(scenario.timeline[next].at) : .null,
            "devices": .object(devices.mapValues { .object($0) }),
            "failures": .array(failures.map { ["step": .integer(Int64($0.step)), "reason": .string($0.reason)] }),
        ]
    }
}
