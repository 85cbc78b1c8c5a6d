import Foundation
import MHubClient
import MHubJSON

/// A 10-minute scenario run on mhubd's virtual clock: how long, in real time, one `advance_clock` over the whole
/// timeline takes, with a listener hearing every event (docs/scenarios.md).
///
/// The scenario: `devices` dimmable lights; every second one of them is dimmed with a 2-second transition (so 20
/// reports each), toggled, or set as someone at the switch would, and every minute another goes unreachable and
/// back.
enum VirtualTimeline {
    struct Result {
        var seconds: Double
        var events: Int
        var steps: Int
    }

    static let minutes = 10

    /// The scenario file's JSON.
    static func scenario(devices: Int) -> JSONValue {
        let lights: [JSONValue] = (0..<devices).map { index in
            ["id": .string("light-\(index)"), "template": "dimmable-light", "name": .string("Light \(index)")]
        }
        var timeline: [JSONValue] = []
        for second in 1..<(minutes * 60) {
            // The last light is the one that drops out; the others take the commands.
            let device = JSONValue.string("light-\(second % (devices - 1))")
            let dropping = JSONValue.string("light-\(devices - 1)")
            let at = JSONValue.integer(Int64(second) * 1000)
            switch second % 3 {
            case 0:
                timeline.append([
                    "at": at,
                    "device_command": [
                        "device": device, "endpoint_id": 1, "cluster_id": "LevelControl",
                        "command_name": "MoveToLevelWithOnOff",
                        "payload": [
                            "level": .integer(Int64(10 + second % 200)), "transitionTime": 20, "optionsMask": 0,
                            "optionsOverride": 0,
                        ],
                    ],
                ])
            case 1:
                timeline.append([
                    "at": at,
                    "device_command": [
                        "device": device, "endpoint_id": 1, "cluster_id": "OnOff", "command_name": "Toggle",
                    ],
                ])
            default:
                timeline.append([
                    "at": at,
                    "set_attribute": [
                        "device": device, "attribute_path": "1/OnOff/onOff", "value": .bool(second % 2 == 0),
                    ],
                ])
            }
            if second % 60 == 30 { timeline.append(["at": at, "unreachable": dropping]) }
            if second % 60 == 45 { timeline.append(["at": at, "reachable": dropping]) }
        }
        return [
            "mhub_scenario": 1, "name": .string("\(minutes) minutes of \(devices) lights"),
            "devices": .array(lights), "timeline": .array(timeline),
        ]
    }

    /// Starts mhubd on the virtual clock with the scenario, listens on its Unix socket, and times the advance.
    static func measure(mhubd: String, directory: String, devices: Int = 20) throws -> Result {
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let scenarioPath = "\(directory)/timeline.json"
        let scenario = scenario(devices: devices)
        try Data(JSONWriter.pretty(scenario).utf8).write(to: URL(fileURLWithPath: scenarioPath))
        let readyPath = "\(directory)/ready.json"
        let server = try ServerProcess(
            name: "mhubd (virtual clock)", executable: mhubd,
            arguments: [
                "--ephemeral", "--clock", "virtual", "--scenario", scenarioPath, "--ready-file", readyPath,
                "--log-level", "warning",
            ],
            logPath: "\(directory)/mhubd.log")
        defer { server.stop() }
        let deadline = monotonicSeconds() + 60
        while access(readyPath, F_OK) != 0 {
            guard server.process.isRunning, monotonicSeconds() < deadline else {
                throw BenchFailure("mhubd with the timeline did not get ready:\n\(server.logTail)")
            }
            pause(0.002)
        }
        guard
            case .string(let socket)? = try JSONParser().parse(try String(contentsOfFile: readyPath, encoding: .utf8))[
                "unix_socket"]
        else { throw BenchFailure("no unix_socket in \(readyPath)") }
        let pipe = try MHubMessagePipe.connectWhenReady(to: .unix(path: socket), timeout: 30)
        defer { pipe.close() }
        try pipe.call("start_listening", ["events": "all"], id: "listen")
        let request: JSONValue = [
            "message_id": "advance", "command": "advance_clock",
            "args": ["milliseconds": .integer(Int64(minutes) * 60_000)],
        ]
        var events = 0
        let start = monotonicSeconds()
        try pipe.send(JSONWriter.compact(request))
        waiting: while true {
            for text in try pipe.receive() {
                if text.contains(#""message_id":"advance""#) {
                    guard text.contains(#""result""#) else { throw BenchFailure("advance_clock failed: \(text)") }
                    break waiting
                }
                if text.hasPrefix(#"{"data""#) || text.contains(#""event":"#) { events += 1 }
            }
        }
        let seconds = monotonicSeconds() - start
        let status = try pipe.call("get_scenario", id: "status")
        guard case .integer(let done)? = status["done"], case .integer(let steps)? = status["steps"], done == steps,
            status["failures"] == []
        else { throw BenchFailure("the timeline did not run whole: \(JSONWriter.compact(status))") }
        return Result(seconds: seconds, events: events, steps: Int(steps))
    }
}
