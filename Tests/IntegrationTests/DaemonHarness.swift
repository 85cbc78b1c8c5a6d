import DNSSDPeerSupport
import Foundation
import MHubClient
import MHubJSON

/// A real `mhubd` on temporary paths and a free port, for one test.
final class DaemonHarness: @unchecked Sendable {
    // @unchecked: used from one test at a time; `log` is appended by the reader thread under `lock`.
    let directory: URL
    let socketPath: String
    private(set) var port: UInt16 = 0
    /// The Matter port mhubd logged (`listening on matter udp+tcp port N`).
    private(set) var matterPort: UInt16 = 0
    private(set) var process: Process?
    private let lock = NSLock()
    private var logText = ""
    /// Set when the reader has seen the end of mhubd's stderr: everything it wrote is in `log`.
    private var logComplete = false
    var extraConfiguration: [String: JSONValue]
    /// Variables added to mhubd's environment (e.g. NOTIFY_SOCKET, WATCHDOG_USEC).
    var environment: [String: String] = [:]
    /// A program that starts mhubd, and its arguments before mhubd's path (e.g. systemd-socket-activate).
    var launcher: (program: URL, arguments: [String])?
    /// mhubd's arguments after its own (`--clock virtual`).
    var arguments: [String] = []
    /// Whether `start` gives the hub its home's Wi-Fi and Thread networks once it is ready, so that a device of any
    /// template commissions (`network_setup`); the tests of network credentials start without them.
    var presetNetworks = true

    /// The Wi-Fi network and Thread dataset `presetNetworks` sets (OpenThread's `dataset init new` form).
    static let wifiSSID = "Test Wi-Fi"
    static let threadDataset =
        "0e080000000000010000000300000f35060004001fffe0020811111111222222220708fdad70bfe5aa15dd051000112233445566778899"
        + "aabbccddeeff030e4f70656e54687265616444656d6f010212340410445f2b5ca6f2a93a55ce570a70efeecb0c0402a0f7f8"

    static let lampQR = "MT:-24J0Q1212-10648G00"
    static let lampManual = "10054912339"

    init(configuration: [String: JSONValue] = [:]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("mhubd-it-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        socketPath = directory.appendingPathComponent("mhubd.sock").path
        extraConfiguration = configuration
    }

    deinit {
        if let process, process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    var log: String { lock.withLock { logText } }
    var databasePath: String { directory.appendingPathComponent("state/mhubd.sqlite3").path }
    var configurationPath: String { directory.appendingPathComponent("mhubd.json").path }
    /// Where mhubd writes how to reach it once ready (`--ready-file`).
    var readyFilePath: String { directory.appendingPathComponent("ready.json").path }

    var configurationJSON: JSONValue {
        let root: [String: JSONValue] = [
            "log_level": "debug",
            "state_directory": .string(directory.appendingPathComponent("state").path),
            "control": ["unix_socket": .string(socketPath), "tcp_port": 0],
            "commissioning": ["disconnect_grace_ms": 200],
            // A free UDC port, and no DNS-SD records: tests run many daemons at once. The advertising tests
            // switch dns_sd on.
            "udc": ["port": 0],
            "dns_sd": ["enabled": false],
            "matter": ["port": 0],
            "homekit": ["port": 0],
            // On Ethernet, so that commissioning them needs no network credentials (the tests of network_setup set
            // their own).
            "simulated_devices": [
                [
                    "template": "on-off-light", "name": "Lamp", "discriminator": 1234, "passcode": 20_202_021,
                    "network": "ethernet",
                ],
                [
                    "template": "contact-sensor", "name": "Door", "discriminator": 3000, "passcode": 34_567_890,
                    "network": "ethernet",
                ],
            ],
        ]
        return .object(Self.merging(extraConfiguration, into: root))
    }

    /// `extra` over `base`, key by key: an object replaces the keys it names inside the object it meets, any
    /// other value replaces the whole key.
    static func merging(_ extra: [String: JSONValue], into base: [String: JSONValue]) -> [String: JSONValue] {
        var root = base
        for (key, value) in extra {
            if case .object(let extra) = value, case .object(var inner)? = root[key] {
                for (innerKey, innerValue) in extra { inner[innerKey] = innerValue }
                root[key] = .object(inner)
            } else {
                root[key] = value
            }
        }
        return root
    }

    /// Writes `configurationJSON` (or `text`) where mhubd reads it, e.g. before a SIGHUP.
    func writeConfiguration(_ text: String? = nil) throws {
        try Data((text ?? JSONWriter.pretty(configurationJSON)).utf8).write(
            to: URL(fileURLWithPath: configurationPath))
    }

    /// Starts mhubd and waits until it is ready; throws with its log if it does not get there.
    ///
    /// With `waitUntilReady: false` it returns once the process runs: a socket-activating launcher
    /// starts mhubd only when the first client connects.
    func start(waitUntilReady: Bool = true) throws {
        try writeConfiguration()
        let process = Process()
        if let launcher {
            process.executableURL = launcher.program
            process.arguments =
                launcher.arguments + [
                    Executables.mhubd.path, "--config", configurationPath, "--ready-file", readyFilePath,
                ] + arguments
        } else {
            process.executableURL = Executables.mhubd
            process.arguments = ["--config", configurationPath, "--ready-file", readyFilePath] + arguments
        }
        unlink(readyFilePath)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        lock.withLock {
            logText = ""
            logComplete = false
        }
        try process.runSerialized()
        self.process = process
        let handle = errors.fileHandleForReading
        Thread.detachNewThread { [weak self] in
            while true {
                let data = handle.availableData
                guard let self else { return }
                if data.isEmpty {
                    self.lock.withLock { self.logComplete = true }
                    return
                }
                self.lock.withLock { self.logText += String(decoding: data, as: UTF8.self) }
            }
        }
        if waitUntilReady {
            try self.waitUntilReady()
            if presetNetworks {
                let admin = try connect(.unix)
                _ = try admin.call(
                    "set_wifi_credentials", ["ssid": .string(Self.wifiSSID), "credentials": "correct horse"])
                _ = try admin.call("set_thread_dataset", ["dataset": .string(Self.threadDataset)])
                admin.close()
            }
        }
    }

    /// Gives the reader a moment to take the last of the output of an mhubd that exited.
    private func waitForCompleteLog() {
        let deadline = Date().addingTimeInterval(5)
        while !lock.withLock({ logComplete }) && Date() < deadline {
            usleep(2_000)
        }
    }

    /// Waits for the ready file mhubd writes once it serves (`--ready-file`), then reads its ports from it.
    func waitUntilReady() throws {
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            if ready != nil { break }
            if let process, !process.isRunning {
                waitForCompleteLog()
                throw TestFailure("mhubd exited (\(process.terminationStatus)):\n\(log)")
            }
            usleep(5_000)
        }
        guard let ready else { throw TestFailure("mhubd did not get ready:\n\(log)") }
        if case .string(let url)? = ready["websocket_url"],
            let text = url.split(separator: ":").last?.split(separator: "/").first
        {
            port = UInt16(text) ?? 0
        }
        if case .integer(let number)? = ready["matter_port"] {
            matterPort = UInt16(exactly: number) ?? 0
        }
    }

    /// What mhubd wrote to its ready file, once it has.
    var ready: [String: JSONValue]? {
        guard let data = FileManager.default.contents(atPath: readyFilePath),
            case .object(let members)? = try? JSONParser().parse(Array(data))
        else { return nil }
        return members
    }

    /// SIGTERM, and waits for the exit status.
    @discardableResult
    func stop() -> Int32 {
        guard let process else { return -1 }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        self.process = nil
        return process.terminationStatus
    }

    /// SIGTERM; the exit status, or `nil` if mhubd is still running after `seconds` (then it is killed).
    func stop(within seconds: Double) -> Int32? {
        guard let process else { return nil }
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline {
            usleep(5_000)
        }
        if process.isRunning {
            killHard()
            return nil
        }
        self.process = nil
        return process.terminationStatus
    }

    func signal(_ number: Int32) {
        if let process { kill(process.processIdentifier, number) }
    }

    /// Waits until the log contains `text`; whether it did within `seconds`.
    @discardableResult
    func waitForLog(_ text: String, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if log.contains(text) { return true }
            usleep(5_000)
        }
        return log.contains(text)
    }

    func killHard() {
        guard let process else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }

    enum Transport: String, CaseIterable, Sendable {
        case unix
        case webSocket
    }

    /// The hub's own admin token, as mhubd made it in the state directory (what `mhubctl --url` presents).
    var adminToken: String? {
        (try? String(contentsOfFile: directory.appendingPathComponent("state/admin.token").path, encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Where a client of `transport` connects; over WebSocket with `token`, or the admin token if none is given,
    /// so that both transports get the admin scope (`anonymousWebSocket` has the tokenless loopback scope).
    func endpoint(_ transport: Transport, token: String? = nil) -> MHubEndpoint {
        switch transport {
        case .unix: .unix(path: socketPath)
        case .webSocket: .webSocket(host: "127.0.0.1", port: port, path: "/ws", token: token ?? adminToken)
        }
    }

    /// The WebSocket without a token: the `control.loopback_scope` (commission by default).
    var anonymousWebSocket: MHubEndpoint { .webSocket(host: "127.0.0.1", port: port, path: "/ws", token: nil) }

    func connect(_ transport: Transport, token: String? = nil) throws -> MHubConnection {
        try MHubConnection.connect(to: endpoint(transport, token: token))
    }

    /// The principal mhubd gives a client of this transport (for permission tests).
    func principal(_ transport: Transport) -> String {
        transport == .unix ? "uid:\(geteuid())" : "local-admin"
    }
}

extension MHubConnection {
    /// The hub error code of a call that must fail.
    func errorCode(_ command: String, _ args: [String: JSONValue] = [:]) -> Int? {
        do {
            _ = try call(command, args)
            return nil
        } catch {
            return error.code
        }
    }
}
