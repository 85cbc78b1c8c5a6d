import Foundation
import Synchronization

/// What a finished process printed and how it ended.
public struct PeerProcessResult: Sendable {
    public var status: Int32
    public var output: String
    public var errors: String
}

/// A process the tests start and own: its output is collected as it arrives, and it is stopped by its PID
/// when a deadline passes.
public final class PeerProcess: Sendable {
    private let process: Process
    private let buffers = Buffers()

    /// Standard output and error as they arrive, shared with the pipes' handlers.
    private final class Buffers: Sendable {
        let output = Mutex(Data())
        let errors = Mutex(Data())
    }

    /// Starts `executable` (a path, or a name looked up on `PATH` through `/usr/bin/env`).
    public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws {
        let process = Process()
        if executable.hasPrefix("/") {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable] + arguments
        }
        if let environment {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        process.standardInput = FileHandle.nullDevice
        self.process = process
        let buffers = self.buffers
        outputPipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            buffers.output.withLock { $0.append(data) }
        }
        errorPipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            buffers.errors.withLock { $0.append(data) }
        }
        try process.runSerialized()
    }

    /// Everything printed on standard output so far.
    public var outputSoFar: String { buffers.output.withLock { String(decoding: $0, as: UTF8.self) } }
    public var errorsSoFar: String { buffers.errors.withLock { String(decoding: $0, as: UTF8.self) } }
    public var isRunning: Bool { process.isRunning }

    /// Waits until the process exits or `seconds` pass; then stops it (SIGTERM, then SIGKILL) if needed.
    @discardableResult
    public func finish(within seconds: Double) -> PeerProcessResult {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline {
            usleep(10_000)
        }
        stop()
        // Let the readability handlers take the last bytes.
        usleep(20_000)
        return PeerProcessResult(status: process.terminationStatus, output: outputSoFar, errors: errorsSoFar)
    }

    /// Stops the process if it still runs, by its PID.
    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning && Date() < deadline {
            usleep(10_000)
        }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
    }

    /// Runs a program to completion, stopping it after `timeout` seconds.
    public static func run(_ executable: String, _ arguments: [String], timeout: Double) throws -> PeerProcessResult {
        try PeerProcess(executable, arguments).finish(within: timeout)
    }
}
