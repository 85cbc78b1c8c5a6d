import Foundation
import Testing

/// The dashboard's JavaScript model read against the golden messages the protocol's types write
/// (`GoldenMessagesTests`): `golden-messages.mjs` runs in Node (`scripts/setup.sh --test-tools` installs it) and
/// fails on the first thing the model does not follow.
@Suite struct GoldenMessagesScriptTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `node` on the PATH, or nil.
    static var node: URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("node") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    @Test func theDashboardModelReadsTheGoldenMessages() throws {
        guard let node = Self.node else {
            Issue.record("node is not installed: scripts/setup.sh --test-tools installs nodejs, which this test needs")
            return
        }
        let process = Process()
        process.executableURL = node
        process.arguments = [
            Self.root.appendingPathComponent("Tests/MHubDashboardTests/golden-messages.mjs").path,
            Self.root.appendingPathComponent("Sources/MHubDashboard/Assets").path,
            Self.root.appendingPathComponent("Tests/MHubProtocolTests/Fixtures/golden-messages.jsonl").path,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "golden-messages.mjs failed:\n\(text)")
        #expect(text.contains("golden messages: 20 read"))
    }
}
