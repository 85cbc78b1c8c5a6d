import DNSSDPeerSupport
import Foundation

/// Finds the built `mhubd` and `mhubctl` beside the test bundle (SwiftPM puts products and the test
/// runner in one directory, e.g. `.build/debug`).
enum Executables {
    static let directory: URL = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        return candidates.first {
            FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("mhubctl").path)
        }
            ?? candidates[0]
    }()

    static let mhubctl = directory.appendingPathComponent("mhubctl")
    static let mhubd = directory.appendingPathComponent("mhubd")
    /// The Examples/ programs: the app of the Google Home APIs' flow and its Matter Add Device extension.
    static let exampleApp = directory.appendingPathComponent("mhub-example-app")
    static let exampleExtension = directory.appendingPathComponent("mhub-example-extension")

    /// The repository's root, for files the tests read from it (config/).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

/// What a finished process printed and how it ended.
struct ProcessResult {
    var status: Int32
    var output: String
    var errors: String
}

/// Runs a program to completion with optional standard input; gives up after `timeout` seconds.
func runProcess(_ executable: URL, _ arguments: [String], input: String? = nil, timeout: TimeInterval = 30) throws
    -> ProcessResult
{
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    let stdin = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = stdin
    try process.runSerialized()
    if let input {
        stdin.fileHandleForWriting.write(Data(input.utf8))
    }
    try stdin.fileHandleForWriting.close()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline {
        usleep(10_000)
    }
    if process.isRunning {
        process.terminate()
        throw TestFailure("\(executable.lastPathComponent) \(arguments) did not finish in \(timeout) s")
    }
    return ProcessResult(
        status: process.terminationStatus,
        output: String(decoding: outputData, as: UTF8.self),
        errors: String(decoding: errorData, as: UTF8.self))
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
