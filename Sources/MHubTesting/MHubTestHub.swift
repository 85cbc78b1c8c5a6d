import Foundation
import MHubClient
import MHubJSON

/// A throw-away `mhubd` for one test: `mhubd --ephemeral` in its own temporary state directory with every port 0,
/// started, waited for until its ready file says where it listens, and stopped (SIGTERM, then SIGKILL) when the
/// test is done, however it ends (docs/testing.md).
///
/// ```swift
/// try MHubTestHub.with { hub in
///     let client = try hub.connect()
///     _ = try client.call(.createRoom, ["name": "Kitchen"])
/// }
/// ```
public final class MHubTestHub: @unchecked Sendable {
    // @unchecked: `process` is set once in `start` and cleared by `stop`, both under `lock`; `output` by the reader.

    /// How to start the hub.
    public struct Options: Sendable {
        /// The `mhubd` to run; `nil` looks for it (`MHubTestHub.findDaemon`).
        public var daemon: URL?
        /// A configuration file's content, written to the hub's temporary directory and passed with `--config`.
        public var configuration: JSONValue?
        /// More arguments for `mhubd` (`--log-level debug`, `--dns-sd`, …).
        public var arguments: [String] = []
        /// How long to wait for the ready file.
        public var readyTimeout: Double = 20

        public init(daemon: URL? = nil, configuration: JSONValue? = nil, arguments: [String] = []) {
            self.daemon = daemon
            self.configuration = configuration
            self.arguments = arguments
        }
    }

    /// What the hub's ready file said: where it listens and how to get in.
    public struct Ready: Sendable, Equatable {
        public var processID: Int32
        public var unixSocketPath: String?
        public var webSocketURL: String?
        public var webSocketPort: UInt16?
        public var matterPort: UInt16?
        public var udcPort: UInt16?
        /// The HomeKit (HAP) port, when the hub serves HomeKit.
        public var homeKitPort: UInt16?
        public var stateDirectory: String
        /// The hub's admin token, for WebSocket clients that need admin.
        public var token: String?
        /// The whole object as mhubd wrote it.
        public var json: JSONValue
    }

    public let ready: Ready
    private let process: Process
    private let directory: URL
    private let lock = NSLock()
    private var outputText = ""
    private var stopped = false

    private let collector: OutputCollector

    private init(process: Process, directory: URL, ready: Ready, collector: OutputCollector) {
        self.process = process
        self.directory = directory
        self.ready = ready
        self.collector = collector
    }

    deinit {
        stop()
    }

    /// Starts a hub, runs `body` with it, and stops it whatever `body` does.
    public static func with<Result>(_ options: Options = Options(), _ body: (MHubTestHub) throws -> Result) throws
        -> Result
    {
        let hub = try start(options)
        defer { hub.stop() }
        return try body(hub)
    }

    /// Starts a hub, runs `body` with it, and stops it whatever `body` does.
    public static func with<Result>(
        _ options: Options = Options(), _ body: (MHubTestHub) async throws -> Result
    ) async throws -> Result {
        let hub = try start(options)
        defer { hub.stop() }
        return try await body(hub)
    }

    /// Starts a hub and waits until it is ready; throws with its output if it exits or does not get ready.
    public static func start(_ options: Options = Options()) throws -> MHubTestHub {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mhub-test-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let readyPath = directory.appendingPathComponent("ready.json").path
        var arguments = ["--ephemeral", "--ready-file", readyPath]
        if let configuration = options.configuration {
            let path = directory.appendingPathComponent("mhubd.json")
            try Data(JSONWriter.pretty(configuration).utf8).write(to: path)
            arguments += ["--config", path.path]
        }
        let process = Process()
        process.executableURL = try options.daemon ?? findDaemon()
        process.arguments = arguments + options.arguments
        let output = Pipe()
        process.standardError = output
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let collector = OutputCollector()
        Thread.detachNewThread {
            let handle = output.fileHandleForReading
            while true {
                let data = handle.availableData
                if data.isEmpty { return }
                collector.append(data)
            }
        }
        let deadline = Date().addingTimeInterval(options.readyTimeout)
        while Date() < deadline {
            if let ready = readReady(readyPath) {
                return MHubTestHub(process: process, directory: directory, ready: ready, collector: collector)
            }
            guard process.isRunning else {
                usleep(50_000)
                try? FileManager.default.removeItem(at: directory)
                throw MHubTestHubError("mhubd exited with status \(process.terminationStatus):\n\(collector.text)")
            }
            usleep(5_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
        throw MHubTestHubError("mhubd was not ready within \(options.readyTimeout) s:\n\(collector.text)")
    }

    /// What mhubd wrote to its standard error so far (its log).
    public var log: String { collector.text }

    /// A client connected over the Unix socket, with the admin scope (the same user as the hub).
    public func connect() throws -> MHubConnection {
        guard let path = ready.unixSocketPath else { throw MHubTestHubError("the hub has no Unix socket") }
        return try MHubConnection.connect(to: .unix(path: path))
    }

    /// A client connected over WebSocket: with the hub's admin token, or `asAdmin: false` without a token (the
    /// loopback scope, `commission` by default), as a browser page or another app would be.
    public func connectWebSocket(asAdmin: Bool = true) throws -> MHubConnection {
        guard let port = ready.webSocketPort else { throw MHubTestHubError("the hub has no WebSocket listener") }
        return try MHubConnection.connect(
            to: .webSocket(host: "127.0.0.1", port: port, path: "/ws", token: asAdmin ? ready.token : nil))
    }

    /// Stops the hub (SIGTERM; SIGKILL after 5 s) and removes its files. Safe to call more than once.
    public func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        if process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            let deadline = Date().addingTimeInterval(5)
            while process.isRunning && Date() < deadline { usleep(2_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Whether the hub's process still runs.
    public var isRunning: Bool { process.isRunning }

    /// `$MHUBD` if set, else an `mhubd` beside the running test bundle (SwiftPM builds products and tests into one
    /// directory), else the first on `$PATH`.
    public static func findDaemon() throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["MHUBD"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        var candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
        ].map { $0.appendingPathComponent("mhubd") }
        candidates += (environment["PATH"] ?? "").split(separator: ":").map {
            URL(fileURLWithPath: String($0)).appendingPathComponent("mhubd")
        }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw MHubTestHubError("no mhubd found: set MHUBD, build it beside the tests, or put it on PATH")
        }
        return found
    }

    static func readReady(_ path: String) -> Ready? {
        guard let data = FileManager.default.contents(atPath: path),
            let json = try? JSONParser().parse(Array(data)), case .object(let members) = json,
            case .integer(let pid)? = members["pid"], case .string(let state)? = members["state_directory"]
        else { return nil }
        func string(_ key: String) -> String? {
            if case .string(let text)? = members[key] { return text }
            return nil
        }
        func port(_ key: String) -> UInt16? {
            if case .integer(let number)? = members[key] { return UInt16(exactly: number) }
            return nil
        }
        let url = string("websocket_url")
        let webSocketPort = url?.split(separator: ":").last?.split(separator: "/").first.flatMap { UInt16($0) }
        return Ready(
            processID: Int32(truncatingIfNeeded: pid), unixSocketPath: string("unix_socket"), webSocketURL: url,
            webSocketPort: webSocketPort, matterPort: port("matter_port"), udcPort: port("udc_port"),
            homeKitPort: port("homekit_port"),
            stateDirectory: state, token: string("token"), json: json)
    }
}

/// Why a test hub could not be started or reached.
public struct MHubTestHubError: Error, CustomStringConvertible {
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// The daemon's standard error as it arrives, read by one thread and shown to another.
final class OutputCollector: @unchecked Sendable {
    // @unchecked: `value` is touched only under `lock`.
    private let lock = NSLock()
    private var value = ""

    func append(_ data: Data) {
        lock.withLock { value += String(decoding: data, as: UTF8.self) }
    }

    var text: String { lock.withLock { value } }
}
