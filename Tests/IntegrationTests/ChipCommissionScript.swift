import DNSSDPeerSupport
import Foundation
import MHubClient
import MHubJSON
import Testing

/// `Peers/chip_commission.py`: the CHIP Python controller in the test network's controller namespace
/// (`ip netns exec mh-ctl`), in its sandbox for the SDK's fixed paths (`Peers/chip_sandbox.sh`).
///
/// Runs with the same `sandbox` directory share the controller's storage (its CA, fabric and commissioned nodes),
/// so a second run finds the fabric the first one made; a second controller is a second directory (and its own
/// `--fabric-id`).
struct ChipCommissionScript {
    static let script = ChipController.peers.appendingPathComponent("chip_commission.py")

    /// In CI always (a missing prerequisite then fails the tests); elsewhere only when both the controller and the
    /// test network can run here.
    static var shouldRun: Bool {
        ChipController.inCI
            || (ChipController.missingPrerequisite == nil && NetworkNamespacePair.missingPrerequisite == nil)
    }

    let pair: NetworkNamespacePair
    let sandbox: URL
    /// Options before the scenario, for every run (`--paa-trust-store DIR`, `--fabric-id N`, …).
    var options: [String] = []

    /// One run's report: the script's last line, and everything it printed before (the controller's log).
    struct Report {
        var json: JSONValue
        var log: String

        var ok: Bool { json["ok"] == true }
        var result: JSONValue? { json["result"] }
        /// The commissioning steps the controller reported as finished, in order.
        var stages: [String] {
            guard case .array(let stages)? = json["stages"] else { return [] }
            return stages.compactMap { if case .string(let stage) = $0 { stage } else { nil } }
        }
        var firstError: JSONValue? { json["first_error"] }
    }

    /// Starts `scenario` in the background (for one that waits, such as `subscribe`); `report(of:)` reads its end.
    func start(_ scenario: String, _ arguments: [String] = [], extraOptions: [String] = [], timeout: Int = 120) throws
        -> PeerProcess
    {
        let python = try ChipController.requirePython()
        let command = [
            String(timeout + 30), ChipController.sandbox.path, sandbox.path, python.path, Self.script.path,
        ]
        let runArguments = options + extraOptions + ["--timeout", String(timeout), scenario] + arguments
        return try pair.start(in: pair.controller, "/usr/bin/timeout", command + runArguments)
    }

    /// The report of a run `start` began, once it ends (within `seconds`).
    func report(of process: PeerProcess, within seconds: Double) throws -> Report {
        let result = process.finish(within: seconds)
        let lastLine = result.output.split(separator: "\n").last.map(String.init) ?? ""
        guard result.status == 0, let json = try? JSONParser().parse(lastLine) else {
            throw TestFailure(
                "chip_commission.py ended with \(result.status):\n\(result.output.suffix(4000))\n"
                    + result.errors.suffix(2000))
        }
        return Report(json: json, log: result.output)
    }

    /// Runs `scenario` with `arguments`; throws with the output if the script printed no report.
    func run(_ scenario: String, _ arguments: [String] = [], extraOptions: [String] = [], timeout: Int = 120) throws
        -> Report
    {
        try report(
            of: start(scenario, arguments, extraOptions: extraOptions, timeout: timeout), within: Double(timeout + 40))
    }
}

extension ChipCommissionScript {
    /// A controller (sandbox `ctl`, trusting the daemon's PAA) that has commissioned `daemon`'s hub as node 1 through a
    /// window `hub` opens for it; nil, with the failure recorded, when commissioning fails.
    static func commissioningTheHub(_ daemon: DaemonHarness, through hub: MHubConnection, in pair: NetworkNamespacePair)
        throws -> ChipCommissionScript?
    {
        _ = try hub.call("open_commissioning_window", ["timeout": 300])
        var controller = ChipCommissionScript(pair: pair, sandbox: daemon.directory.appendingPathComponent("ctl"))
        controller.options = [
            "--paa-trust-store", try ChipCommissioningPeerTests.trustStore(for: daemon, named: "paa").path,
        ]
        let commissioned = try controller.run("commission-on-network", ["1", "20202021"], timeout: 150)
        #expect(commissioned.ok, "\(commissioned.json)\n\(daemon.log.suffix(4000))")
        return commissioned.ok ? controller : nil
    }
}
