import MHubJSON
import MatterDataModel
import Testing

@testable import MHubHub

/// The oven and the microwave: a cooking as a program on the hub's clock, the cavity heating while it cooks and
/// cooling after, the microwave's cooking parameters, its countdown and more time, each with OperationCompletion.
@Suite struct KitchenOvenTests {
    let kitchen = KitchenApplianceTests()

    func value(_ harness: HubHarness, _ template: String, _ path: String) -> AttributeValue? {
        kitchen.value(harness, template, path)
    }

    func completions(_ outcome: HubOutcome) -> [JSONValue] {
        outcome.events.filter {
            $0.name == "node_event" && ($0.data["event_id"] ?? .null) == 1
                && [72, 96].contains($0.data["cluster_id"] ?? .null)
        }.map { $0.data["data"] ?? .null }
    }

    @Test func theOvenPreheatsCooksForItsTimerAndCoolsAfter() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        // 180 °C from 21 °C at 20 °C a minute: 477 s of pre-heating, then the hour.
        let started = kitchen.command(&harness, "oven", endpoint: 2, cluster: 0x48, "Start")
        #expect(kitchen.refusal(started) == nil)
        #expect(value(harness, "oven", "2/72/4") == .unsigned(1))
        #expect(value(harness, "oven", "2/72/1") == .unsigned(0))
        #expect(value(harness, "oven", "2/72/2") == .unsigned(477 + 3600))
        // The mode keeps while it cooks.
        _ = kitchen.command(&harness, "oven", endpoint: 2, cluster: 0x49, "ChangeToMode", ["newMode": 1])
        #expect(value(harness, "oven", "2/73/1") == .unsigned(0))
        _ = harness.advance(by: 60_000)
        #expect(value(harness, "oven", "2/1026/0") == .signed(4100))
        _ = harness.advance(by: 420_000)
        #expect(value(harness, "oven", "2/1026/0") == .signed(18000))
        #expect(value(harness, "oven", "2/72/1") == .unsigned(1))
        let done = harness.advance(by: 3_600_000)
        #expect(value(harness, "oven", "2/72/4") == .unsigned(0))
        #expect(completions(done).count == 1)
        // It cools 5 °C a minute once the timer is done.
        _ = harness.advance(by: 60_000)
        #expect((value(harness, "oven", "2/1026/0")?.integerValue ?? 0) < 18000)
    }

    @Test func theOvensStopEndsTheCookingAndItCools() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        _ = kitchen.command(&harness, "oven", endpoint: 2, cluster: 0x48, "Start")
        _ = harness.advance(by: 60_000)
        let stopped = kitchen.command(&harness, "oven", endpoint: 2, cluster: 0x48, "Stop")
        #expect(value(harness, "oven", "2/72/4") == .unsigned(0))
        #expect(completions(stopped).count == 1)
        _ = harness.advance(by: 60_000)
        #expect(value(harness, "oven", "2/1026/0") == .signed(3600))
        // A setpoint while it is off moves nothing.
        _ = kitchen.command(
            &harness, "oven", endpoint: 2, cluster: 0x56, "SetTemperature", ["targetTemperature": 20000])
        #expect(value(harness, "oven", "2/86/0") == .signed(20000))
        _ = harness.advance(by: 1_000_000)
        #expect(value(harness, "oven", "2/1026/0") == .signed(2100))
    }

    @Test func theMicrowaveCooksItsTimeAddsMoreAndEnds() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        func set(_ payload: JSONValue) -> HubOutcome {
            kitchen.command(&harness, "microwave-oven", endpoint: 1, cluster: 0x5F, "SetCookingParameters", payload)
        }
        #expect(kitchen.refusal(set([:]))?.contains("INVALID_COMMAND") == true)
        #expect(kitchen.refusal(set(["cookTime": 6000]))?.contains("CONSTRAINT_ERROR") == true)
        #expect(kitchen.refusal(set(["powerSetting": 55]))?.contains("CONSTRAINT_ERROR") == true)
        #expect(kitchen.refusal(set(["cookMode": 5]))?.contains("CONSTRAINT_ERROR") == true)
        #expect(kitchen.refusal(set(["cookTime": 60, "powerSetting": 50, "cookMode": 1])) == nil)
        #expect(value(harness, "microwave-oven", "1/95/0") == .unsigned(60))
        #expect(value(harness, "microwave-oven", "1/95/2") == .unsigned(50))
        #expect(value(harness, "microwave-oven", "1/94/1") == .unsigned(1))
        // Power left out is MaxPower; the mode left out is the one tagged Normal; and it starts.
        #expect(kitchen.refusal(set(["cookTime": 45, "startAfterSetting": true])) == nil)
        #expect(value(harness, "microwave-oven", "1/95/2") == .unsigned(100))
        #expect(value(harness, "microwave-oven", "1/94/1") == .unsigned(0))
        #expect(value(harness, "microwave-oven", "1/96/4") == .unsigned(1))
        #expect(value(harness, "microwave-oven", "1/96/2") == .unsigned(45))
        // Not while it cooks.
        #expect(kitchen.refusal(set(["cookTime": 30]))?.contains("INVALID_IN_STATE") == true)
        _ = harness.advance(by: 15_000)
        let more = kitchen.command(
            &harness, "microwave-oven", endpoint: 1, cluster: 0x5F, "AddMoreTime", ["timeToAdd": 30])
        #expect(kitchen.refusal(more) == nil)
        #expect(value(harness, "microwave-oven", "1/95/0") == .unsigned(75))
        #expect(value(harness, "microwave-oven", "1/96/2") == .unsigned(60))
        #expect(completions(harness.advance(by: 59_000)).isEmpty)
        let done = harness.advance(by: 1000)
        #expect(completions(done).count == 1)
        #expect(value(harness, "microwave-oven", "1/96/4") == .unsigned(0))
        #expect(value(harness, "microwave-oven", "1/96/2") == .null)
        let tooMuch = kitchen.command(
            &harness, "microwave-oven", endpoint: 1, cluster: 0x5F, "AddMoreTime", ["timeToAdd": 5400])
        #expect(kitchen.refusal(tooMuch)?.contains("CONSTRAINT_ERROR") == true)
    }
}
