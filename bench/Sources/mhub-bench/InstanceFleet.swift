import Foundation
import MHubClient
import MHubJSON

/// Many servers started at once, each told to write a ready file: how long until every file is there, what the
/// servers take together, and the checks that each answers and none shares a state directory or a port.
struct InstanceFleet {
    let servers: [ServerProcess]
    /// Each server's ready file, decoded, in the order they were started.
    let readies: [[String: JSONValue]]
    /// From the first spawn to the moment the last ready file was seen.
    let seconds: Double

    /// Spawns `count` servers back to back (`arguments(index, readyFile)`), then waits until every ready file
    /// exists (each is written whole and renamed, so one that exists is complete). A server that exits, or a
    /// fleet not ready within `timeout` seconds, stops them all and fails the run.
    static func start(
        _ name: String, count: Int, executable: String, directory: String, timeout: Double = 120,
        arguments: (Int, String) -> [String]
    ) throws -> InstanceFleet {
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let readyFiles = (0..<count).map { "\(directory)/ready-\($0).json" }
        var servers: [ServerProcess] = []
        do {
            let start = monotonicSeconds()
            for index in 0..<count {
                servers.append(
                    try ServerProcess(
                        name: "\(name) \(index)", executable: executable,
                        arguments: arguments(index, readyFiles[index]),
                        logPath: "\(directory)/server-\(index).log"))
            }
            var waiting = Array(0..<count)
            while !waiting.isEmpty {
                waiting.removeAll { access(readyFiles[$0], F_OK) == 0 }
                if waiting.isEmpty { break }
                if let gone = servers.first(where: { !$0.process.isRunning }) {
                    throw BenchFailure("\(gone.name) exited before it was ready:\n\(gone.logTail)")
                }
                guard monotonicSeconds() < start + timeout else {
                    throw BenchFailure("\(waiting.count) of \(count) \(name) servers not ready within \(timeout) s")
                }
                pause(0.002)
            }
            let seconds = monotonicSeconds() - start
            let readies = try readyFiles.map { path in
                guard
                    case .object(let members) = try JSONParser().parse(
                        try String(contentsOfFile: path, encoding: .utf8))
                else { throw BenchFailure("\(path) does not hold an object") }
                return members
            }
            return InstanceFleet(servers: servers, readies: readies, seconds: seconds)
        } catch {
            stop(servers)
            throw error
        }
    }

    /// The servers' resident memory together (VmRSS of each), after a second of rest.
    func residentBytes() throws -> Double {
        pause(1)
        return try servers.reduce(0) { total, server in
            guard let bytes = server.residentBytes else { throw BenchFailure("\(server.name) is gone") }
            return total + bytes
        }
    }

    /// Connects to each server's WebSocket (its ready file's `websocket_url`) and reads the greeting, its server
    /// info; `check` looks at each greeting beside its ready object.
    func checkEachAnswers(_ check: (JSONValue, [String: JSONValue]) throws -> Void) throws {
        for (server, ready) in zip(servers, readies) {
            guard case .string(let url)? = ready["websocket_url"],
                let port = url.split(separator: ":").last?.split(separator: "/").first.flatMap({ UInt16($0) })
            else { throw BenchFailure("\(server.name): no websocket_url in its ready file") }
            let pipe = try MHubMessagePipe(
                connectingTo: .webSocket(host: "127.0.0.1", port: port, path: "/ws", token: nil))
            defer { pipe.close() }
            guard let greeting = try pipe.receive().first else {
                throw BenchFailure("\(server.name) sent no server info")
            }
            try check(try JSONParser(maximumBytes: 1 << 20).parse(greeting), ready)
        }
    }

    /// Fails the run if two servers' ready files have the same value for one of `keys`.
    func checkNothingShared(_ keys: [String]) throws {
        for key in keys {
            let values = readies.map { JSONWriter.compact($0[key] ?? .null) }
            guard Set(values).count == values.count else { throw BenchFailure("two servers share their \(key)") }
        }
    }

    /// SIGTERM to every server first, then waits for each (SIGKILL after the grace).
    func stop() {
        Self.stop(servers)
    }

    private static func stop(_ servers: [ServerProcess]) {
        for server in servers where server.process.isRunning { kill(server.pid, SIGTERM) }
        for server in servers { server.stop() }
    }
}
