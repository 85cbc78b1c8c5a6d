import Foundation
import Testing

@testable import MHubProtocol

/// docs/protocol.md §4 lists every command under its scope: the table and `HubCommand.scope` say the same.
@Suite struct ScopeTableTests {
    @Test func theDocumentsScopeTableIsHubCommandsScopes() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/protocol.md")
        let document = try String(contentsOf: url, encoding: .utf8)
        var documented: [String: Scope] = [:]
        for line in document.components(separatedBy: "\n") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 2, let scope = Scope(name: cells[0]) else { continue }
            for name in cells[1].components(separatedBy: ", ") {
                documented[name.trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = scope
            }
        }
        let actual = Dictionary(uniqueKeysWithValues: HubCommand.allCases.map { ($0.rawValue, $0.scope) })
        #expect(documented == actual)
    }
}
