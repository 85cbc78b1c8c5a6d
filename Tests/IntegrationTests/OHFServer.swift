import DNSSDPeerSupport
import Foundation
import MHubJSON

/// python-matter-server 7.0.1's own server (the OHF Matter Server, PyPI, unmodified; `scripts/ohf-server-venv.sh`)
/// in the test network's controller namespace, started by `scripts/ohf-server.sh` as the benchmark starts its
/// reference: a private mount namespace for the CHIP SDK's fixed paths, no network fetches, `--primary-interface mh1`
/// and a certificate directory holding only mhub's PAA. Its own client drives it from `Peers/ohf_server_client.py`,
/// in the same namespace.
struct OHFServer {
    static let script = Executables.repositoryRoot.appendingPathComponent("scripts/ohf-server.sh")
    static let client = ChipController.peers.appendingPathComponent("ohf_server_client.py")
    /// The server's WebSocket port inside `mh-ctl` (the namespace has it to itself).
    static let port = 5580

    /// `MHUB_OHF_SERVER_PYTHON` (scripts/test.sh exports it), else `.build/ohf-server-venv/bin/python`.
    static var python: URL? {
        if let path = ProcessInfo.processInfo.environment["MHUB_OHF_SERVER_PYTHON"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let local = Executables.repositoryRoot.appendingPathComponent(".build/ohf-server-venv/bin/python")
        return FileManager.default.isExecutableFile(atPath: local.path) ? local : nil
    }

    /// Why the server cannot run here, or nil if it can.
    static var missingPrerequisite: String? {
        guard python.map({ FileManager.default.isExecutableFile(atPath: $0.path) }) == true else {
            return "no python-matter-server environment: run scripts/ohf-server-venv.sh (scripts/test.sh does)"
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return "no /usr/bin/unshare" }
        return NetworkNamespacePair.missingPrerequisite
    }

    /// In CI always (a missing prerequisite then fails the tests); elsewhere only when everything is here.
    static var shouldRun: Bool { ChipController.inCI || missingPrerequisite == nil }

    let pair: NetworkNamespacePair
    /// The server's storage: its CHIP fabric (chip.json), its nodes, and the sandbox of its fixed paths.
    let storage: URL
    /// The PAA certificate (DER) the server trusts, and no other.
    let paa: URL

    var url: String { "ws://127.0.0.1:\(Self.port)/ws" }

    /// Starts the server in the foreground of its own process (its PID is the server's), logging at info level and
    /// the SDK at progress level (its commissioning steps).
    func start() throws -> PeerProcess {
        guard let python = Self.python, Self.missingPrerequisite == nil else {
            throw TestFailure(Self.missingPrerequisite ?? "no python-matter-server environment")
        }
        let arguments = [
            "--port", String(Self.port), "--storage", storage.path, "--primary-interface", pair.controller.interface,
            "--paa", paa.path, "--log-level", "info", "--log-level-sdk", "progress",
        ]
        let launcher = pair.launcher(in: pair.controller)
        return try PeerProcess(
            launcher.program.path, launcher.arguments + [Self.script.path] + arguments,
            environment: ["MHUB_OHF_SERVER_PYTHON": python.path])
    }

    /// The commissioning steps the server's controller logged as finished, in order (`CHIP_PROGRESS … Successfully
    /// finished commissioning step '…'`, CHIP `CommissioningDelegate`).
    static func finishedSteps(in log: String) -> [String] {
        let marker = "Successfully finished commissioning step '"
        return log.components(separatedBy: marker).dropFirst().compactMap {
            $0.split(separator: "'").first.map(String.init)
        }
    }

    /// One run of the client script: its JSON report (`ok`, `result`, `events`, `error`).
    struct Report {
        var json: JSONValue

        var ok: Bool { json["ok"] == true }
        var result: JSONValue? { json["result"] }
        /// The nodes the server holds, as the client sees them.
        var nodes: [JSONValue] {
            guard case .array(let nodes)? = result?["nodes"] else { return [] }
            return nodes
        }
    }

    /// Runs `Peers/ohf_server_client.py SCENARIO URL ARGUMENTS` in the controller namespace.
    func run(_ scenario: String, _ arguments: [String] = [], options: [String] = [], timeout: Double) throws -> Report {
        guard let python = Self.python else { throw TestFailure("no python-matter-server environment") }
        let result = try pair.run(
            in: pair.controller, python.path, [Self.client.path] + options + [scenario, url] + arguments,
            timeout: timeout)
        let lastLine = result.output.split(separator: "\n").last.map(String.init) ?? ""
        guard result.status == 0, let json = try? JSONParser(maximumBytes: 1 << 22).parse(lastLine) else {
            throw TestFailure(
                "ohf_server_client.py \(scenario) ended with \(result.status):\n\(result.output.suffix(4000))\n"
                    + result.errors.suffix(2000))
        }
        return Report(json: json)
    }
}
