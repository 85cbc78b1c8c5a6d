import DNSSDPeerSupport
import Foundation
import MHubConfiguration
import MHubJSON
import MHubProtocol
import Testing

/// `mhubd` started as a real process: it logs its version and configuration, and stops cleanly.
@Suite struct MHubdLifecycleTests {
    /// Writes the configuration to a temporary file, with its own state directory, socket and a free
    /// port unless the text sets them, a free UDC port and DNS-SD off, so that no test touches the
    /// system's mhubd or the network.
    func temporaryConfig(_ text: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mhubd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var text = text
        if case .object(var members) = try JSONParser().parse(text) {
            members["state_directory"] =
                members["state_directory"] ?? .string(directory.appendingPathComponent("state").path)
            var control: [String: JSONValue] = [:]
            if case .object(let given)? = members["control"] { control = given }
            control["unix_socket"] =
                control["unix_socket"] ?? .string(directory.appendingPathComponent("mhubd.sock").path)
            control["tcp_port"] = control["tcp_port"] ?? 0
            members["control"] = .object(control)
            // Tests run daemons side by side: a free UDC and HomeKit port each, and no DNS-SD records.
            members["udc"] = ["port": 0]
            var dnsSD: [String: JSONValue] = [:]
            if case .object(let given)? = members["dns_sd"] { dnsSD = given }
            dnsSD["enabled"] = false
            members["dns_sd"] = .object(dnsSD)
            var matter: [String: JSONValue] = [:]
            if case .object(let given)? = members["matter"] { matter = given }
            matter["port"] = matter["port"] ?? 0
            members["matter"] = .object(matter)
            var homeKit: [String: JSONValue] = [:]
            if case .object(let given)? = members["homekit"] { homeKit = given }
            homeKit["port"] = homeKit["port"] ?? 0
            members["homekit"] = .object(homeKit)
            text = JSONWriter.pretty(.object(members))
        }
        let url = directory.appendingPathComponent("mhubd.json")
        try Data(text.utf8).write(to: url)
        return url
    }

    /// Starts mhubd, waits for "mhubd ready" on stderr, sends `signal`, and returns how it ended.
    func startAndStop(arguments: [String], signal: Int32) throws -> (status: Int32, log: String) {
        let process = Process()
        process.executableURL = Executables.mhubd
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.runSerialized()
        var log = ""
        let deadline = Date().addingTimeInterval(10)
        while !log.contains("mhubd ready") && Date() < deadline && process.isRunning {
            let chunk = errors.fileHandleForReading.availableData
            log += String(decoding: chunk, as: UTF8.self)
        }
        guard log.contains("mhubd ready") else {
            process.terminate()
            throw TestFailure("mhubd did not get ready: \(log)")
        }
        kill(process.processIdentifier, signal)
        let stopDeadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < stopDeadline {
            usleep(5_000)
        }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            throw TestFailure("mhubd did not stop within 5 s of signal \(signal)")
        }
        log += String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, log)
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func logsVersionAndConfigurationThenStopsOnSignal(signal: Int32) throws {
        let config = try temporaryConfig(#"{"log_level": "debug", "hub": {"name": "Test Hub", "passcode": 24681357}}"#)
        defer { try? FileManager.default.removeItem(at: config.deletingLastPathComponent()) }
        let (status, log) = try startAndStop(arguments: ["--config", config.path], signal: signal)
        #expect(status == 0)
        #expect(log.contains("mhubd \(MHubVersion.string) starting"))
        #expect(log.contains("configuration: \(config.path)"))
        #expect(log.contains(#""name":"Test Hub""#))
        #expect(log.contains(#""passcode":24681357"#))
        #expect(log.contains(#""log_level":"debug""#))
        #expect(log.contains(signal == SIGTERM ? "stopping on SIGTERM" : "stopping on SIGINT"))
        // stderr is a pipe, not a terminal: every line carries its syslog priority for journald.
        for line in log.split(separator: "\n") {
            #expect(line.hasPrefix("<"), "\(line)")
        }
    }

    @Test func theRepositoryConfigurationStartsTheDaemon() throws {
        let path = Executables.repositoryRoot.appendingPathComponent("config/mhubd.json").path
        var text = try String(contentsOfFile: path, encoding: .utf8)
        // Its defaults name system paths and ports 5580 and 5540: keep those, then isolate this run.
        text = text.replacingOccurrences(of: "\"state_directory\": null,", with: "")
            .replacingOccurrences(of: "\"unix_socket\": null,", with: "")
            .replacingOccurrences(of: "\"tcp_port\": 5580,", with: "")
            .replacingOccurrences(of: "\"port\": 5540,", with: "")
        let config = try temporaryConfig(text)
        defer { try? FileManager.default.removeItem(at: config.deletingLastPathComponent()) }
        let (status, log) = try startAndStop(arguments: ["--config", config.path], signal: SIGTERM)
        #expect(status == 0)
        #expect(log.contains(#""discriminator":3840"#))
        #expect(log.contains("1 simulated devices"))
    }

    @Test func badConfigurationStopsTheStartNamingTheKey() throws {
        let config = try temporaryConfig(#"{"hub": {"passcode": 12345678}}"#)
        defer { try? FileManager.default.removeItem(at: config.deletingLastPathComponent()) }
        let result = try runProcess(Executables.mhubd, ["--config", config.path])
        #expect(result.status == 78, "\(result.errors)")
        #expect(
            result.errors
                == "mhubd: configuration error: hub.passcode: \(config.path): passcode 12345678 is one of the forbidden trivial ones\n"
        )
        let missing = try runProcess(Executables.mhubd, ["--config", "/nonexistent/mhubd.json"])
        #expect(missing.status == 78)
        #expect(missing.errors.contains("/nonexistent/mhubd.json does not exist"))
    }

    @Test func checkConfigValidatesWithoutStarting() throws {
        let good = try temporaryConfig(#"{"log_level": "notice"}"#)
        defer { try? FileManager.default.removeItem(at: good.deletingLastPathComponent()) }
        let ok = try runProcess(Executables.mhubd, ["--check-config", "--config", good.path])
        #expect(ok.status == 0)
        #expect(ok.output.hasPrefix("\(good.path): ok\n"))
        #expect(
            try DaemonConfiguration.decode(JSONParser().parse(String(ok.output.drop { $0 != "{" }))).logLevel == .notice
        )

        let bad = try temporaryConfig(#"{"log_level": "notice", "colour": "blue"}"#)
        defer { try? FileManager.default.removeItem(at: bad.deletingLastPathComponent()) }
        let rejected = try runProcess(Executables.mhubd, ["--check-config", "--config", bad.path])
        #expect(rejected.status == 78)
        #expect(rejected.errors.contains("colour: \(bad.path): unknown key"))
    }

    @Test func checkConfigTouchesNoStateSocketOrServiceManager() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mhubd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let state = directory.appendingPathComponent("state")
        let runtime = directory.appendingPathComponent("run")
        let config = directory.appendingPathComponent("mhubd.json")
        try Data(
            """
            {"state_directory": "\(state.path)", "control": {"unix_socket": "\(runtime.path)/mhubd.sock"}}
            """.utf8
        ).write(to: config)
        let listener = try NotifySocketListener(directory: directory)
        let process = Process()
        process.executableURL = Executables.mhubd
        process.arguments = ["--check-config", "--config", config.path]
        process.environment = ProcessInfo.processInfo.environment.merging(["NOTIFY_SOCKET": listener.path]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        try process.runSerialized()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: state.path))
        #expect(!FileManager.default.fileExists(atPath: runtime.path))
        Thread.sleep(forTimeInterval: 0.2)
        #expect(listener.messages.isEmpty)
    }

    @Test func usageErrorsExit64() throws {
        let result = try runProcess(Executables.mhubd, ["--frobnicate"])
        #expect(result.status == 64)
        #expect(result.errors == "mhubd: unknown option --frobnicate (see 'mhubd --help')\n")
        let version = try runProcess(Executables.mhubd, ["--version"])
        #expect(version.output == "mhubd \(MHubVersion.string)\n")
    }
}
