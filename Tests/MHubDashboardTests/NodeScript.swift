import Foundation
import Testing

/// A test script of the dashboard's run in Node (`scripts/setup.sh --test-tools` installs nodejs): its exit status and
/// everything it printed, or nil (with the issue recorded) when Node is missing.
enum NodeScript {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `node` on the PATH, or nil.
    static var node: URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("node") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs `Tests/MHubDashboardTests/<script>` with `arguments`.
    static func run(_ script: String, _ arguments: [String]) throws -> (status: Int32, text: String)? {
        guard let node else {
            Issue.record("node is not installed: scripts/setup.sh --test-tools installs nodejs, which this test needs")
            return nil
        }
        let process = Process()
        process.executableURL = node
        process.arguments = [root.appendingPathComponent("Tests/MHubDashboardTests/\(script)").path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}
