import MHubJSON
import Testing

@testable import MHubConfiguration

/// Which keys a SIGHUP applies, which wait for a restart, and what the daemon runs with afterwards.
@Suite struct ConfigurationReloadTests {
    @Test func nothingChangedNothingReported() {
        let reload = ConfigurationReload(running: DaemonConfiguration(), loaded: DaemonConfiguration())
        #expect(reload.applied.isEmpty)
        #expect(reload.needRestart.isEmpty)
        #expect(reload.configuration == DaemonConfiguration())
    }

    @Test func runTimeKeysApplyAtOnce() {
        var loaded = DaemonConfiguration()
        loaded.logLevel = .debug
        loaded.control.tokens = [AccessToken(name: "ci", token: "0123456789abcdef", scope: "read")]
        loaded.control.loopbackScope = "read"
        loaded.commissioning.timingProfile = "realistic"
        loaded.commissioning.disconnectGraceMilliseconds = 10
        let reload = ConfigurationReload(running: DaemonConfiguration(), loaded: loaded)
        #expect(
            reload.applied == [
                "log_level", "control.loopback_scope", "control.tokens", "commissioning.timing_profile",
                "commissioning.disconnect_grace_ms",
            ])
        #expect(reload.needRestart.isEmpty)
        #expect(reload.configuration == loaded)
    }

    @Test func setUpKeysKeepTheirRunningValuesUntilARestart() {
        var running = DaemonConfiguration()
        running.control.tcpPort = 0
        var loaded = running
        loaded.logLevel = .warning
        loaded.hub.name = "Renamed"
        loaded.stateDirectory = "/elsewhere"
        loaded.control.tcpPort = 6000
        loaded.control.unixSocketPath = "/tmp/other.sock"
        let reload = ConfigurationReload(running: running, loaded: loaded)
        #expect(reload.applied == ["log_level"])
        #expect(reload.needRestart == ["hub.name", "state_directory", "control.unix_socket", "control.tcp_port"])
        var expected = running
        expected.logLevel = .warning
        #expect(reload.configuration == expected)
    }

    @Test func everyConfigurationKeyIsClassified() {
        // A key added to DaemonConfiguration must be added to the reload table, as applied or not.
        // Whole sections that reload (or not) as one unit stand for every key under them.
        let sections: Set<String> = ["simulated_devices", "matter", "udc", "dns_sd", "thread", "homekit"]
        func leaves(_ value: JSONValue, _ path: String) -> [String] {
            guard case .object(let members) = value, !sections.contains(path) else { return [path] }
            return members.keys.sorted().flatMap { leaves(members[$0]!, path.isEmpty ? $0 : "\(path).\($0)") }
        }
        #expect(Set(leaves(DaemonConfiguration().json, "")) == Set(ConfigurationReload.keys))
        #expect(ConfigurationReload.keys.count == Set(ConfigurationReload.keys).count)
        #expect(
            ConfigurationReload.reloadableKeys == [
                "log_level", "control.unix_group_scope", "control.loopback_scope", "control.tokens",
                "control.app_groups", "control.allowed_origins", "control.max_connections",
                "control.max_connections_per_principal",
                "control.handshake_timeout_ms", "control.max_pending_handshakes", "commissioning.timing_profile",
                "commissioning.session_timeout_s",
                "commissioning.disconnect_grace_ms", "simulated_devices", "dns_sd", "thread",
            ])
    }
}
