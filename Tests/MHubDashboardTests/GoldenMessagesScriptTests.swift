import Foundation
import Testing

/// The dashboard's JavaScript model read against the golden messages the protocol's types write
/// (`GoldenMessagesTests`): `golden-messages.mjs` runs in Node (`scripts/setup.sh --test-tools` installs it) and
/// fails on the first thing the model does not follow.
@Suite struct GoldenMessagesScriptTests {
    @Test func theDashboardModelReadsTheGoldenMessages() throws {
        guard
            let (status, text) = try NodeScript.run(
                "golden-messages.mjs",
                [
                    NodeScript.root.appendingPathComponent("Sources/MHubDashboard/Assets").path,
                    NodeScript.root.appendingPathComponent("Tests/MHubProtocolTests/Fixtures/golden-messages.jsonl")
                        .path,
                ])
        else { return }
        #expect(status == 0, "golden-messages.mjs failed:\n\(text)")
        #expect(text.contains("golden messages: 23 read"))
    }
}
