import MHubConfiguration
import Testing

@testable import MHubHub

/// A configuration reload changes the hub's settings that changed in the file, and only those.
@Suite struct HubReloadTests {
    @Test func aChangedTimingProfileAppliesAndAnUnchangedOneKeepsTheRuntimeChoice() {
        var harness = HubHarness()
        let old = HubSettings(DaemonConfiguration())
        _ = harness.ok("set_timing_profile", ["profile": "realistic"])
        // The file did not touch the profile: the one chosen over the socket stays.
        var unchanged = DaemonConfiguration()
        unchanged.commissioning.disconnectGraceMilliseconds = 250
        harness.hub.settingsReloaded(from: old, to: HubSettings(unchanged))
        #expect(harness.ok("get_status")["timing_profile"] == "realistic")
        #expect(harness.hub.settings.disconnectGrace == 250)

        // The file changes the profile: the file's new value applies.
        _ = harness.ok("set_timing_profile", ["profile": "instant"])
        var changed = unchanged
        changed.commissioning.timingProfile = "realistic"
        harness.hub.settingsReloaded(from: HubSettings(unchanged), to: HubSettings(changed))
        #expect(harness.ok("get_status")["timing_profile"] == "realistic")
    }

    @Test func reloadedDeclaredDevicesAreWhatTheNextResetCreates() {
        var harness = HubHarness()
        #expect(harness.ok("get_status")["simulated_devices"] == 2)
        var configuration = DaemonConfiguration()
        configuration.simulatedDevices = HubHarness.defaultDevices
        var fewer = configuration
        fewer.simulatedDevices = [HubHarness.defaultDevices[0]]
        harness.hub.settingsReloaded(from: HubSettings(configuration), to: HubSettings(fewer))
        #expect(harness.ok("get_status")["simulated_devices"] == 2)
        _ = harness.ok("reset")
        #expect(harness.ok("get_status")["simulated_devices"] == 1)
    }

    /// `server_info` is kept, not made per request: it must follow the reloaded name and the instance once known.
    @Test func serverInfoFollowsTheReloadedNameAndTheInstance() {
        var harness = HubHarness()
        let fabricID = harness.ok("server_info")["fabric_id"]
        #expect(harness.ok("server_info")["instance"] == .null)
        var renamed = DaemonConfiguration()
        renamed.hub.name = "Attic hub"
        harness.hub.settingsReloaded(from: HubSettings(DaemonConfiguration()), to: HubSettings(renamed))
        #expect(harness.ok("server_info")["hub_name"] == "Attic hub")
        let instance = HubInstance(
            processID: 4242, unixSocketPath: "/run/mhub/mhubd.sock", webSocketURL: nil, matterPort: 5540,
            udcPort: nil, stateDirectory: "/var/lib/mhub", isEphemeral: false, clock: .real)
        _ = harness.hub.instanceKnown(instance)
        let info = harness.ok("server_info")
        #expect(info["instance"] == instance.json && info["instance"]?["pid"] == 4242)
        #expect(info["hub_name"] == "Attic hub" && info["fabric_id"] == fabricID && fabricID != nil)
        #expect(info == harness.hub.run.serverInfo)
    }
}
