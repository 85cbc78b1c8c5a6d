import MHubJSON
import Testing

@testable import MHubHub

/// The HomeKit face as the control socket shows it: `get_homekit` with the setup code for the admin scope only, and
/// `homekit_updated` each time the port reports facts that differ, without the setup code, for every listener.
@Suite struct HomeKitStatusTests {
    static func facts(pairings: [HomeKitPairingSummary] = [], configurationNumber: UInt32 = 1) -> HomeKitFacts {
        HomeKitFacts(
            name: "mhub", port: 51826, deviceID: "AA:BB:CC:DD:EE:01", setupCode: "031-45-154", setupID: "MHUB",
            setupURI: "X-HM://0023ISYWYMHUB", setupHash: "FSgV5w==", configurationNumber: configurationNumber,
            accessories: 2, omittedDevices: 1, pairings: pairings)
    }

    @Test func newFactsAreAnEventWithoutTheSetupCodeAndTheSameFactsAreNone() {
        var harness = HubHarness { $0.homeKit.enabled = true }
        _ = harness.ok("start_listening", ["events": "all"])
        let serving = harness.hub.homeKitReported(.serving(Self.facts()), now: harness.now)
        #expect(serving.events.map(\.name) == ["homekit_updated"])
        let data = serving.events.first?.data
        #expect(data?["port"] == 51826)
        #expect(data?["paired"] == false)
        #expect(data?["setup_code"] == "")
        #expect(data?["setup_uri"] == "")
        #expect(harness.hub.homeKitReported(.serving(Self.facts()), now: harness.now).events.isEmpty)

        let paired = Self.facts(pairings: [HomeKitPairingSummary(identifier: "ctrl-1", admin: true)])
        let pairing = harness.hub.homeKitReported(.serving(paired), now: harness.now)
        #expect(pairing.events.map(\.name) == ["homekit_updated"])
        #expect(pairing.events.first?.data["paired"] == true)
        #expect(pairing.events.first?.data["pairings"] == [["admin": true, "identifier": "ctrl-1"]])
        let renumbered = Self.facts(pairings: paired.pairings, configurationNumber: 2)
        #expect(
            harness.hub.homeKitReported(.serving(renumbered), now: harness.now).events.first?.data[
                "configuration_number"] == 2)
    }

    @Test func getHomeKitShowsTheSetupCodeToTheAdminScopeOnly() {
        var harness = HubHarness { $0.homeKit.enabled = true }
        _ = harness.hub.homeKitReported(.serving(Self.facts()), now: harness.now)
        let admin = harness.ok("get_homekit")
        #expect(admin["setup_code"] == "031-45-154")
        #expect(admin["setup_uri"] == "X-HM://0023ISYWYMHUB")
        let reader = harness.ok("get_homekit", as: HubHarness.reader)
        #expect(reader["setup_code"] == "")
        #expect(reader["device_id"] == "AA:BB:CC:DD:EE:01")
    }
}
