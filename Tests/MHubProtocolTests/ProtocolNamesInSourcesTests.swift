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

    /// The keys of the typed messages (requests' arguments, replies' and events' members): those with an
    /// underscore, as `MHubProtocol/Messages` spells them.
    static func typedKeys() throws -> Set<String> {
        var keys: Set<String> = []
        let messages = sources.appendingPathComponent("MHubProtocol/Messages")
        for name in try FileManager.default.contentsOfDirectory(atPath: messages.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: messages.appendingPathComponent(name), encoding: .utf8)
            for literal in text.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            where literal.offset % 2 == 1 && literal.element.contains("_")
                && literal.element.allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "_" })
            {
                keys.insert(String(literal.element))
            }
        }
        return keys
    }

    /// The sources of a protocol target that read or write a format of their own, whose keys may share a name with a
    /// message's: the input journal's lines (docs/testing.md, "Recording and replaying a hub's inputs"); the scenario
    /// file, whose steps and devices name their members as the commands name their arguments (docs/scenarios.md),
    /// read by the decoder, written by the export and by `mhubctl record`; and Access Control's and Binding's entries
    /// as controllers spell their fields (the Matter structures' own field names, in the spellings OHF clients send).
    /// Every message of the control protocol is read and written through MHubProtocol's types.
    static let ownFormatFiles: Set<String> = [
        "InputJournalValues.swift", "ScenarioDecoder.swift", "Hub+ScenarioExport.swift", "ScenarioRecording.swift",
        "AccessControlWrite.swift",
    ]

    /// The targets that speak the control protocol. The configuration file, the database and the Matter
    /// certificates have formats of their own, whose keys may share a name with a message's.
    static let protocolTargets = [
        "MHubHub", "MHubClient", "MHubControl", "MHubDaemon", "MHubControlServer", "MHubDashboard", "mhubctl", "mhubd",
    ]

    @Test func onlyFormatsOfTheirOwnSpellATypedMessagesKey() throws {
        let keys = try Self.typedKeys()
        #expect(keys.isSuperset(of: ["structure_id", "room_id", "moved_node_ids"]))
        var hits: [String] = []
        for target in Self.protocolTargets {
            hits += try Self.literalUses(of: keys, under: Self.sources.appendingPathComponent(target))
        }
        let files = Set(hits.map { String($0.prefix { $0 != ":" }) })
        let stray = hits.filter { !Self.ownFormatFiles.contains(String($0.prefix { $0 != ":" })) }
        #expect(
            stray.isEmpty,
            "read and write these through MHubProtocol's message types:\n\(stray.joined(separator: "\n"))")
        let stale = Self.ownFormatFiles.subtracting(files)
        #expect(
            stale.isEmpty, "these spell no message's key any more: take them off `ownFormatFiles`: \(stale.sorted())")
    }

    /// The router's switches over commands are exhaustive: a new command is a compile error there.
    @Test func theRouterHasNoDefaultOverCommands() throws {
        let router = try String(
            contentsOf: Self.sources.appendingPathComponent("MHubHub/Hub+Router.swift"), encoding: .utf8)
        #expect(router.contains("switch command {"))
        #expect(!router.contains("default:"))
    }

    /// Every message's `init(reading:)` is `@inlinable`. It is generic over the reading context, and a generic
    /// function of another module is called unspecialized: each integer read then looked up type metadata at run
    /// time, which cost `device_command` a tenth of its pipelined rate (docs/benchmarks.md, issue 33). Inlinable,
    /// the hub's router specializes each message's reading for its own context.
    @Test func everyMessagesReadingIsInlinable() throws {
        let messages = Self.sources.appendingPathComponent("MHubProtocol/Messages")
        var readings = 0
        var notInlinable: [String] = []
        for file in try FileManager.default.contentsOfDirectory(at: messages, includingPropertiesForKeys: nil) {
            let text = try String(contentsOf: file, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated()
            where line.contains("public init<Context: JSONReadContext>(reading") {
                readings += 1
                let attributes = number > 0 ? lines[number - 1] + line : line
                if !attributes.contains("@inlinable") {
                    notInlinable.append("\(file.lastPathComponent):\(number + 1)")
                }
            }
        }
        #expect(readings > 50, "the check found only \(readings) readings: has the declaration changed shape?")
        #expect(notInlinable.isEmpty, "mark these @inlinable: \(notInlinable.sorted())")
    }
}
