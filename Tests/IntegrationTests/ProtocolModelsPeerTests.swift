import Foundation
import MHubJSON
import Testing

/// Offline: every golden reply and event of docs/protocol.md parses with the OHF clients' own models
/// (`Peers/ohf_models_check.py`, no hub running): python-matter-server 7.0.1 (`scripts/peers-venv.sh`), 8.1.2
/// (`peers-venv.sh pms8`) and matter-python-client 1.6.1 (`peers-venv.sh mpc`). Each `<` line is read as its
/// client reads it — the envelope with `parse_message`, an event by its name (node data → `MatterNodeData` and the
/// client's `MatterNode`, `node_event` → `MatterNodeEvent`, ...), an error's code through the client's `ERROR_MAP`,
/// a result by its command (`server_info` → `ServerInfoMessage`, `check_node_update` → `MatterSoftwareVersion`,
/// ...) — with the client's `dataclass_from_dict`, leniently as the client does and strictly on the model's
/// fields. mhub-only commands and events are skipped and listed. Outside CI a test is skipped, saying why, when its
/// environment is missing; in CI (`CI` set) it fails.
@Suite struct ProtocolModelsPeerTests {
    static let script = Executables.repositoryRoot.appendingPathComponent(
        "Tests/IntegrationTests/Peers/ohf_models_check.py")
    static let document = Executables.repositoryRoot.appendingPathComponent("docs/protocol.md")

    static func check(_ environment: OHFClientEnvironment) throws {
        let python = try environment.requirePython()
        let result = try runProcess(
            URL(fileURLWithPath: "/usr/bin/timeout"), ["120", python.path, script.path, document.path], timeout: 150)
        let lastLine = result.output.split(separator: "\n").last.map(String.init) ?? ""
        guard let report = try? JSONParser().parse(lastLine), report["checked"] != nil else {
            throw TestFailure(
                "ohf_models_check.py (\(environment.description)) ended with \(result.status):\n"
                    + "\(result.output.suffix(4000))\n\(result.errors.suffix(3000))")
        }
        #expect(report["client"]?["distribution"] == .string(environment.distribution))
        #expect(report["client"]?["version"] == .string(environment.version))
        #expect(result.status == 0, "\(environment.description): \(report["failures"] ?? nil)")
        if case .array(let failures)? = report["failures"] {
            for failure in failures {
                Issue.record(
                    "\(environment.description) cannot read docs/protocol.md line \(failure["line"] ?? nil): \(failure)"
                )
            }
        }
        // The kinds of lines the document shows and the client reads.
        let counts = report["counts"]
        for kind in [
            "result server_info", "result start_listening", "result commission_with_code", "result read_attribute",
            "result write_attribute", "event node_added", "event node_removed", "event attribute_updated",
            "error get_node", "error write_attribute", "error commission_with_code",
        ] {
            #expect(counts?[kind] != nil, "\(environment.description): no golden line checked as \(kind)")
        }
        if case .integer(let parsed)? = report["parsed"] {
            #expect(parsed >= 30, "\(environment.description) checked only \(parsed) lines")
        } else {
            Issue.record("no count of parsed lines in \(report)")
        }
    }

    @Test(.enabled(if: OHFClientEnvironment.pythonMatterServer7.shouldRun, "no python-matter-server 7.0.1 environment"))
    func theGoldenRepliesParseWithPythonMatterServer7() throws { try Self.check(.pythonMatterServer7) }

    @Test(.enabled(if: OHFClientEnvironment.pythonMatterServer8.shouldRun, "no python-matter-server 8.1.2 environment"))
    func theGoldenRepliesParseWithPythonMatterServer8() throws { try Self.check(.pythonMatterServer8) }

    @Test(.enabled(if: OHFClientEnvironment.matterPythonClient.shouldRun, "no matter-python-client environment"))
    func theGoldenRepliesParseWithMatterPythonClient() throws { try Self.check(.matterPythonClient) }
}
