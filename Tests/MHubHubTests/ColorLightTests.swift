import MHubJSON
import MatterDataModel
import Testing

@testable import MHubHub

/// An extended colour light's Color Control: hue and saturation, xy and colour temperature, each setting ColorMode,
/// moving over transitions on the hub's clock, stopped by StopMoveStep; a colour temperature light refuses what its
/// features leave out.
@Suite struct ColorLightTests {
    let interactions = DeviceInteractionTests()
    let light = DeviceInteractionTests.node("extended-color-light")

    @discardableResult
    func send(_ harness: inout HubHarness, _ name: String, _ fields: [String: JSONValue]) -> HubOutcome {
        var fields = fields
        fields["optionsMask"] = 0
        fields["optionsOverride"] = 0
        return interactions.command(&harness, "extended-color-light", cluster: 0x300, name, .object(fields))
    }

    func refusal(_ harness: inout HubHarness, template: String, _ name: String, _ fields: [String: JSONValue])
        -> HubError?
    {
        harness.error(
            "device_command",
            [
                "node_id": .integer(DeviceInteractionTests.node(template)), "endpoint_id": 1, "cluster_id": 0x300,
                "command_name": .string(name), "payload": .object(fields),
            ])
    }

    func value(_ harness: HubHarness, _ path: String) -> AttributeValue? {
        interactions.value(harness, light, path)
    }

    /// The home with the colour light switched on, so that colour commands run without ExecuteIfOff.
    func litHome() -> HubHarness {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        _ = interactions.command(&harness, "extended-color-light", cluster: 6, "On")
        return harness
    }

    @Test func hueAndSaturationMoveTogetherAndSetTheMode() {
        var harness = litHome()
        #expect(value(harness, "1/768/8") == .unsigned(2))
        send(&harness, "MoveToHueAndSaturation", ["hue": 84, "saturation": 254, "transitionTime": 0])
        #expect(value(harness, "1/768/0") == .unsigned(84))
        #expect(value(harness, "1/768/1") == .unsigned(254))
        #expect(value(harness, "1/768/8") == .unsigned(0))
        #expect(value(harness, "1/768/16385") == .unsigned(0))
        // Over two seconds: halfway after one, RemainingTime counting down, there at the end.
        send(&harness, "MoveToHue", ["hue": 184, "direction": 0, "transitionTime": 20])
        #expect(value(harness, "1/768/2") == .unsigned(20))
        _ = harness.advance(by: 1000)
        #expect(value(harness, "1/768/0") == .unsigned(134))
        _ = harness.advance(by: 1000)
        #expect(value(harness, "1/768/0") == .unsigned(184))
        #expect(value(harness, "1/768/2") == .unsigned(0))
    }

    @Test func xyMovesAndStepsStayInRange() {
        var harness = litHome()
        send(&harness, "MoveToColor", ["colorX": 20000, "colorY": 30000, "transitionTime": 0])
        #expect(value(harness, "1/768/3") == .unsigned(20000))
        #expect(value(harness, "1/768/4") == .unsigned(30000))
        #expect(value(harness, "1/768/8") == .unsigned(1))
        // The steps are int16: two of +30000 reach the top of x; -31000 takes y below 0, to 0.
        send(&harness, "StepColor", ["stepX": 30000, "stepY": -31000, "transitionTime": 0])
        #expect(value(harness, "1/768/3") == .unsigned(50000))
        send(&harness, "StepColor", ["stepX": 30000, "stepY": 0, "transitionTime": 0])
        #expect(value(harness, "1/768/3") == .unsigned(65279))
        #expect(value(harness, "1/768/4") == .unsigned(0))
    }

    @Test func moveRunsUntilStopMoveStep() {
        var harness = litHome()
        send(&harness, "MoveToSaturation", ["saturation": 0, "transitionTime": 0])
        // 50 a second from 0: after two seconds 100, then stopped there.
        send(&harness, "MoveSaturation", ["moveMode": 1, "rate": 50])
        _ = harness.advance(by: 2000)
        send(&harness, "StopMoveStep", [:])
        let stopped = value(harness, "1/768/1")
        #expect(stopped == .unsigned(100))
        _ = harness.advance(by: 2000)
        #expect(value(harness, "1/768/1") == stopped)
        // moveMode 2 is reserved.
        let refused = refusal(
            &harness, template: "extended-color-light", "MoveHue",
            [
                "moveMode": 2, "rate": 10, "optionsMask": 0, "optionsOverride": 0,
            ])
        #expect(refused?.details.contains("moveMode") == true)
    }

    @Test func aColorTemperatureLightRefusesHueItsFeaturesLeaveOut() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        let refused = refusal(
            &harness, template: "color-temperature-light", "MoveToHue",
            [
                "hue": 10, "direction": 0, "transitionTime": 0, "optionsMask": 0, "optionsOverride": 0,
            ])
        #expect(refused?.details.contains("does not accept MoveToHue") == true)
        #expect(interactions.value(harness, DeviceInteractionTests.node("color-temperature-light"), "1/768/0") == nil)
    }

    /// A light that is off takes a colour command only with ExecuteIfOff: from the command's OptionsMask and
    /// OptionsOverride, else from its Options attribute.
    @Test func aLightThatIsOffTakesColourOnlyWithExecuteIfOff() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        #expect(value(harness, "1/6/0") == .bool(false))
        send(&harness, "MoveToHueAndSaturation", ["hue": 84, "saturation": 254, "transitionTime": 0])
        #expect(value(harness, "1/768/0") == .unsigned(0))
        #expect(value(harness, "1/768/8") == .unsigned(2))
        _ = interactions.command(
            &harness, "extended-color-light", cluster: 0x300, "MoveToHue",
            ["hue": 84, "direction": 0, "transitionTime": 0, "optionsMask": 1, "optionsOverride": 1])
        #expect(value(harness, "1/768/0") == .unsigned(84))
        // Options' ExecuteIfOff set on the light, a command without a mask follows it; with a mask, the override wins.
        _ = harness.ok(
            "write_attribute", ["node_id": .integer(light), "attribute_path": "1/768/15", "value": 1])
        _ = interactions.command(
            &harness, "extended-color-light", cluster: 0x300, "MoveToSaturation",
            ["saturation": 100, "transitionTime": 0, "optionsMask": 1, "optionsOverride": 0])
        #expect(value(harness, "1/768/1") == .unsigned(0))
        send(&harness, "MoveToSaturation", ["saturation": 100, "transitionTime": 0])
        #expect(value(harness, "1/768/1") == .unsigned(100))
    }
}
