import Foundation
import MHubCore
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
}
