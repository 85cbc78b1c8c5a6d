import Foundation
import MHubClient
import MHubJSON
import Testing

/// python-matter-server's own client (`matter_server.client.MatterClient`, PyPI 7.0.1), unmodified,
/// connects to mhubd, lists nodes, toggles a light and receives the change.
@Suite struct OHFClientPeerTests {
    /// The peer environment's python, made by scripts/peers-venv.sh (scripts/test.sh exports it).
    static var python: URL? {
        if let path = ProcessInfo.processInfo.environment["MHUB_PEERS_PYTHON"] {
            return URL(fileURLWithPath: path)
        }
        let local = Executables.repositoryRoot.appendingPathComponent(".build/peers-venv/bin/python")
        return FileManager.default.isExecutableFile(atPath: local.path) ? local : nil
    }

    @Test func theOHFClientListsNodesTogglesALightAndHearsTheChange() throws {
        let python = try #require(
            Self.python, "no peer Python environment: run scripts/peers-venv.sh (scripts/test.sh does)")
        let daemon = try DaemonHarness()
        try daemon.start()
        let hub = try daemon.connect(.unix)
        #expect(try hub.call("commission_with_code", ["code": .string(DaemonHarness.lampQR)])["node_id"] == 1)

        let script = Executables.repositoryRoot.appendingPathComponent("Tests/IntegrationTests/Peers/ohf_client.py")
        let result = try runProcess(python, [script.path, "ws://127.0.0.1:\(daemon.port)/ws", "1"], timeout: 60)
        #expect(result.status == 0, "\(result.errors)")
        let report = try JSONParser().parse(result.output.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(report["schema_version"] == 11)
        #expect(report["node_ids"] == [1])
        #expect(report["vendor_name"] == "mhub")
        #expect(report["serial_number"] == "MHUB-000001")
        #expect(report["on_before"] == false)
        #expect(report["event_value"] == true)
        #expect(report["on_after"] == true)
        #expect(report["on_time"] == 30)
        #expect(report["missing_node_error"] == "NodeNotExists")
        #expect(report["write_error"] == "UNSUPPORTED_WRITE (0x88): onOff (1/6/0) is read-only")
        // The toggle happened on the hub, not only in the client's cache.
        #expect(try hub.call("read_attribute", ["node_id": 1, "attribute_path": "1/6/0"]) == ["1/6/0": true])
        #expect(daemon.stop() == 0)
    }

    /// An app and its extension hold a session through their app group (docs/protocol.md §7) while Home Assistant's
    /// client lists, toggles and hears the change, unaffected; then the app group's flow completes.
    @Test func theOHFClientIsUnaffectedWhileAnAppGroupSessionRuns() async throws {
        let python = try #require(
            Self.python, "no peer Python environment: run scripts/peers-venv.sh (scripts/test.sh does)")
        let daemon = try DaemonHarness(configuration: ["commissioning": ["disconnect_grace_ms": 10_000]])
        try daemon.start()
        let admin = try daemon.connect(.unix)
        #expect(try await admin.commissionMatterDevice(onboardingPayload: DaemonHarness.lampQR) == 1)
        let group = "group.com.example.app"
        let app = try MHubHome.connect(to: daemon.endpoint(.unix), appGroup: group)
        let structure = try #require(try await app.structures().first)
        try await structure.prepareForMatterCommissioning()
        let commissioner = try HomeMatterCommissioner(appGroup: group, hub: daemon.endpoint(.webSocket))

        let script = Executables.repositoryRoot.appendingPathComponent("Tests/IntegrationTests/Peers/ohf_client.py")
        let result = try runProcess(python, [script.path, "ws://127.0.0.1:\(daemon.port)/ws", "1"], timeout: 60)
        #expect(result.status == 0, "\(result.errors)")
        let report = try JSONParser().parse(result.output.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(report["node_ids"] == [1])
        #expect(report["event_value"] == true)
        #expect(report["on_after"] == true)
        #expect(report["missing_node_error"] == "NodeNotExists")

        // The session stayed the app group's all along, and its flow goes on.
        let session = try await admin.session()
        #expect(session?.appGroup == group)
        #expect(session?.state == "prepared")
        guard case .array(let devices) = try await admin.call(.getSimulatedDevices),
            case .string(let doorCode)? = devices.first(where: { $0["name"] == "Door" })?["qr_code"]
        else { throw TestFailure("no door among the simulated devices") }
        try await commissioner.commissionMatterDevice(onboardingPayload: doorCode)
        #expect(try structure.completeMatterCommissioning() == ["2:1"])
        #expect(daemon.stop() == 0)
    }

    /// Home Assistant listens all day while other clients work: python-matter-server's client must hear only the
    /// OHF event types (its client turns an unknown event name into a string and its listening task dies on it),
    /// and go on hearing them, while mhubctl causes every kind of mhub event and the client commissions a device
    /// itself (docs/protocol.md §5).
    @Test func theOHFClientKeepsListeningThroughEveryKindOfMhubEvent() throws {
        let python = try #require(
            Self.python, "no peer Python environment: run scripts/peers-venv.sh (scripts/test.sh does)")
        let daemon = try DaemonHarness()
        try daemon.start()
        // An mhub client listening for everything at the same time, to check the events really happened.
        let watcher = try daemon.connect(.unix)
        let seen = EventNames()
        watcher.setEventHandler { event in seen.add(event.name) }
        _ = try watcher.call("start_listening", ["events": "all"])

        guard case .array(let devices) = try watcher.call("get_simulated_devices"),
            case .string(let doorCode)? = devices.first(where: { $0["name"] == "Door" })?["qr_code"]
        else {
            Issue.record("no door among the simulated devices")
            return
        }
        let script = Executables.repositoryRoot.appendingPathComponent(
            "Tests/IntegrationTests/Peers/ohf_listener.py")
        let result = try runProcess(
            python,
            [
                script.path, "ws://127.0.0.1:\(daemon.port)/ws", Executables.mhubctl.path, daemon.socketPath,
                DaemonHarness.lampQR, doorCode,
            ], timeout: 120)
        #expect(result.status == 0, "\(result.output) \(result.errors)")
        let report = try JSONParser().parse(result.output.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(report["listener_alive"] == true, "\(report)")
        #expect(report["toggle_heard"] == true)
        #expect(report["reset_heard"] == true)
        #expect(report["commissioned_node"] == 1)
        guard case .array(let received)? = report["events"] else {
            Issue.record("no events in \(report)")
            return
        }
        let names = Set(
            received.compactMap { value -> String? in if case .string(let name) = value { name } else { nil } })
        // The OHF Matter Server's event types (matter_server/common/models.py EventType, 7.0.1).
        let ohf: Set<String> = [
            "node_added", "node_updated", "node_removed", "node_event", "attribute_updated", "server_shutdown",
            "server_info_updated", "endpoint_added", "endpoint_removed",
        ]
        #expect(names.isSubset(of: ohf), "non-OHF events reached the OHF client: \(names)")
        #expect(names.isSuperset(of: ["node_added", "attribute_updated", "node_event", "node_removed"]), "\(names)")
        // Meanwhile the mhub client heard mhub's own events of every kind the steps cause.
        let mhubKinds: Set<String> = [
            "session_updated", "commissioning_progress", "simulated_device_added", "simulated_device_removed",
            "room_updated", "structure_updated", "faults_updated", "commissioning_window_updated", "device_updated",
            "hub_reset",
        ]
        #expect(mhubKinds.isSubset(of: seen.names), "missing: \(mhubKinds.subtracting(seen.names))")
        #expect(daemon.stop() == 0)
    }
}

/// Event names collected from a listening task.
final class EventNames: @unchecked Sendable {
    // @unchecked: `stored` is touched under `lock` only.
    private let lock = NSLock()
    private var stored: Set<String> = []

    func add(_ name: String) { lock.withLock { _ = stored.insert(name) } }
    var names: Set<String> { lock.withLock { stored } }
}
