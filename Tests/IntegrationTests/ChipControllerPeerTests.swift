import Foundation
import MHubJSON
import MHubProtocol
import Testing

/// The CHIP Python controller (`home-assistant-chip-core` 2025.7.0 from PyPI, connectedhomeip's own controller)
/// against mhubd's Matter port: PASE over UDP, a Basic Information read over the session, a wrong passcode then
/// the right one, BUSY for a second controller, and refusal with the window closed.
///
/// Each run goes through `Peers/chip_sandbox.sh` (a private mount namespace for the SDK's /data and /tmp files)
/// under `timeout`. Outside CI the suite is skipped when the controller cannot run here (no environment from
/// `scripts/peers-venv.sh chip`, not root, no `unshare`); in CI (`CI` set) a missing prerequisite fails it.
@Suite(.serialized, .enabled(if: ChipController.shouldRun))
struct ChipControllerPeerTests {
    static let passcode = 20_202_021

    /// Runs one scenario of `chip_controller.py` against a fresh mhubd; returns its JSON report and CHIP's log.
    static func run(_ scenario: String, windowOpen: Bool = true, wrongPasscode: Int = 0) throws -> (
        report: JSONValue, output: String, daemon: DaemonHarness
    ) {
        let python = try ChipController.requirePython()
        let daemon = try DaemonHarness(configuration: [
            "matter": ["port": 0], "hub": ["name": "Chip hub", "serial_number": "SN-CHIP-7"],
        ])
        try daemon.start()
        if windowOpen {
            _ = try daemon.connect(.unix).call("open_commissioning_window", ["timeout": 120])
        }
        let scratch = daemon.directory.appendingPathComponent("chip-\(scenario)").path
        let arguments = [
            "90", ChipController.sandbox.path, scratch, python.path, ChipController.script.path, scenario, "127.0.0.1",
            String(daemon.matterPort), String(passcode), String(wrongPasscode),
        ]
        let result = try runProcess(URL(fileURLWithPath: "/usr/bin/timeout"), arguments, timeout: 100)
        let lastLine = result.output.split(separator: "\n").last.map(String.init) ?? ""
        guard result.status == 0, let report = try? JSONParser().parse(lastLine) else {
            throw TestFailure(
                "chip_controller.py \(scenario) ended with \(result.status):\n\(result.output.suffix(4000))\n"
                    + "\(result.errors.suffix(2000))\nmhubd:\n\(daemon.log.suffix(3000))")
        }
        return (report, result.output, daemon)
    }

    @Test func paseOverUDPThenTheControllerReadsBasicInformation() throws {
        let (report, output, daemon) = try Self.run("read")
        #expect(report["pase"]?["ok"] == true, "\(report)")
        let basic = report["basic_information"]
        #expect(basic?["vendor_id"] == 0xFFF1)
        #expect(basic?["product_id"] == 0x8001)
        #expect(basic?["vendor_name"] == "mhub")
        #expect(basic?["product_name"] == "mhub hub")
        #expect(basic?["node_label"] == "Chip hub")
        #expect(basic?["software_version_string"] == .string(MHubVersion.string))
        #expect(basic?["serial_number"] == "SN-CHIP-7")
        #expect(basic?["cluster_revision"] == 4)
        // A concrete path on an endpoint the hub does not have (1 is the Aggregator, 2 on the bridged devices'):
        // CHIP decodes the status as UnsupportedEndpoint.
        guard case .string(let endpoint9)? = report["endpoint_9"] else {
            Issue.record("no endpoint_9 in \(report)")
            return
        }
        #expect(endpoint9.contains("UnsupportedEndpoint"))
        #expect(output.contains("New secure session activated"))
        #expect(daemon.log.contains("PASE session with udp"))
        #expect(daemon.stop() == 0)
    }

    @Test func aWrongPasscodeFailsCleanlyAndTheNextCorrectAttemptSucceeds() throws {
        let (report, output, daemon) = try Self.run("retry", wrongPasscode: 12_345_679)
        #expect(report["wrong"]?["ok"] == false, "\(report)")
        #expect(output.contains("Failed to verify peer's MAC"))
        #expect(report["right"]?["ok"] == true, "\(report)")
        #expect(report["node_label"] == "Chip hub")
        // The controller gave up with INVALID_PARAMETER; the hub freed the slot at once.
        #expect(daemon.log.contains("failed: the initiator gave up"))
        #expect(daemon.stop() == 0)
    }

    @Test func aSecondControllerDuringAnOpenSessionIsRefusedWithBusy() throws {
        let (report, output, daemon) = try Self.run("busy")
        #expect(report["first"]?["ok"] == true, "\(report)")
        #expect(report["second"]?["ok"] == false, "\(report)")
        // CHIP's PASESession::OnFailureStatusReport logs the protocol code: 4 is BUSY.
        #expect(output.contains("Received error (protocol code 4) during PASE process"))
        #expect(daemon.log.contains("refused with BUSY (a PASE session is open)"))
        #expect(report["first_node_label"] == "Chip hub")
        #expect(daemon.stop() == 0)
    }

    @Test func withTheWindowClosedPASEIsRefused() throws {
        let (report, output, daemon) = try Self.run("closed", windowOpen: false)
        #expect(report["pase"]?["ok"] == false, "\(report)")
        // Protocol code 2 is INVALID_PARAMETER (CHIP_ERROR_INVALID_PASE_PARAMETER on the controller).
        #expect(output.contains("Received error (protocol code 2) during PASE process"))
        #expect(daemon.log.contains("the hub's commissioning window is closed"))
        #expect(daemon.stop() == 0)
    }
}

/// Where the CHIP controller comes from, and whether it can run here.
enum ChipController {
    static let peers = Executables.repositoryRoot.appendingPathComponent("Tests/IntegrationTests/Peers")
    static let sandbox = peers.appendingPathComponent("chip_sandbox.sh")
    static let script = peers.appendingPathComponent("chip_controller.py")

    static var inCI: Bool { !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty }

    /// `MHUB_CHIP_PYTHON` (scripts/test.sh exports it), else `.build/chip-venv/bin/python`.
    static var python: URL? {
        if let path = ProcessInfo.processInfo.environment["MHUB_CHIP_PYTHON"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let local = Executables.repositoryRoot.appendingPathComponent(".build/chip-venv/bin/python")
        return FileManager.default.isExecutableFile(atPath: local.path) ? local : nil
    }

    /// Why the controller cannot run here, or nil if it can.
    static var missingPrerequisite: String? {
        guard python.map({ FileManager.default.isExecutableFile(atPath: $0.path) }) == true else {
            return "no CHIP controller environment: run scripts/peers-venv.sh chip (scripts/test.sh does)"
        }
        guard geteuid() == 0 else { return "the CHIP sandbox needs root for its mount namespace" }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return "no /usr/bin/unshare" }
        return nil
    }

    /// In CI always (a missing prerequisite then fails the tests); elsewhere only when everything is here.
    static var shouldRun: Bool { inCI || missingPrerequisite == nil }

    static func requirePython() throws -> URL {
        if let missing = missingPrerequisite { throw TestFailure(missing) }
        return python!
    }
}
