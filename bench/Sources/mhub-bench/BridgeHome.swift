import MHubJSON

/// The bridge rows' home: `devices` On/Off lights, all off, as a scenario file (docs/scenarios.md) that
/// `mhubd --scenario` loads before anyone connects — the quickest way to a home of many commissioned devices.
struct BridgeHome {
    let devices: Int

    /// The scenario's name for the `index`th light (from 1), and the NodeLabel of its bridged endpoint.
    static func name(_ index: Int) -> String { "Light \(index)" }

    /// The scenario's ID for the `index`th light, the key of `get_scenario`'s `devices`.
    static func id(_ index: Int) -> String { "light-\(index)" }

    var scenario: String {
        let lights: [JSONValue] = (1...max(devices, 1)).map { index in
            ["id": .string(Self.id(index)), "template": "on-off-light", "name": .string(Self.name(index))]
        }
        let file: JSONValue = [
            "mhub_scenario": 1, "name": .string("Bridge bench, \(devices) lights"), "timing_profile": "instant",
            "devices": .array(lights),
        ]
        return JSONWriter.compact(file)
    }
}
