import DNSSDPeerSupport
import Foundation
import MHubJSON
import MatterSpecification
import Testing

/// Issues 34 and 37, "Done when", for every template the hub offers (`get_templates`, but the bridge): the CHIP Python
/// controller, after commissioning the hub, reads each bridged endpoint (a composed device's parts too) with a
/// wildcard read that the SDK's own cluster objects decode without a failure and that conforms to Matter 1.4 as the
/// conformance checker reads it, and invokes every command the endpoint's clusters accept (their
/// AcceptedCommandList) over Matter; `mhubctl device read` then shows each command's change on the device itself
/// (its node, endpoint 1), before the next command runs.
///
/// What each command is sent with, and what it must change, is `command_table()` in `Peers/chip_commission.py`
/// (scenario `templates`): a cluster whose commands are not all in it fails here, so a new template's new cluster
/// needs its entry there.
@Suite(.serialized, .enabled(if: ChipCommissionScript.shouldRun), .avahiDaemonLock, .timeLimit(.minutes(15)))
struct ChipTemplatesPeerTests {
    /// The hub alone: the devices come from `get_templates`, none of the harness's own (Lamp, Door).
    static let configuration: [String: JSONValue] = [
        "hub": [
            "name": "Templates hub", "serial_number": "SN-TEMPLATES-1", "discriminator": 3079, "passcode": 20_202_021,
        ],
        "simulated_devices": [],
    ]

    /// How long a change may take to show (Level Control's Move and Color Control's MoveColorTemperature run for
    /// up to a second).
    static let settleSeconds = 5.0

    /// The value `mhubctl device read` shows at `path` of `node`.
    static func read(_ daemon: DaemonHarness, node: Int64, path: String) throws -> JSONValue? {
        let output = try ChipBridgePeerTests.mhubctl(daemon, ["device", "read", String(node), path, "--json"])
        return try JSONParser().parse(output)[path]
    }

    /// Whether `value` is `expected`, or a number at most `within` away from it; an array of values is any of them (a
    /// step whose templates start from different values: a room thermostat's setpoint and a water heater's).
    static func matches(_ value: JSONValue?, _ expected: JSONValue, within: JSONValue?) -> Bool {
        // A list value equal to the list expected; else a list expected is the values any of which passes.
        if value == expected { return true }
        if case .array(let choices) = expected { return choices.contains { matches(value, $0, within: within) } }
        guard case .integer(let number)? = value, case .integer(let target) = expected else { return value == expected }
        let tolerance: Int64 = if case .integer(let tolerance)? = within { tolerance } else { 0 }
        return abs(number - target) <= tolerance
    }

    /// One command the controller invoked (`step-N.json`): its status, and for one with an attribute effect, that
    /// `mhubctl device read` shows the expected value within `settleSeconds`. The failure, or nil.
    static func check(_ step: JSONValue, daemon: DaemonHarness, nodes: [String: Int64]) throws -> String? {
        let command =
            "\(text(step["node_label"])) endpoint \(text(step["endpoint"])): "
            + "\(text(step["cluster_name"])).\(text(step["command"]))"
        guard step["ok"] == true else { return "\(command) failed over Matter: \(text(step["status"]))" }
        guard case .integer(let attribute)? = step["attribute"], let expected = step["expected"] else { return nil }
        guard case .string(let name)? = step["node_label"], let node = nodes[name] else {
            return "\(command): no device node for it"
        }
        guard case .integer(let cluster)? = step["cluster"] else { return "\(command): no cluster" }
        // The endpoint on the device: 1, or a composed device's part (2, 3, …).
        let endpoint = if case .integer(let number)? = step["device_endpoint"] { number } else { Int64(1) }
        let path = "\(endpoint)/\(cluster)/\(attribute)"
        let deadline = Date().addingTimeInterval(settleSeconds)
        var value = try read(daemon, node: node, path: path)
        while !matches(value, expected, within: step["within"]), Date() < deadline {
            usleep(50_000)
            value = try read(daemon, node: node, path: path)
        }
        guard matches(value, expected, within: step["within"]) else {
            return "\(command): mhubctl device read \(node) \(path) shows \(text(value)), not \(text(expected))"
        }
        return nil
    }

    @Test func everyTemplateDecodesAndDoesWhatItsCommandsSay() throws {
        try NetworkNamespacePair.with { pair in
            let daemon = try DaemonHarness(in: pair, configuration: Self.configuration)
            try daemon.start()
            defer { daemon.stop() }
            let hub = try daemon.connect(.unix)

            // One simulated device of each template, named by its key, commissioned into the home.
            var deviceTypes: [String: Int64] = [:]
            var templates: [String] = []
            for template in try hub.call("get_templates").arrayValueForTest {
                guard case .string(let key)? = template["key"], key != "bridge" else { continue }
                templates.append(key)
                if case .integer(let deviceType)? = template["device_type"] { deviceTypes[key] = deviceType }
            }
            #expect(!templates.isEmpty)
            for (index, key) in templates.enumerated() {
                _ = try hub.call(
                    "add_simulated_device",
                    [
                        "template": .string(key), "name": .string(key), "discriminator": .integer(Int64(300 + index)),
                        "passcode": 20_202_021,
                    ])
            }
            for device in try hub.call("get_simulated_devices").arrayValueForTest {
                guard case .string(let qr)? = device["qr_code"] else { throw TestFailure("no QR code") }
                _ = try hub.call("commission_with_code", ["code": .string(qr)])
            }
            var nodes: [String: Int64] = [:]
            for device in try hub.call("get_simulated_devices").arrayValueForTest {
                if case .string(let name)? = device["name"], case .integer(let node)? = device["node_id"] {
                    nodes[name] = node
                }
            }
            #expect(Set(nodes.keys) == Set(templates), "\(nodes)")

            guard let controller = try ChipCommissionScript.commissioningTheHub(daemon, through: hub, in: pair) else {
                return
            }

            // Every bridged endpoint (the Aggregator's PartsList); each command is checked with mhubctl as the
            // controller hands it over (step-N.json), and only then (step-N.done) does the next one run.
            let steps = daemon.directory.appendingPathComponent("steps")
            try FileManager.default.createDirectory(at: steps, withIntermediateDirectories: true)
            let run = try controller.start(
                "templates", ["1", "*"], extraOptions: ["--confirm-dir", steps.path, "--confirm-timeout", "60"],
                timeout: 600)
            var failures: [Int: String] = [:]
            var step = 1
            while true {
                let handed = steps.appendingPathComponent("step-\(step).json")
                guard let data = try? Data(contentsOf: handed) else {
                    guard run.isRunning else { break }
                    usleep(20_000)
                    continue
                }
                let invoked = try JSONParser().parse(String(decoding: data, as: UTF8.self))
                failures[step] = try Self.check(invoked, daemon: daemon, nodes: nodes)
                try Data().write(to: steps.appendingPathComponent("step-\(step).done"))
                step += 1
            }
            let report = try controller.report(of: run, within: 60)
            #expect(report.ok, "\(report.json)\n\(daemon.log.suffix(3000))")
            guard case .object(let endpoints)? = report.result?["endpoints"] else {
                Issue.record("no endpoints: \(report.json)")
                return
            }
            #expect(report.result?["steps"] == .integer(Int64(step - 1)), "every command was checked")
            for failure in failures.sorted(by: { $0.key < $1.key }).map(\.value) {
                Issue.record(Comment(rawValue: failure))
            }

            // Each template's bridged endpoint, and each part of a composed one: decoded without a failure, its
            // device type, and every accepted command of every cluster invoked.
            var labels: [String] = []
            var conformed = 0
            for (endpoint, read) in endpoints.sorted(by: { (Int($0.key) ?? 0) < (Int($1.key) ?? 0) }) {
                let label: String
                if case .string(let own)? = read["node_label"] {
                    label = own
                    labels.append(label)
                } else if case .string(let owner)? = read["owner"] {
                    label = "\(owner) part \(Self.text(read["device_endpoint"]))"
                } else {
                    Issue.record("endpoint \(endpoint) is neither a bridged device nor a part of one")
                    continue
                }
                #expect(
                    read["decode_failures"] == [],
                    "\(label) (endpoint \(endpoint)): \(Self.text(read["decode_failures"]))")
                #expect(read["missing_commands"] == [], "\(label): accepted commands with no entry in COMMANDS")
                // Conformance over Matter (issue 37): the endpoint as the SDK decoded it, checked against Matter 1.4.
                if case .object(let globals)? = read["globals"] {
                    for composition in try NodeConformanceIntegrationTests.compositions(globals) {
                        let findings = ConformanceChecker.check(composition, conditions: ["Matter", "Active"])
                        #expect(findings.isEmpty, "\(label) (endpoint \(endpoint)): \(findings.map(\.description))")
                        conformed += 1
                    }
                } else {
                    Issue.record("\(label) (endpoint \(endpoint)): no globals read")
                }
                if let deviceType = deviceTypes[label] {
                    #expect(read["device_types"]?.arrayValueForTest.contains(.integer(deviceType)) == true, "\(label)")
                }
                let invoked = read["invoked"]?.arrayValueForTest ?? []
                guard case .object(let accepted)? = read["accepted_commands"] else { continue }
                for (cluster, commands) in accepted {
                    let sent = Set(
                        invoked.filter { $0["cluster"] == .integer(Int64(cluster) ?? -1) }.compactMap {
                            $0["command_id"]
                        })
                    #expect(sent == Set(commands.arrayValueForTest), "\(label): cluster \(cluster)")
                }
                let failed = invoked.filter { failures[Self.stepNumber($0)] != nil }.count
                let seen = invoked.filter { $0["attribute"] != .null && $0["attribute"] != nil }.count
                print(
                    "chip templates: \(label) (endpoint \(endpoint)): \(invoked.count) commands (\(seen) changes "
                        + "read with mhubctl), \(failed) failed, "
                        + "\(read["decode_failures"]?.arrayValueForTest.count ?? 0) decode failures")
            }
            #expect(labels.sorted() == templates.sorted(), "every template has its bridged endpoint")
            #expect(conformed == endpoints.count, "every bridged endpoint checked for conformance")
        }
    }

    /// A string as it is, anything else as JSON.
    static func text(_ value: JSONValue?) -> String {
        if case .string(let text)? = value { text } else { JSONWriter.compact(value ?? .null) }
    }

    static func stepNumber(_ invoked: JSONValue) -> Int {
        if case .integer(let step)? = invoked["step"] { Int(step) } else { 0 }
    }
}
