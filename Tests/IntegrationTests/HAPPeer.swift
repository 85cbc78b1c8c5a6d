import DNSSDPeerSupport
import Foundation
import MHubJSON

/// Where aiohomekit 4.0.1 comes from (`scripts/peers-venv.sh hap`, `.build/hap-venv`), and whether it can run here.
enum HAPPeer {
    static let peers = Executables.repositoryRoot.appendingPathComponent("Tests/IntegrationTests/Peers")
    static let controllerScript = peers.appendingPathComponent("hap_controller.py")

    static var inCI: Bool { !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty }

    /// `MHUB_HAP_PYTHON` (scripts/test.sh exports it), else `.build/hap-venv/bin/python`.
    static var python: URL? {
        if let path = ProcessInfo.processInfo.environment["MHUB_HAP_PYTHON"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let local = Executables.repositoryRoot.appendingPathComponent(".build/hap-venv/bin/python")
        return FileManager.default.isExecutableFile(atPath: local.path) ? local : nil
    }

    /// In CI always (a missing environment then fails the tests); elsewhere only when the environment is here.
    static var shouldRun: Bool { inCI || python != nil }

    static func requirePython() throws -> URL {
        guard let python, FileManager.default.isExecutableFile(atPath: python.path) else {
            throw TestFailure("no aiohomekit environment: run scripts/peers-venv.sh hap (scripts/test.sh does)")
        }
        return python
    }

    /// The full UUID aiohomekit gives an Apple-defined service or characteristic type (`aiohomekit/uuid.py`), from
    /// its short form as the HAP tables write it (`"43"`, `"25"`; R14 §6.6.1's base UUID).
    static func appleType(_ short: String) -> String {
        String(repeating: "0", count: max(0, 8 - short.count)) + short.uppercased() + "-0000-1000-8000-0026BB765291"
    }
}

/// `Peers/hap_controller.py`: one aiohomekit controller for a whole test, a JSON command and its answer a line
/// (the commands are listed in the script's docstring). Its pairings are kept in `pairingFile` too, which
/// `HAPCommandLine` hands to aiohomekit's CLI.
final class HAPController {
    let pairingFile: URL
    private let process: LineProcess

    /// Starts the script; with `launcher` (`NetworkNamespacePair.launcher(in:)`, `ip netns exec mh-ctl`) it runs
    /// through that program, inside the namespace, so that its mDNS and connections stay on the test network.
    init(pairingFile: URL, launcher: (program: URL, arguments: [String])? = nil) throws {
        self.pairingFile = pairingFile
        let python = try HAPPeer.requirePython()
        let script = [HAPPeer.controllerScript.path, pairingFile.path, "--log", "WARNING"]
        if let launcher {
            process = try LineProcess(launcher.program, launcher.arguments + [python.path] + script)
        } else {
            process = try LineProcess(python, script)
        }
    }

    /// The script's answer to `command`, an error answer (`{"error", "message"}`) included.
    func answer(_ command: String, _ arguments: [String: JSONValue] = [:], within seconds: Double = 60) throws
        -> JSONValue
    {
        var line = arguments
        line["command"] = .string(command)
        try process.writeLine(JSONWriter.compact(.object(line)))
        return try process.readLine(within: seconds)
    }

    /// The answer to a command that must succeed; an error answer throws, with its class and message.
    @discardableResult
    func call(_ command: String, _ arguments: [String: JSONValue] = [:], within seconds: Double = 60) throws
        -> JSONValue
    {
        let answer = try answer(command, arguments, within: seconds)
        if let error = answer["error"] {
            throw TestFailure("hap_controller.py \(command): \(error) \(answer["message"] ?? "")")
        }
        return answer
    }

    /// `close`, then the end of its input.
    func stop() {
        _ = try? answer("close", within: 15)
        process.stop()
    }
}

/// aiohomekit's own CLI (`python -m aiohomekit -f FILE COMMAND …`, `aiohomekit/__main__.py`) on the pairing file
/// `HAPController` wrote: every command but `pair` and `discover` reaches the accessory at the address and port in
/// that file, without mDNS.
struct HAPCommandLine {
    let pairingFile: URL

    /// Runs one command to its end (the CLI's exit status is 1 when a command returns False).
    func run(_ arguments: [String], timeout: TimeInterval = 60) throws -> ProcessResult {
        try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["PYTHONUNBUFFERED=1", try HAPPeer.requirePython().path, "-m", "aiohomekit", "-f", pairingFile.path]
                + arguments, timeout: timeout)
    }

    /// `watch -a ALIAS -c aid.iid …`, which runs until killed: started here, ended by `timeout(1)` after `seconds`.
    /// Its output goes to a file, so that what it printed before the signal is all there.
    func startWatch(alias: String, ids: [String], seconds: Int) throws -> Watch {
        let output = pairingFile.deletingLastPathComponent().appendingPathComponent("watch-\(UUID().uuidString).txt")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments =
            [
                // -k: watch does not always end on SIGTERM (aiohomekit's reconnect loop); SIGKILL 3 s later.
                "-k", "3", String(seconds), "/usr/bin/env", "PYTHONUNBUFFERED=1", try HAPPeer.requirePython().path,
                "-m",
                "aiohomekit", "-f", pairingFile.path, "watch", "-a", alias,
            ] + ids.flatMap { ["-c", $0] }
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        try process.runSerialized()
        return Watch(process: process, output: output)
    }

    /// A running `watch`.
    struct Watch {
        let process: Process
        let output: URL

        /// What it printed so far.
        var text: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

        /// Waits for its end (timeout(1)'s 124 is the normal one) and returns what it printed.
        func finish() -> (status: Int32, text: String) {
            process.waitUntilExit()
            return (process.terminationStatus, text)
        }
    }

    /// The objects `get` and `watch` print, one indented JSON object after another (`hkjson.dumps_indented`): each
    /// ends with a line holding only `}`.
    static func printedObjects(_ text: String) -> [JSONValue] {
        var objects: [JSONValue] = []
        var current = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            current += line + "\n"
            if line == "}" || line == "{}" {
                if let value = try? JSONParser().parse(current) { objects.append(value) }
                current = ""
            }
        }
        return objects
    }
}
