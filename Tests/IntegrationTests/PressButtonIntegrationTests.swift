import Foundation
import MHubJSON
import MHubTesting
import Testing

/// `mhubctl device press` against a real `mhubd` on the virtual clock: a listening client hears the Switch events a
/// double press and a long press make, the window's end and the release when the clock is advanced.
@Suite struct PressButtonIntegrationTests {
    static let start: Int64 = 1_767_225_600_000

    /// The Switch events (`event_id` and their fields) among `messages`.
    func switchEvents(_ messages: [JSONValue]) -> [String] {
        messages.compactMap { message -> String? in
            guard message["event"] == "node_event", let data = message["data"], data["cluster_id"] == 59,
                case .integer(let id)? = data["event_id"], case .object(let fields)? = data["data"]
            else { return nil }
            let named = fields.keys.sorted().map { "\($0)=\(JSONWriter.compact(fields[$0] ?? .null))" }
            return ([String(id)] + named).joined(separator: " ")
        }
    }

    /// Messages on `client` until `count` Switch events have come (or nothing more does within 10 s).
    func messages(_ client: RawLineClient, switchEvents count: Int) -> [JSONValue] {
        var seen: [JSONValue] = []
        while switchEvents(seen).count < count, let message = client.readMessage() {
            seen.append(message)
        }
        return seen
    }

    @Test func mhubctlPressesTwiceAndAListenerHearsMultiPressCompleteOfTwo() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mhub-press-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = directory.appendingPathComponent("button.json")
        try Data(
            #"""
            {"mhub_scenario": 1, "name": "button",
             "devices": [{"id": "button", "template": "generic-switch", "name": "Hall button"},
                         {"id": "rocker", "template": "generic-switch-latching", "name": "Rocker"}]}
            """#.utf8
        ).write(to: scenario)
        let hub = try MHubTestHub.start(.init(arguments: ["--clock", "virtual", "--scenario", scenario.path]))
        defer { hub.stop() }
        let socket = try #require(hub.ready.unixSocketPath)
        func mhubctl(_ arguments: String...) throws -> ProcessResult {
            try runProcess(Executables.mhubctl, ["--socket", socket] + arguments)
        }
        let admin = try hub.connect()
        let devices = try admin.call("get_scenario")["devices"]
        guard case .integer(let button)? = devices?["button"]?["node_id"],
            case .integer(let rocker)? = devices?["rocker"]?["node_id"]
        else { throw TestFailure("the scenario's devices: \(String(describing: devices))") }

        let listener = try RawLineClient(path: socket)
        _ = listener.readMessage()  // server info
        listener.write(#"{"message_id":"l","command":"start_listening"}"# + "\n")
        while let message = listener.readMessage(), message["message_id"] != "l" {}

        let pressed = try mhubctl("device", "press", "\(button)", "--presses", "2")
        #expect(pressed.status == 0, "\(pressed.errors)")
        #expect(pressed.output == "node \(button), endpoint 1: pressed 2 times\n")
        let presses = switchEvents(messages(listener, switchEvents: 4))
        #expect(
            presses == [
                "1 newPosition=1", "3 previousPosition=1", "5 currentNumberOfPressesCounted=2 newPosition=1",
                "3 previousPosition=1",
            ])
        #expect(try mhubctl("clock", "advance", "500ms").status == 0)
        let complete = switchEvents(messages(listener, switchEvents: 1))
        #expect(complete == ["6 previousPosition=1 totalNumberOfPressesCounted=2"])

        // A long press: pressed now, LongPress a second later, the release when the hold ends.
        let held = try mhubctl("device", "press", "\(button)", "--long", "--hold", "2000", "--json")
        #expect(held.status == 0, "\(held.errors)")
        let reply = try JSONParser().parse(Array(held.output.utf8))
        #expect(reply["release_at_ms"] == .integer(Self.start + 500 + 2000), "\(held.output)")
        #expect(reply["hold_ms"] == 2000)
        #expect(switchEvents(messages(listener, switchEvents: 1)) == ["1 newPosition=1"])
        #expect(try mhubctl("clock", "advance", "1s").status == 0)
        #expect(switchEvents(messages(listener, switchEvents: 1)) == ["2 newPosition=1"])
        let early = try mhubctl("device", "press", "\(button)")
        #expect(early.status == 1)
        #expect(early.errors.hasPrefix("mhubctl: SessionState: the button on endpoint 1 of node \(button) is held"))
        #expect(try mhubctl("clock", "advance", "1s").status == 0)
        #expect(switchEvents(messages(listener, switchEvents: 1)) == ["4 previousPosition=1"])

        // Refused: the rocker is latching (the hub's error, exit 1); options out of their ranges are usage errors.
        let latching = try mhubctl("device", "press", "\(rocker)")
        #expect(latching.status == 1)
        #expect(
            latching.errors.hasPrefix(
                "mhubctl: InvalidArguments: node \(rocker) has no momentary Switch to press: the Switch on endpoint 1 "
                    + "is latching (LS)"), "\(latching.errors)")
        let named = try mhubctl("device", "press", "\(rocker)", "--endpoint", "1")
        #expect(named.status == 1)
        #expect(named.errors.contains("the Switch on endpoint 1 of node \(rocker) is latching (LS)"), "\(named.errors)")
        #expect(try mhubctl("device", "press", "\(button)", "--hold", "2000").status == 64)
        #expect(try mhubctl("device", "press", "\(button)", "--presses", "11").status == 64)
        #expect(try mhubctl("device", "press", "\(button)", "--long", "--presses", "2").status == 64)
        let help = try runProcess(Executables.mhubctl, ["help", "device", "press"])
        #expect(help.output.contains("--hold MS"), "\(help.output)")
    }
}
