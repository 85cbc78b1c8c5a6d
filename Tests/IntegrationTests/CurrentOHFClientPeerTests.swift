import Foundation
import MHubJSON
import Testing

/// Today's OHF Python clients, unmodified, driven against mhubd as Home Assistant drives them
/// (`Peers/ohf_current_client.py`): matter-python-client 1.6.1, what Home Assistant's `matter` integration uses
/// since 2026-02, and python-matter-server 8.1.2's client, each from its own environment on Python >= 3.12
/// (`scripts/peers-venv.sh mpc|pms8`; scripts/test.sh exports `MHUB_MPC_PYTHON` and `MHUB_PMS8_PYTHON`).
///
/// In Home Assistant's order: connect within 10 s and check the schema fields, `start_listening` in a task, the
/// default fabric label set and cleared, the nodes and their device info, subscriptions for node, endpoint and
/// one attribute's events, a command, a plain and a struct write, a read; a Thread device refused at
/// `network_setup` without a dataset, then `set_thread_dataset` and the same code gives `node_added`; its
/// `node_event`; `remove_node` gives `node_removed`; `get_diagnostics`, `interview_node`, `ping_node`,
/// `node_diagnostics`; every kind of mhub event caused over the admin socket while it listens (it hears only the
/// OHF ones and keeps listening); idle past the client's 55 s heartbeat. Each step is asserted from the script's
/// JSON report. Outside CI a test is skipped, saying why, when its environment is missing; in CI (`CI` set) it
/// fails.
@Suite struct CurrentOHFClientPeerTests {
    static let script = Executables.repositoryRoot.appendingPathComponent(
        "Tests/IntegrationTests/Peers/ohf_current_client.py")

    /// The steps every client must pass (the script's names).
    static let requiredSteps = [
        "connect", "start_listening", "fabric_label", "fabric_label_long", "nodes", "subscribe", "command",
        "write_plain", "write_struct",
        "read", "thread_refused", "thread_dataset", "thread_commissioned", "node_event", "node_diagnostics_thread",
        "remove_node", "diagnostics", "interview", "ping", "node_diagnostics", "mhub_events", "after_events", "idle",
    ]

    /// The OHF Matter Server's event types (`EventType`, 7.0.1 and 8.1.2).
    static let ohfEvents: Set<String> = [
        "node_added", "node_updated", "node_removed", "node_event", "attribute_updated", "server_shutdown",
        "server_info_updated", "endpoint_added", "endpoint_removed",
    ]

    /// Runs the script against a fresh mhubd with the harness's lamp (Wi-Fi), which the script has another client
    /// commission first, and contact sensor (Thread), which the OHF client commissions; returns the report.
    static func run(_ environment: OHFClientEnvironment, idle: Int = 90) throws -> JSONValue {
        let python = try environment.requirePython()
        // The lamp on Wi-Fi and the sensor on Thread, as their templates are, and no networks set: the script sets
        // what each needs.
        let daemon = try DaemonHarness(configuration: [
            "simulated_devices": [
                ["template": "on-off-light", "name": "Lamp", "discriminator": 1234, "passcode": 20_202_021],
                ["template": "contact-sensor", "name": "Door", "discriminator": 3000, "passcode": 34_567_890],
            ]
        ])
        daemon.presetNetworks = false
        try daemon.start()
        let limit = idle + 300
        let result = try runProcess(
            URL(fileURLWithPath: "/usr/bin/timeout"),
            [
                String(limit + 20), python.path, script.path, "ws://127.0.0.1:\(daemon.port)/ws", daemon.socketPath,
                "--idle", String(idle), "--timeout", String(limit),
            ], timeout: TimeInterval(limit + 40))
        let lastLine = result.output.split(separator: "\n").last.map(String.init) ?? ""
        guard let report = try? JSONParser().parse(lastLine), report["steps"] != nil else {
            throw TestFailure(
                "ohf_current_client.py (\(environment.description)) ended with \(result.status):\n"
                    + "\(result.output.suffix(4000))\n\(result.errors.suffix(3000))\nmhubd:\n\(daemon.log.suffix(3000))"
            )
        }
        #expect(daemon.stop() == 0)
        return report
    }

    /// What every client must show; `report` is the script's.
    static func expectHomeAssistantFlow(_ report: JSONValue, _ environment: OHFClientEnvironment) {
        #expect(report["client"]?["distribution"] == .string(environment.distribution), "\(report["client"] ?? nil)")
        #expect(report["client"]?["version"] == .string(environment.version))
        let steps = report["steps"]
        for name in requiredSteps {
            #expect(steps?[name]?["ok"] == true, "\(environment.description) step \(name): \(steps?[name] ?? nil)")
        }
        // Connected within 10 s, with the schema fields the client checks.
        let info = steps?["connect"]?["server_info"]
        #expect(info?["schema_version"] == 11)
        #expect(info?["min_supported_schema_version"] == 11)
        #expect(info?["thread_credentials_set"] == false)
        #expect(info?["bluetooth_enabled"] == false)
        #expect(steps?["start_listening"]?["node_ids"] == [1])
        #expect(steps?["fabric_label"]?["home"] == .null)
        #expect(steps?["fabric_label"]?["none"] == .null)
        let lamp = steps?["nodes"]?["nodes"]?["1"]
        #expect(lamp?["vendor_name"] == "mhub")
        #expect(lamp?["serial_number"] == "MHUB-000001")
        #expect(lamp?["product_name"] == "mhub On/Off Light")
        #expect(lamp?["available"] == true)
        // The command's change arrived through the per-attribute subscription, and the node followed.
        #expect(steps?["command"]?["event_value"] == true)
        #expect(steps?["command"]?["after"] == true)
        #expect(steps?["read"]?["values"]?["1/6/16385"] == 30)
        // The Thread device: refused at network_setup without a dataset, with OHF's NodeCommissionFailed.
        let refused = steps?["thread_refused"]
        #expect(refused?["error"]?["type"] == "NodeCommissionFailed", "\(refused ?? nil)")
        #expect(refused?["sensor_network"] == "thread")
        #expect(steps?["thread_dataset"]?["server_info_updated"]?["thread_credentials_set"] == true)
        #expect(steps?["thread_commissioned"]?["node_id"] == 2)
        #expect(steps?["node_event"]?["node_event"]?["cluster_id"] == 69)
        // node_diagnostics reads General Diagnostics' NetworkInterfaces, Network Commissioning and the fabrics, and
        // calls get_vendor_names and get_node_ip_addresses: the lamp is on Wi-Fi, the sensor on Thread, both on the
        // hub's fabric.
        let lampDiagnostics = steps?["node_diagnostics"]?["result"]
        #expect(steps?["node_diagnostics"]?["type"] == "NodeDiagnostics")
        #expect(lampDiagnostics?["network_type"] == "wifi", "\(lampDiagnostics ?? nil)")
        #expect(lampDiagnostics?["network_name"] == "mhub-home")
        #expect(lampDiagnostics?["node_type"] == "end_device")
        #expect(lampDiagnostics?["active_fabric_index"] == 1)
        #expect(lampDiagnostics?["active_fabrics"]?.arrayCount == 1)
        #expect(lampDiagnostics?["mac_address"] != .null)
        #expect(lampDiagnostics?["ip_adresses"]?.arrayCount ?? 0 > 0)
        let sensorDiagnostics = steps?["node_diagnostics_thread"]?["result"]
        #expect(steps?["node_diagnostics_thread"]?["type"] == "NodeDiagnostics")
        #expect(sensorDiagnostics?["network_type"] == "thread", "\(sensorDiagnostics ?? nil)")
        #expect(sensorDiagnostics?["active_fabrics"]?.arrayCount == 1)
        // Thread Network Diagnostics names the dataset's network and the role: a battery sensor sleeps.
        #expect(sensorDiagnostics?["network_name"] == "OpenThreadDemo")
        #expect(sensorDiagnostics?["node_type"] == "sleepy_end_device")
        #expect(steps?["diagnostics"]?["type"] == "ServerDiagnostics")
        // While mhub's own events happened, the client heard only OHF events and kept listening.
        let events = steps?["mhub_events"]
        let heard = Set(jsonStrings(events?["client_heard"]))
        #expect(heard.isSubset(of: ohfEvents), "non-OHF events reached \(environment.description): \(heard)")
        #expect(heard.isSuperset(of: ["node_added", "node_removed", "node_updated", "attribute_updated"]), "\(heard)")
        #expect(events?["listener"]?["alive"] == true, "\(events ?? nil)")
        let caused = Set(jsonStrings(events?["caused"]))
        #expect(
            caused.isSuperset(of: [
                "room_updated", "room_removed", "structure_updated", "structure_removed", "device_updated",
                "simulated_device_added", "simulated_device_removed", "faults_updated", "session_updated",
                "commissioning_progress", "commissioning_window_updated", "scenario_updated", "hub_reset",
            ]), "\(caused)")
        #expect(jsonStrings(report["client_heard_non_ohf"]).isEmpty)
        // A firmware update as Home Assistant's update entity sees it: none, then one offered (set_firmware_update)
        // that check_node_update returns as a MatterSoftwareVersion and update_node installs.
        let extras = steps?["extras"]
        #expect(extras?["check_node_update"]?["result"] == .null, "\(extras?["check_node_update"] ?? nil)")
        #expect(extras?["check_node_update_offered"]?["result"]?["software_version"] == 2)
        #expect(extras?["update_node"]?["result"] == .null, "\(extras?["update_node"] ?? nil)")
        #expect(extras?["software_version_after"] == 2)
        // Idle past the heartbeat: still connected and listening, and a read works.
        #expect(steps?["idle"]?["connected"] == true)
        #expect(steps?["idle"]?["listener"]?["alive"] == true)
        #expect(report["listener_at_end"]?["alive"] == true)
        // Every error reply the client got carried an OHF code (0-11), so it could map it to its own exception.
        if case .array(let replies)? = report["error_replies"] {
            for reply in replies {
                if case .integer(let code)? = reply["error_code"] {
                    #expect((0...11).contains(code), "\(environment.description) got error code \(code): \(reply)")
                }
            }
        }
        // Home Assistant's "share device" (open_commissioning_window on a node) is refused with an OHF code, which
        // python-matter-server's client can map (a code it does not know ends its listening task: KeyError).
        if case .array(let replies)? = steps?["unknown_error_probe"]?["open_commissioning_window"]?["error_replies"] {
            for reply in replies {
                if case .integer(let code)? = reply["error_code"] {
                    #expect(
                        (0...11).contains(code),
                        "open_commissioning_window on a node answered \(code) (\(reply)): not an OHF code")
                }
            }
        }
    }

    @Test(.enabled(if: OHFClientEnvironment.matterPythonClient.shouldRun, "no matter-python-client environment"))
    func matterPythonClientDrivesTheHubAsHomeAssistantDoes() throws {
        let report = try Self.run(.matterPythonClient)
        Self.expectHomeAssistantFlow(report, .matterPythonClient)
        let steps = report["steps"]
        // matter-python-client drops an event name it does not know and maps an unknown error code to MatterError.
        #expect(steps?["unknown_event_probe"]?["survived"] == true, "\(steps?["unknown_event_probe"] ?? nil)")
        let twice = steps?["unknown_error_probe"]?["create_room_twice"]
        #expect(twice?["exception"]?["type"] == "MatterError", "\(twice ?? nil)")
        #expect(twice?["listener"]?["listening_task_alive"] == true)
    }

    @Test(.enabled(if: OHFClientEnvironment.pythonMatterServer8.shouldRun, "no python-matter-server 8.1.2 environment"))
    func pythonMatterServer8DrivesTheHubAsHomeAssistantDoes() throws {
        let report = try Self.run(.pythonMatterServer8)
        Self.expectHomeAssistantFlow(report, .pythonMatterServer8)
        let steps = report["steps"]
        // What python-matter-server 8.1.2's client does, and why mhub sends its own events only to listeners that
        // ask for them and answers OHF commands with OHF codes only (docs/protocol.md §3, §5): an event name it does
        // not know ends its listening task (`_signal_event`: 'str' object has no attribute 'value'), and so does an
        // error code it does not know (`ERROR_MAP[code]`: KeyError); the call then ends with CancelledError.
        let probe = steps?["unknown_event_probe"]
        #expect(probe?["survived"] == false, "\(probe ?? nil)")
        #expect(probe?["after_home_synced"]?["exception"]?["type"] == "AttributeError", "\(probe ?? nil)")
        let twice = steps?["unknown_error_probe"]?["create_room_twice"]
        #expect(twice?["listener"]?["exception"]?["type"] == "KeyError", "\(twice ?? nil)")
        #expect(twice?["exception"]?["type"] == "CancelledError")
    }
}

extension JSONValue {
    /// How many elements the array has; nil when it is not an array.
    fileprivate var arrayCount: Int? { if case .array(let items) = self { items.count } else { nil } }
}

/// The strings of a JSON array (others left out).
func jsonStrings(_ value: JSONValue?) -> [String] {
    guard case .array(let items)? = value else { return [] }
    return items.compactMap { if case .string(let text) = $0 { text } else { nil } }
}

/// A Python environment with an OHF client, made by scripts/peers-venv.sh.
enum OHFClientEnvironment: String, CaseIterable, Sendable, CustomStringConvertible {
    /// matter-python-client 1.6.1 (`peers-venv.sh mpc`, `MHUB_MPC_PYTHON`).
    case matterPythonClient = "mpc"
    /// python-matter-server 8.1.2 (`peers-venv.sh pms8`, `MHUB_PMS8_PYTHON`).
    case pythonMatterServer8 = "pms8"
    /// python-matter-server 7.0.1 (`peers-venv.sh`, `MHUB_PEERS_PYTHON`).
    case pythonMatterServer7 = ""

    var variable: String {
        switch self {
        case .matterPythonClient: "MHUB_MPC_PYTHON"
        case .pythonMatterServer8: "MHUB_PMS8_PYTHON"
        case .pythonMatterServer7: "MHUB_PEERS_PYTHON"
        }
    }

    var directory: String {
        switch self {
        case .matterPythonClient: ".build/mpc-venv"
        case .pythonMatterServer8: ".build/pms8-venv"
        case .pythonMatterServer7: ".build/peers-venv"
        }
    }

    var distribution: String { self == .matterPythonClient ? "matter-python-client" : "python-matter-server" }

    var version: String {
        switch self {
        case .matterPythonClient: "1.6.1"
        case .pythonMatterServer8: "8.1.2"
        case .pythonMatterServer7: "7.0.1"
        }
    }

    var description: String { "\(distribution) \(version)" }

    static var inCI: Bool { !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty }

    /// The environment's python: its variable if set and not empty, else the one in `.build`, if there.
    var python: URL? {
        if let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let local = Executables.repositoryRoot.appendingPathComponent("\(directory)/bin/python")
        return FileManager.default.isExecutableFile(atPath: local.path) ? local : nil
    }

    /// In CI always (a missing environment then fails the test); elsewhere only when the environment is here.
    var shouldRun: Bool { Self.inCI || python != nil }

    func requirePython() throws -> URL {
        guard let python, FileManager.default.isExecutableFile(atPath: python.path) else {
            throw TestFailure(
                "no \(description) environment: run scripts/peers-venv.sh \(rawValue) (scripts/test.sh does; it needs "
                    + "a Python >= \(self == .pythonMatterServer7 ? "3.11" : "3.12"), e.g. ~/.pyenv/versions/3.13.0)")
        }
        return python
    }
}
