import MHubJSON
import MHubProtocol
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

    var status: ScenarioStatus {
        var devices: [String: ScenarioStatus.DeviceIDs] = [:]
        for (id, node) in nodes { devices[id, default: .init()].nodeID = Int64(bitPattern: node) }
        for (id, simulated) in simulatedDevices { devices[id, default: .init()].simulatedDeviceID = simulated }
        return ScenarioStatus(
            name: scenario.name, description: scenario.description, startedAt: startedAt,
            steps: Int64(scenario.timeline.count), done: Int64(next),
            nextAtMilliseconds: next < scenario.timeline.count ? scenario.timeline[next].at : nil, devices: devices,
            failures: failures.map { ScenarioStatus.Failure(step: Int64($0.step), reason: $0.reason) })
    }
}
