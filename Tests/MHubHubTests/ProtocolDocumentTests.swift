import Foundation
import MHubJSON
import Testing

@testable import MHubHub

/// docs/protocol.md is the golden fixture: every ```` ```json golden ```` block is run, in document
/// order, against one hub with a fixed clock and seed, and each `<` line must equal what the hub sends
/// (events first, then the reply, as mhubd delivers them).
///
/// `MHUB_GOLDEN_UPDATE=1 swift test --filter ProtocolDocumentTests` rewrites the `<` lines from the
/// hub's actual answers, after a change that is meant to alter the protocol.
@Suite struct ProtocolDocumentTests {
    static let documentURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/protocol.md")

    @Test func everyGoldenExampleIsWhatTheHubSays() throws {
        let document = try String(contentsOf: Self.documentURL, encoding: .utf8)
        var harness = HubHarness(networks: false)
        // The run the examples show: mhubd as a root service on the default paths and ports.
        _ = harness.hub.instanceKnown(
            HubInstance(
                processID: 4242, unixSocketPath: "/run/mhubd/mhubd.sock", webSocketURL: "ws://127.0.0.1:5580/ws",
                matterPort: 5540, udcPort: 5550, stateDirectory: "/var/lib/mhubd", isEphemeral: false, clock: .real))
        var output: [String] = []
        var inGolden = false
        var expected: [String] = []
        var actual: [String] = []
        var blocks = 0
        for line in document.components(separatedBy: "\n") {
            if line == "```json golden" {
                inGolden = true
                blocks += 1
                output.append(line)
                continue
            }
            if inGolden && line == "```" {
                #expect(actual == expected, "block \(blocks) differs")
                output += actual.map { "< " + $0 }
                expected = []
                actual = []
                inGolden = false
                output.append(line)
                continue
            }
            guard inGolden else {
                output.append(line)
                continue
            }
            if line.hasPrefix("> ") {
                if !expected.isEmpty || !actual.isEmpty {
                    #expect(actual == expected, "block \(blocks) differs")
                    output += actual.map { "< " + $0 }
                    expected = []
                }
                output.append(line)
                actual = try Self.run(String(line.dropFirst(2)), &harness)
            } else if line.hasPrefix("< ") {
                expected.append(String(line.dropFirst(2)))
            } else if line.hasPrefix("# tick ") {
                if !expected.isEmpty || !actual.isEmpty {
                    #expect(actual == expected, "block \(blocks) differs")
                    output += actual.map { "< " + $0 }
                    expected = []
                }
                output.append(line)
                let milliseconds = Int64(line.dropFirst(7)) ?? 0
                let outcome = harness.advance(by: milliseconds)
                actual = Self.messages(outcome, hub: harness.hub)
            } else {
                output.append(line)
            }
        }
        #expect(blocks >= 10, "docs/protocol.md has too few golden examples")
        if ProcessInfo.processInfo.environment["MHUB_GOLDEN_UPDATE"] == "1" {
            try output.joined(separator: "\n").write(to: Self.documentURL, atomically: true, encoding: .utf8)
        }
    }

    static func run(_ requestText: String, _ harness: inout HubHarness) throws -> [String] {
        let request = try JSONParser().parse(requestText)
        guard case .string(let command)? = request["command"] else { throw TestFailure("no command in \(requestText)") }
        harness.nextMessage += 1
        let outcome = harness.hub.handle(
            HubRequest(messageID: request["message_id"] ?? .null, command: command, args: request["args"]),
            from: HubHarness.admin, now: harness.now)
        return messages(outcome, hub: harness.hub)
    }

    /// What connection 1 receives, in delivery order.
    static func messages(_ outcome: HubOutcome, hub: Hub) -> [String] {
        let me = HubHarness.admin.connectionID
        var lines: [String] = []
        for event in outcome.events {
            if hub.recipients(of: event).contains(me) {
                lines.append(String(decoding: ControlMessages.encode(event), as: UTF8.self))
            }
        }
        for reply in outcome.replies where reply.connectionID == HubHarness.admin.connectionID {
            lines.append(String(decoding: ControlMessages.encode(reply), as: UTF8.self))
        }
        return lines
    }
}

struct TestFailure: Error {
    var description: String
    init(_ description: String) { self.description = description }
}
