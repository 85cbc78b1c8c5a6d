import MHubJSON
import MHubProtocol

/// What `mhubctl record` writes: the home as the hub exported it when the recording began, and a timeline of
/// what happened since that a scenario can replay — attribute changes (from any client, a device's own
/// transitions or someone at the device), devices going unreachable and back, the hub going offline and back —
/// each at its offset from the start. Other events (commissioning, rooms) are counted, not replayed.
struct ScenarioRecording {
    private var scenario: [String: JSONValue]
    /// `export_scenario`'s names: `"node:7"` → `"node-7"`, `"simulated:3"` → the ID of its device.
    private let names: [String: String]
    private var timeline: [JSONValue] = []
    private var unreachable: Set<Int64> = []
    private var hubOffline = false
    private(set) var skipped: [String: Int] = [:]

    /// From `export_scenario`'s reply and the faults on at the start.
    init(export: ExportedScenario, faults: FaultsStatus) {
        if case .object(let members) = export.scenario { scenario = members } else { scenario = [:] }
        names = export.devices
        (unreachable, hubOffline) = (Set(faults.unreachableDevices), faults.hubOffline)
    }

    var steps: Int { timeline.count }

    /// Adds what `event`, seen `milliseconds` after the start, changed; returns whether it became a step.
    @discardableResult
    mutating func record(_ name: String, _ data: JSONValue, atMilliseconds milliseconds: Int64) -> Bool {
        let at = JSONValue.string(DurationText.text(milliseconds))
        switch HubEventName.named(name) {
        case .attributeUpdated?:
            guard let update = try? AttributeChange(json: data), let device = names["node:\(update.nodeID)"] else {
                return skip(name)
            }
            timeline.append(
                [
                    "at": at,
                    ScenarioTimelineAction.setAttribute.rawValue: [
                        "device": .string(device), "attribute_path": .string(update.attributePath),
                        "value": update.value,
                    ],
                ])
            return true
        case .faultsUpdated?:
            guard let faults = try? FaultsStatus(json: data) else { return skip(name) }
            let (nowUnreachable, nowOffline) = (Set(faults.unreachableDevices), faults.hubOffline)
            var added = false
            for id in nowUnreachable.symmetricDifference(unreachable).sorted() {
                guard let device = names["simulated:\(id)"] else { continue }
                let action: ScenarioTimelineAction = nowUnreachable.contains(id) ? .unreachable : .reachable
                timeline.append(["at": at, action.rawValue: .string(device)])
                added = true
            }
            if nowOffline != hubOffline {
                timeline.append(
                    [
                        "at": at,
                        ScenarioTimelineAction.setFault.rawValue: [
                            "fault": .string(SetFault.FaultName.hubOffline.rawValue), "enabled": .bool(nowOffline),
                        ],
                    ])
                added = true
            }
            (unreachable, hubOffline) = (nowUnreachable, nowOffline)
            return added
        default:
            return skip(name)
        }
    }

    private mutating func skip(_ name: String) -> Bool {
        skipped[name, default: 0] += 1
        return false
    }

    /// The recording as a scenario file's object.
    var json: JSONValue {
        var result = scenario
        result["timeline"] = .array(timeline)
        var description = "recorded by mhubctl record: \(timeline.count) steps"
        if !skipped.isEmpty {
            description +=
                "; not replayed: "
                + skipped.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        }
        result["description"] = .string(description)
        return .object(result)
    }
}
