import DNSSDPeerSupport
import Foundation
import MHubClient
import MHubJSON
import MHubTesting
import Testing

/// `mhubd --ephemeral`, `--ready-file`/`--ready-fd`, the flags over the configuration file, and the state
/// directory's lock, through the real binary.
@Suite struct EphemeralInstanceTests {
    /// A directory for one test's files, removed afterwards.
    func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mhubd-eph-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Starts `mhubd` with `arguments`, waits for `readyFile`; returns the process and the file's object.
    func launch(_ arguments: [String], readyFile: String) throws -> (Process, [String: JSONValue]) {
        let process = Process()
        process.executableURL = Executables.mhubd
        process.arguments = arguments + ["--ready-file", readyFile]
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.runSerialized()
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline && process.isRunning {
            if let data = FileManager.default.contents(atPath: readyFile),
                case .object(let members) = try JSONParser().parse(Array(data))
            {
                return (process, members)
            }
            usleep(5_000)
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        throw TestFailure("mhubd \(arguments) wrote no ready file")
    }

    func terminate(_ process: Process) -> Int32 {
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func twoEphemeralHubsAtOnceEachWithItsOwnReadyFileAndNothingShared() throws {
        let files = try scratch()
        defer { try? FileManager.default.removeItem(at: files) }
        let (first, a) = try launch(["--ephemeral"], readyFile: files.appendingPathComponent("a.json").path)
        let (second, b) = try launch(["--ephemeral"], readyFile: files.appendingPathComponent("b.json").path)
        var stopped = false
        defer {
            if !stopped {
                _ = terminate(first)
                _ = terminate(second)
            }
        }
        for (process, ready) in [(first, a), (second, b)] {
            #expect(ready["pid"] == .integer(Int64(process.processIdentifier)))
            #expect(ready["ephemeral"] == .bool(true))
            guard case .string(let token)? = ready["token"] else {
                Issue.record("no token in \(ready)")
                continue
            }
            #expect(token.utf8.count == 64)
        }
        for key in ["state_directory", "unix_socket", "websocket_url", "matter_port", "udc_port", "token"] {
            #expect(a[key] != b[key], "\(key) is shared: \(a[key] ?? .null)")
        }
        let mode =
            try FileManager.default.attributesOfItem(atPath: files.appendingPathComponent("a.json").path)[
                .posixPermissions] as? Int
        #expect(mode == 0o600, "the ready file holds the token")

        guard case .string(let socketA)? = a["unix_socket"], case .string(let socketB)? = b["unix_socket"],
            case .string(let stateA)? = a["state_directory"], case .string(let stateB)? = b["state_directory"]
        else { throw TestFailure("\(a) \(b)") }
        let clientA = try MHubConnection.connect(to: .unix(path: socketA))
        let clientB = try MHubConnection.connect(to: .unix(path: socketB))
        _ = try clientA.call("create_room", ["name": "Attic"])
        _ = try clientA.call("add_simulated_device", ["template": "door-lock", "name": "Back door"])
        #expect("\(try clientA.call("get_rooms"))".contains("Attic"))
        #expect(!"\(try clientB.call("get_rooms"))".contains("Attic"))
        #expect(!"\(try clientB.call("get_simulated_devices"))".contains("Back door"))

        // server_info and get_status carry what the ready file says, without the token.
        var withoutToken = a
        withoutToken.removeValue(forKey: "token")
        for command in ["server_info", "get_status"] {
            guard case .object(let reply) = try clientA.call(command) else { continue }
            #expect(reply["instance"] == .object(withoutToken), "\(command)")
        }
        clientA.close()
        clientB.close()
        stopped = true
        #expect(terminate(first) == 0)
        #expect(terminate(second) == 0)
        #expect(!FileManager.default.fileExists(atPath: stateA), "the first hub's state directory is left")
        #expect(!FileManager.default.fileExists(atPath: stateB), "the second hub's state directory is left")
    }

    @Test func aSecondHubOnALockedStateDirectoryIsRefusedWithTheHoldersPID() throws {
        try MHubTestHub.with { hub in
            let files = try scratch()
            defer { try? FileManager.default.removeItem(at: files) }
            let database = "\(hub.ready.stateDirectory)/mhubd.sqlite3"
            let before = try FileManager.default.attributesOfItem(atPath: database)[.modificationDate] as? Date
            let second = try runProcess(
                Executables.mhubd,
                [
                    "--state-dir", hub.ready.stateDirectory, "--socket", files.appendingPathComponent("s.sock").path,
                    "--port", "0", "--matter-port", "0", "--udc-port", "0", "--homekit-port", "0", "--no-dns-sd",
                ])
            #expect(second.status == 1)
            #expect(second.errors.contains("in use by another mhubd (pid \(hub.ready.processID))"), "\(second.errors)")
            #expect(!FileManager.default.fileExists(atPath: files.appendingPathComponent("s.sock").path))
            let after = try FileManager.default.attributesOfItem(atPath: database)[.modificationDate] as? Date
            #expect(before == after, "the refused hub touched the database")
            #expect(try hub.connect().call("get_status") != .null, "the first hub still serves")
        }
    }

    @Test func theReadyDescriptorGetsTheSameObjectAndIsClosed() throws {
        let process = Process()
        process.executableURL = Executables.mhubd
        process.arguments = ["--ephemeral", "--ready-fd", "1"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.runSerialized()
        defer { _ = terminate(process) }
        // End of file once mhubd closed the descriptor after the object: the read returns.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        guard case .object(let ready) = try JSONParser().parse(Array(data)) else {
            throw TestFailure("not an object: \(String(decoding: data, as: UTF8.self))")
        }
        #expect(ready["pid"] == .integer(Int64(process.processIdentifier)))
        #expect(process.isRunning)
        guard case .string(let socket)? = ready["unix_socket"] else { throw TestFailure("\(ready)") }
        #expect(try MHubConnection.connect(to: .unix(path: socket)).call("server_info") != .null)
    }

    @Test func flagsWinOverTheFileAndAReloadKeepsThem() throws {
        let files = try scratch()
        defer { try? FileManager.default.removeItem(at: files) }
        let config = files.appendingPathComponent("mhubd.json")
        try Data(#"{"log_level": "warning", "control": {"tcp_port": 1}}"#.utf8).write(to: config)
        let process = Process()
        process.executableURL = Executables.mhubd
        let readyFile = files.appendingPathComponent("ready.json").path
        process.arguments = ["--config", config.path, "--ephemeral", "--log-level", "info", "--ready-file", readyFile]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.runSerialized()
        let collected = LogCollector(errors)
        defer { _ = terminate(process) }
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: readyFile) && Date() < deadline && process.isRunning {
            usleep(5_000)
        }
        #expect(collected.waitFor("mhubd ready"), "\(collected.text)")
        let ready = String(decoding: FileManager.default.contents(atPath: readyFile) ?? Data(), as: UTF8.self)
        #expect(ready.contains("ws://127.0.0.1:") && !ready.contains(":1/ws"), "--ephemeral's port 0 lost: \(ready)")
        #expect(collected.text.contains(#""log_level":"info""#))
        kill(process.processIdentifier, SIGHUP)
        #expect(collected.waitFor("nothing to apply"), "a reload undid a flag:\n\(collected.text)")
    }
}

/// A process's standard error as it arrives.
final class LogCollector: @unchecked Sendable {
    // @unchecked: `value` only under `lock`.
    private let lock = NSLock()
    private var value = ""

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            while true {
                let data = handle.availableData
                if data.isEmpty { return }
                lock.withLock { value += String(decoding: data, as: UTF8.self) }
            }
        }
    }

    var text: String { lock.withLock { value } }

    func waitFor(_ needle: String, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if text.contains(needle) { return true }
            usleep(5_000)
        }
        return text.contains(needle)
    }
}
