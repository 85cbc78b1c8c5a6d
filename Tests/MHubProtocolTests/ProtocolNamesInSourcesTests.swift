import Foundation
import Testing

@testable import MHubProtocol

/// The protocol's names live in MHubProtocol only: every other source names a command, an event or a scenario
/// action by its case, so a renamed or removed one is a compile error, not a string that silently stops matching.
@Suite struct ProtocolNamesInSourcesTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// The names a source outside MHubProtocol may not spell. Names of one word (`reset`, `discover`,
    /// `diagnostics`, `reachable`) are left out: they are mhubctl's verbs and ordinary words too.
    static var protectedNames: Set<String> {
        let names =
            HubCommand.allCases.map(\.rawValue) + HubEventName.allCases.map(\.rawValue)
            + ScenarioTimelineAction.allCases.map(\.rawValue)
        return Set(names.filter { $0.contains("_") })
    }

    /// Each line of a Swift source outside MHubProtocol that holds one of `names` as a whole string literal.
    static func literalUses(of names: Set<String>, under root: URL) throws -> [String] {
        var hits: [String] = []
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift", !file.path.contains("/MHubProtocol/") else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for literal in line.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
                where literal.offset % 2 == 1 && names.contains(String(literal.element)) {
                    hits.append("\(file.lastPathComponent):\(number + 1): \"\(literal.element)\"")
                }
            }
        }
        return hits
    }

    @Test func noSourceOutsideTheProtocolSpellsACommandEventOrActionName() throws {
        #expect(FileManager.default.fileExists(atPath: Self.sources.appendingPathComponent("MHubHub").path))
        let hits = try Self.literalUses(of: Self.protectedNames, under: Self.sources)
        #expect(hits.isEmpty, "name these by their case in MHubProtocol:\n\(hits.joined(separator: "\n"))")
    }

    @Test func theCheckFindsANameSpelledOut() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try #"let reply = try hub.call("get_rooms", [:])"#.write(
            to: directory.appendingPathComponent("Spelled.swift"), atomically: true, encoding: .utf8)
        #expect(try Self.literalUses(of: Self.protectedNames, under: directory) == [#"Spelled.swift:1: "get_rooms""#])
    }

    /// The router's switches over commands are exhaustive: a new command is a compile error there.
    @Test func theRouterHasNoDefaultOverCommands() throws {
        let router = try String(
            contentsOf: Self.sources.appendingPathComponent("MHubHub/Hub+Router.swift"), encoding: .utf8)
        #expect(router.contains("switch command {"))
        #expect(!router.contains("default:"))
    }
}
