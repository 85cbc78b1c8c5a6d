import MHubJSON
import MatterDataModel
import Testing

@testable import MHubHub

/// The energy devices on the hub's virtual clock: an EV charger's sessions, a home energy manager's power adjustments,
/// a water heater's boost, and energy given out by the sun and a battery.
@Suite struct EnergyDeviceTests {
    let interactions = DeviceInteractionTests()

    func value(_ harness: HubHarness, _ template: String, _ path: String) -> AttributeValue? {
        interactions.value(harness, DeviceInteractionTests.node(template), path)
    }

    func energy(_ harness: HubHarness, _ template: String, _ path: String) -> Int64? {
        guard case .structure(let fields)? = value(harness, template, path) else { return nil }
        return fields[0]?.integerValue
    }

    func physically(_ harness: inout HubHarness, _ template: String, _ path: String, _ value: JSONValue) -> HubOutcome {
        harness.send(
            "set_attribute",
            [
                "node_id": .integer(DeviceInteractionTests.node(template)), "attribute_path": .string(path),
                "value": value,
            ])
    }

    func command(
        _ harness: inout HubHarness, _ template: String, cluster: Int64, _ name: String, _ payload: JSONValue = [:]
    ) -> HubOutcome {
        interactions.command(&harness, template, cluster: cluster, name, payload)
    }

    /// The node events of `cluster` in `outcome`, as (event ID, data).
    func events(_ outcome: HubOutcome, cluster: Int64) -> [(Int64?, JSONValue?)] {
        outcome.events.filter { $0.name == "node_event" && $0.data["cluster_id"] == .integer(cluster) }.map {
            ($0.data["event_id"].flatMap { if case .integer(let id) = $0 { id } else { nil } }, $0.data["data"])
        }
    }

    @Test func aCarPluggedInChargesAndItsSessionFollowsTheMeter() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        _ = harness.advance(by: 0)
        #expect(value(harness, "evse", "1/153/0") == .unsigned(0))
        #expect(value(harness, "evse", "1/153/64") == .null)
        // Plugged in and asking, with charging enabled: a session, and it charges at 32 A.
        let plugged = physically(&harness, "evse", "1/153/0", 2)
        #expect(events(plugged, cluster: 153).map(\.0) == [0, 2])
        #expect(events(plugged, cluster: 153).first?.1 == ["sessionID": 0])
        #expect(value(harness, "evse", "1/153/0") == .unsigned(3))
        #expect(value(harness, "evse", "1/153/64") == .unsigned(0))
        #expect(value(harness, "evse", "1/144/8") == .signed(7_360_000))
        // Half an hour: 3.68 kWh into the car and onto the meter.
        _ = harness.advance(by: 1_800_000)
        #expect(value(harness, "evse", "1/153/65") == .unsigned(1800))
        #expect(value(harness, "evse", "1/153/66") == .signed(3_680_000))
        #expect(energy(harness, "evse", "1/145/1") == 3_680_000)
        // Disabled: the transfer stops (EVSEStopped), the car waits.
        let disabled = command(&harness, "evse", cluster: 153, "Disable")
        #expect(events(disabled, cluster: 153).map(\.0) == [3])
        #expect(events(disabled, cluster: 153).first?.1?["reason"] == 1)
        #expect(value(harness, "evse", "1/153/0") == .unsigned(2))
        #expect(value(harness, "evse", "1/153/1") == .unsigned(0))
        #expect(value(harness, "evse", "1/144/8") == .signed(EvseLogic.standbyPower))
        // Enabled for a minute at 16 A: it charges at 3.68 kW, then disables itself.
        let until = harness.now / 1000 - DeviceLogic.matterEpochOffset + 60
        let enabled = command(
            &harness, "evse", cluster: 153, "EnableCharging",
            ["chargingEnabledUntil": .integer(until), "minimumChargeCurrent": 6000, "maximumChargeCurrent": 16000])
        #expect(events(enabled, cluster: 153).map(\.0) == [2])
        #expect(value(harness, "evse", "1/153/0") == .unsigned(3))
        #expect(value(harness, "evse", "1/144/8") == .signed(3_680_000))
        _ = harness.advance(by: 61_000)
        #expect(value(harness, "evse", "1/153/1") == .unsigned(0))
        #expect(value(harness, "evse", "1/153/0") == .unsigned(2))
        #expect(value(harness, "evse", "1/144/8") == .signed(EvseLogic.standbyPower))
        // Unplugged: the session ends with its figures, which stay.
        let unplugged = physically(&harness, "evse", "1/153/0", 0)
        #expect(events(unplugged, cluster: 153).map(\.0) == [1])
        #expect(events(unplugged, cluster: 153).first?.1?["sessionEnergyCharged"] == .integer(3_741_333))
        #expect(value(harness, "evse", "1/153/0") == .unsigned(0))
        #expect(value(harness, "evse", "1/153/66") == .signed(3_741_333))
        // The next car opens session 1.
        _ = physically(&harness, "evse", "1/153/0", 1)
        #expect(value(harness, "evse", "1/153/64") == .unsigned(1))
        #expect(value(harness, "evse", "1/153/0") == .unsigned(1))
    }

    @Test func aFaultStopsChargingAndRefusesEnableCharging() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        _ = physically(&harness, "evse", "1/153/0", 2)
        let fault = physically(&harness, "evse", "1/153/2", 7)  // GroundFault
        #expect(events(fault, cluster: 153).map(\.0) == [4, 3])
        #expect(events(fault, cluster: 153).first?.1?["faultStateCurrentState"] == 7)
        #expect(value(harness, "evse", "1/153/0") == .unsigned(6))
        #expect(value(harness, "evse", "1/153/1") == .unsigned(3))
        let refused = command(
            &harness, "evse", cluster: 153, "EnableCharging",
            ["chargingEnabledUntil": .null, "minimumChargeCurrent": 6000, "maximumChargeCurrent": 16000])
        #expect(refused.errorCode(for: 1) == .sdkStackError)
        // Cleared: charging is enabled again, the car shows as not asking until it asks.
        _ = physically(&harness, "evse", "1/153/2", 0)
        #expect(value(harness, "evse", "1/153/1") == .unsigned(1))
        #expect(value(harness, "evse", "1/153/0") == .unsigned(1))
    }

    @Test func aPowerAdjustmentRunsForItsDurationOrUntilCancelled() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        let load = "device-energy-management"
        #expect(value(harness, load, "1/144/8") == .signed(1_000_000))
        let outside = command(
            &harness, load, cluster: 152, "PowerAdjustRequest", ["power": 5_000_000, "duration": 600, "cause": 0])
        #expect(outside.errorCode(for: 1) == .sdkStackError)
        let started = command(
            &harness, load, cluster: 152, "PowerAdjustRequest", ["power": 500_000, "duration": 600, "cause": 1])
        #expect(events(started, cluster: 152).map(\.0) == [0])
        #expect(value(harness, load, "1/152/2") == .unsigned(3))
        #expect(value(harness, load, "1/144/8") == .signed(500_000))
        guard case .structure(let capability)? = value(harness, load, "1/152/5") else {
            Issue.record("no PowerAdjustmentCapability")
            return
        }
        #expect(capability[1] == .unsigned(2))  // GridOptimizationAdjustment
        // Its ten minutes end: back to 1 kW, PowerAdjustEnd NormalCompletion with 500 W × 600 s.
        let ended = harness.advance(by: 600_000)
        #expect(events(ended, cluster: 152).map(\.0) == [1])
        #expect(events(ended, cluster: 152).first?.1 == ["cause": 0, "duration": 600, "energyUse": 83_333])
        #expect(value(harness, load, "1/152/2") == .unsigned(1))
        #expect(value(harness, load, "1/144/8") == .signed(1_000_000))
        // None under way: INVALID_IN_STATE; one cancelled after a minute: Cancelled.
        #expect(command(&harness, load, cluster: 152, "CancelPowerAdjustRequest").errorCode(for: 1) == .sdkStackError)
        _ = command(&harness, load, cluster: 152, "PowerAdjustRequest", ["power": 0, "duration": 3600, "cause": 0])
        _ = harness.advance(by: 60_000)
        let cancelled = command(&harness, load, cluster: 152, "CancelPowerAdjustRequest")
        #expect(events(cancelled, cluster: 152).first?.1?["cause"] == 4)
        #expect(events(cancelled, cluster: 152).first?.1?["duration"] == 60)
        #expect(value(harness, load, "1/152/2") == .unsigned(1))
        #expect(value(harness, load, "1/144/8") == .signed(1_000_000))
        // The user opts out (No optimization): requests are refused.
        _ = command(&harness, load, cluster: 159, "ChangeToMode", ["newMode": 0])
        #expect(value(harness, load, "1/152/7") == .unsigned(3))
        let optedOut = command(
            &harness, load, cluster: 152, "PowerAdjustRequest", ["power": 0, "duration": 600, "cause": 0])
        #expect(optedOut.errorCode(for: 1) == .sdkStackError)
    }

    @Test func anEVChargersAdjustmentLowersItsCurrentAndGivesItBack() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        _ = physically(&harness, "evse", "1/153/0", 2)
        _ = command(
            &harness, "evse", cluster: 152, "PowerAdjustRequest", ["power": 2_300_000, "duration": 600, "cause": 1])
        #expect(value(harness, "evse", "1/153/7") == .signed(10_000))
        #expect(value(harness, "evse", "1/144/8") == .signed(2_300_000))
        _ = harness.advance(by: 600_000)
        #expect(value(harness, "evse", "1/153/7") == .signed(32_000))
        #expect(value(harness, "evse", "1/144/8") == .signed(7_360_000))
    }

    @Test func aBoostHeatsTheTankUntilItEndsOrIsCancelled() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        #expect(value(harness, "water-heater", "1/148/1") == .unsigned(0))
        #expect(value(harness, "water-heater", "1/144/8") == .signed(WaterHeaterLogic.standbyPower))
        let boost = command(&harness, "water-heater", cluster: 148, "Boost", ["boostInfo": ["0": 1800]])
        #expect(events(boost, cluster: 148).map(\.0) == [0])
        #expect(value(harness, "water-heater", "1/148/5") == .unsigned(1))
        #expect(value(harness, "water-heater", "1/148/1") == .unsigned(1))
        #expect(value(harness, "water-heater", "1/513/41") == .unsigned(1))
        #expect(value(harness, "water-heater", "1/144/8") == .signed(WaterHeaterLogic.heatingPower))
        let cancelled = command(&harness, "water-heater", cluster: 148, "CancelBoost")
        #expect(events(cancelled, cluster: 148).map(\.0) == [1])
        #expect(value(harness, "water-heater", "1/148/5") == .unsigned(0))
        #expect(value(harness, "water-heater", "1/144/8") == .signed(WaterHeaterLogic.standbyPower))
        // A boost to 65 °C for ten minutes: the setpoint goes back when it ends.
        _ = command(&harness, "water-heater", cluster: 148, "Boost", ["boostInfo": ["0": 600, "3": 6500]])
        #expect(value(harness, "water-heater", "1/513/18") == .signed(6500))
        let ended = harness.advance(by: 600_000)
        #expect(events(ended, cluster: 148).map(\.0) == [1])
        #expect(value(harness, "water-heater", "1/513/18") == .signed(5500))
        #expect(value(harness, "water-heater", "1/148/5") == .unsigned(0))
        // Hot water drawn (the tank at 40 °C): it heats, and says how much heat it needs.
        _ = physically(&harness, "water-heater", "1/513/0", 4000)
        #expect(value(harness, "water-heater", "1/148/1") == .unsigned(1))
        #expect(value(harness, "water-heater", "1/148/3") == .signed(3_489_000))
        #expect(value(harness, "water-heater", "1/148/4") == .unsigned(66))
        // In the Off mode it does not.
        _ = command(&harness, "water-heater", cluster: 158, "ChangeToMode", ["newMode": 0])
        #expect(value(harness, "water-heater", "1/148/1") == .unsigned(0))
        #expect(value(harness, "water-heater", "1/144/8") == .signed(WaterHeaterLogic.standbyPower))
    }

    @Test func theSunOutIsEnergyExportedOnTheHubsClock() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        _ = harness.advance(by: 0)
        // At night the inverter draws 5 W: an hour is 5 Wh imported.
        _ = harness.advance(by: 3_600_000)
        #expect(energy(harness, "solar-power", "1/145/1") == 5000)
        #expect(energy(harness, "solar-power", "1/145/2") == 0)
        _ = physically(&harness, "solar-power", "1/144/8", -3_000_000)
        #expect(value(harness, "solar-power", "1/144/5") == .signed(-13_043))
        let outcome = harness.advance(by: 3_600_000)
        #expect(energy(harness, "solar-power", "1/145/2") == 3_000_000)
        #expect(energy(harness, "solar-power", "1/145/1") == 5000)
        let snapshot = outcome.events.last {
            $0.name == "node_event" && $0.data["cluster_id"] == 145
                && $0.data["node_id"] == .integer(DeviceInteractionTests.node("solar-power"))
        }
        #expect(snapshot?.data["data"]?["energyExported"] == ["0": 3_000_000])
        // A curtailment to 1 kW caps the export; at its end the sun's 3 kW is back.
        _ = command(
            &harness, "solar-power", cluster: 152, "PowerAdjustRequest",
            ["power": -1_000_000, "duration": 60, "cause": 1])
        #expect(value(harness, "solar-power", "1/144/8") == .signed(-1_000_000))
        _ = harness.advance(by: 60_000)
        #expect(value(harness, "solar-power", "1/144/8") == .signed(-3_000_000))
    }

    @Test func aBatteryChargesAndDischargesWithItsChargeStateFollowing() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        _ = harness.advance(by: 0)
        #expect(value(harness, "battery-storage", "1/47/26") == .unsigned(3))
        _ = physically(&harness, "battery-storage", "1/144/8", 2_000_000)
        #expect(value(harness, "battery-storage", "1/47/26") == .unsigned(1))
        _ = harness.advance(by: 1_800_000)
        #expect(energy(harness, "battery-storage", "1/145/1") == 1_000_000)
        _ = physically(&harness, "battery-storage", "1/144/8", -4_000_000)
        #expect(value(harness, "battery-storage", "1/47/26") == .unsigned(3))
        _ = harness.advance(by: 900_000)
        #expect(energy(harness, "battery-storage", "1/145/2") == 1_000_000)
        // 1 kWh in and 1 kWh out of 10.24 kWh: 19 half percents up, and down again.
        #expect(value(harness, "battery-storage", "1/47/12") == .unsigned(100))
        _ = physically(&harness, "battery-storage", "1/144/8", 5_000_000)
        _ = harness.advance(by: 1_800_000)
        #expect(value(harness, "battery-storage", "1/47/12") == .unsigned(148))
        // Charged in minutes until full: it stops charging and says it is full.
        for _ in 0..<45 { _ = harness.advance(by: 60_000) }
        #expect(value(harness, "battery-storage", "1/47/12") == .unsigned(200))
        #expect(value(harness, "battery-storage", "1/144/8") == .signed(0))
        #expect(value(harness, "battery-storage", "1/47/26") == .unsigned(2))
    }
}
