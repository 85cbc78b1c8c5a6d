import Foundation
import MHubClient
import MHubJSON

/// How to start one of the servers compared, and where it answers.
struct ServerSetup {
    let name: String
    let webSocket: MHubEndpoint
    let unix: MHubEndpoint?
    let executable: String
    let arguments: [String]
    let logPath: String

    func start() throws -> ServerProcess {
        try ServerProcess(name: name, executable: executable, arguments: arguments, logPath: logPath)
    }

    /// Starts the server and times it until a new connection gets its server-info message: start-up as a
    /// client sees it. The server is left running.
    func startTimed() throws -> (seconds: Double, server: ServerProcess) {
        let start = monotonicSeconds()
        let server = try self.start()
        do {
            let pipe = try MHubMessagePipe.connectWhenReady(to: webSocket, timeout: 600)
            let seconds = monotonicSeconds() - start
            pipe.close()
            return (seconds, server)
        } catch {
            server.stop()
            throw BenchFailure("\(name) did not start: \(error)\n\(server.logTail)")
        }
    }
}

extension ServerSetup {
    /// mhubd with its state in `directory` (kept between starts), DNS-SD off, everything on loopback; with
    /// `devicePortBase` 0 every device on the network gets an ephemeral port; with `homeKit` its HomeKit face on that
    /// port with that setup code.
    /// Whether `binary` has the HomeKit face (`--homekit-port` in its help).
    static func knowsHomeKit(_ binary: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--help"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        guard (try? process.run()) != nil else { return false }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).contains("--homekit-port")
    }

    static func mhubd(
        binary: String, directory: String, matterPort: UInt16, storageSync: String? = nil,
        devicePortBase: UInt16? = nil, homeKit: (port: UInt16, setupCode: String)? = nil
    ) throws -> ServerSetup {
        let port = try freePort()
        var configuration: [String: JSONValue] = [
            "log_level": "warning",
            "state_directory": .string(directory + "/state"),
            "control": [
                "unix_socket": .string(directory + "/mhubd.sock"), "tcp_port": .integer(Int64(port)),
                "max_output_bytes": .integer(256 << 20),
                // The load generator is the only client: admin without a token as the reference serves
                // everyone, and room for its thousand listeners.
                "loopback_scope": "admin", "max_connections": 4096, "max_connections_per_principal": 4096,
            ],
            "matter": ["port": .integer(Int64(matterPort))],
            "udc": ["port": 0],
            "dns_sd": ["enabled": false],
            "simulated_devices": [],
            "commissioning": ["timing_profile": "instant"],
        ]
        if let storageSync {
            configuration["storage_sync"] = .string(storageSync)
        }
        // A free HAP port, since two mhubd may run at once; a build from before the HomeKit face (`--before`) knows
        // no `homekit` key and would refuse the file.
        if knowsHomeKit(binary) { configuration["homekit"] = ["port": 0] }
        if let homeKit {
            configuration["homekit"] = [
                "port": .integer(Int64(homeKit.port)), "setup_code": .string(homeKit.setupCode),
            ]
        }
        if let devicePortBase {
            configuration["matter"] = [
                "port": .integer(Int64(matterPort)), "device_port_base": .integer(Int64(devicePortBase)),
            ]
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try JSONWriter.pretty(.object(configuration)).write(
            toFile: directory + "/mhubd.json", atomically: true, encoding: .utf8)
        return ServerSetup(
            name: "mhubd", webSocket: .webSocket(host: "127.0.0.1", port: port, path: "/ws", token: nil),
            unix: .unix(path: directory + "/mhubd.sock"), executable: binary,
            arguments: ["--config", directory + "/mhubd.json"], logPath: directory + "/mhubd.log")
    }

    /// python-matter-server 7.0.1 through scripts/ohf-server.sh, its storage in `directory`.
    static func reference(script: String, directory: String) throws -> ServerSetup {
        let port = try freePort()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return ServerSetup(
            name: "python-matter-server", webSocket: .webSocket(host: "127.0.0.1", port: port, path: "/ws", token: nil),
            unix: nil, executable: script, arguments: ["--port", String(port), "--storage", directory],
            logPath: directory + "/server.log")
    }

    /// The floor server (`mhub-bench floor`), this same program.
    static func floor(directory: String) throws -> ServerSetup {
        let port = try freePort()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let socket = directory + "/floor.sock"
        try? FileManager.default.removeItem(atPath: socket)
        return ServerSetup(
            name: "floor", webSocket: .webSocket(host: "127.0.0.1", port: port, path: "/ws", token: nil),
            unix: .unix(path: socket), executable: try ownExecutable(),
            arguments: ["floor", "--port", String(port), "--unix", socket], logPath: directory + "/floor.log")
    }
}

/// This program's own path, to start its floor server.
func ownExecutable() throws -> String {
    guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
        throw BenchFailure("cannot read /proc/self/exe")
    }
    return path
}

/// Opens `count` connections that each read their server info, then measures the server's memory.
func residentBytes(of server: ServerProcess, with count: Int, clientsOf endpoint: MHubEndpoint) throws -> Double {
    raiseOpenFileLimit()
    let pipes = try (0..<count).map { _ in try MHubMessagePipe.connectWhenReady(to: endpoint, timeout: 30) }
    defer { for pipe in pipes { pipe.close() } }
    pause(1)
    guard let bytes = server.residentBytes else { throw BenchFailure("\(server.name) is gone") }
    return bytes
}

/// The server's memory after a second of rest.
func settledResidentBytes(of server: ServerProcess) throws -> Double {
    pause(1)
    guard let bytes = server.residentBytes else { throw BenchFailure("\(server.name) is gone") }
    return bytes
}
