import MHubJSON
import Testing

@testable import MHubHub

/// Every mistake in a scenario file is named at its line and column, and nothing is decoded.
@Suite struct ScenarioDecoderTests {
    func decode(_ text: String, files: [String: String] = [:]) throws(ScenarioError) -> Scenario {
        try ScenarioDecoder.decode(Array(text.utf8), files: files)
    }

    func failure(_ text: String, files: [String: String] = [:]) -> ScenarioError? {
        do {
            _ = try decode(text, files: files)
            return nil
        } catch {
            return error
        }
    }

    static let good = """
        {
          "mhub_scenario": 1,
          "name": "Evening",
          "structures": [{"name": "Home", "rooms": ["Kitchen", "Hall"]}, {"name": "Cabin"}],
          "networks": {"wifi": {"ssid": "Evening Wi-Fi", "credentials": "correct horse"}},
          "simulated_devices": [{"id": "spare", "template": "dimmable-light", "discriminator": 2000, "passcode": 20202021}],
          "devices": [
            {"id": "lamp", "template": "dimmable-light", "name": "Ceiling", "room": "Kitchen",
             "attributes": {"1/OnOff/onOff": true, "1/LevelControl/currentLevel": 128}},
            {"id": "door", "template": "contact-sensor", "name": "Front door", "structure": "Cabin"}
          ],
          "permissions": [{"principal": "token:guest", "structure": "Cabin", "granted": false}],
          "faults": [{"fault": "slow_device", "device": "door", "latency_ms": 50}],
          "timeline": [
            {"at": "30s", "set_attribute": {"device": "lamp", "attribute_path": "1/OnOff/onOff", "value": false}},
            {"at": "1m", "unreachable": "door"},
            {"at": 90000, "reachable": "door"},
            {"at": "2m", "fail_next_commissioning": {"step": "pase"}},
            {"at": "2m", "device_command": {"device": "lamp", "endpoint_id": 1, "cluster_id": "OnOff", "command_name": "On"}}
          ]
        }
        """

    @Test func aGoodFileDecodesToItsParts() throws {
        let scenario = try decode(Self.good)
        #expect(scenario.name == "Evening")
        #expect(scenario.structures.map(\.name) == ["Home", "Cabin"])
        #expect(scenario.structures[0].rooms == ["Kitchen", "Hall"])
        #expect(scenario.devices.map(\.id) == ["lamp", "door"])
        #expect(scenario.devices[0].attributes.map(\.path.description) == ["1/8/0", "1/6/0"])
        #expect(scenario.timeline.map(\.at) == [30_000, 60_000, 90_000, 120_000, 120_000])
        #expect(
            scenario.timeline.map(\.command.command.rawValue) == [
                "set_attribute", "set_fault", "set_fault", "set_fault", "device_command",
            ])
        #expect(scenario.timeline[0].command.arguments["attribute_path"] == "1/6/0")
        #expect(scenario.timeline[3].command.arguments["once"] == true)
        #expect(scenario.timeline[4].command.arguments["cluster_id"] == 6)
        #expect(scenario.setup.map(\.command.rawValue) == ["set_permission", "set_fault"])
        #expect(scenario.timeline[1].command.position == .init(line: 16, column: 5))
    }

    /// (text of the good file, what replaces it, where in the replacement the error must point, a phrase of the
    /// reason)
    static let mistakes: [(from: String, to: String, at: String, reason: String)] = [
        (#""name": "Evening","#, #""name": "Evening", "colour": "blue","#, #""colour""#, #"unknown key "colour""#),
        (#""latency_ms": 50"#, #""latency_ms": "50""#, #""50""#, "must be a whole number, not a string"),
        (#""template": "contact-sensor""#, #""template": "toaster""#, #""toaster""#, #"unknown template "toaster""#),
        (#"{"at": 90000,"#, #"{"at": 20000,"#, "20000", "time out of order: 20s comes after 1m"),
        (#""room": "Kitchen""#, #""room": "Attic""#, #""Attic""#, #"no room "Attic" in Home"#),
        (#""unreachable": "door""#, #""unreachable": "window""#, #""window""#, #"no device with the id "window""#),
        (#"{"at": "1m","#, #"{"at": "1 minute","#, #""1 minute""#, #""1 minute" is not a duration"#),
        (
            #""1/LevelControl/currentLevel""#, #""1/LevelControl/brightness""#, #""1/LevelControl/brightness""#,
            "no attribute brightness"
        ),
        (#""mhub_scenario": 1"#, #""mhub_scenario": 2"#, "2", "reads scenario version 1, not 2"),
        (#""device": "lamp", "endpoint_id""#, #""device": "spare", "endpoint_id""#, #""spare""#, "has no node"),
        (#"{"name": "Cabin"}"#, #"["Cabin"]"#, #"["Cabin"]"#, "a structure must be an object, not an array"),
        (#""Hall"]}"#, #""Hall"}"#, "}", "invalid JSON"),
    ]

    /// The line and column of `offset` in `text`, counted here without the parser.
    static func position(of offset: String.Index, in text: String) -> JSONDocument.Position {
        let before = text[..<offset]
        let line = before.filter { $0 == "\n" }.count + 1
        let column = before.reversed().prefix { $0 != "\n" }.count + 1
        return .init(line: line, column: column)
    }

    @Test(arguments: mistakes.indices)
    func eachMistakeIsNamedAtItsLineAndColumn(index: Int) throws {
        let mistake = Self.mistakes[index]
        let place = try #require(Self.good.range(of: mistake.from), "the fixture changed: \(mistake.from)")
        let text = Self.good.replacingCharacters(in: place, with: mistake.to)
        let replaced = try #require(text.range(of: mistake.to, range: place.lowerBound..<text.endIndex))
        let marker = try #require(text.range(of: mistake.at, range: replaced))
        guard let error = failure(text) else {
            Issue.record("\(mistake.to) decoded")
            return
        }
        #expect(error.position == Self.position(of: marker.lowerBound, in: text), "\(error)")
        #expect(error.reason.contains(mistake.reason), "\(error)")
        #expect(error.hubError.code == .invalidScenario)
        #expect(error.hubError.details.hasPrefix("line \(error.position.line), column \(error.position.column): "))
    }

    @Test func importsReadTheirFilesFromWhatTheReaderGave() throws {
        let text = #"{"mhub_scenario": 1, "name": "i", "imports": [{"id": "eve", "file": "eve.json", "name": "Eve"}]}"#
        let scenario = try decode(text, files: ["eve.json": #"{"data": {"node": {"attributes": {}}}}"#])
        #expect(scenario.imports.first?.dump == #"{"data": {"node": {"attributes": {}}}}"#)
        let missing = failure(text)
        #expect(missing?.reason.contains(#""eve.json" was not given"#) == true, "\(String(describing: missing))")
        #expect(missing?.position == Self.position(of: text.range(of: #""eve.json""#)!.lowerBound, in: text))
        let inline = try decode(#"{"mhub_scenario": 1, "name": "i", "imports": [{"dump": {"data": {"node": {}}}}]}"#)
        #expect(inline.imports.first?.dump == #"{"data":{"node":{}}}"#)
    }
}
