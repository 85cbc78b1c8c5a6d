import Foundation
import Testing

/// A controller's command or write to a bridged device stays on Matter's own values (`AttributeValue`, fields by
/// tag) from the Matter node to the device logic and back: JSON is the control socket's, not the bridge's. These
/// files are the bridged path (docs/architecture.md, "How a Matter invoke flows"); none may reach for JSON.
@Suite struct BridgedPathTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/MHubHub")
    static let bridgedPath = [
        "Bridge/Hub+BridgedRequests.swift", "Devices/DeviceLogic.swift", "Devices/MatterValueCheck.swift",
        "Devices/AccessControlWrite.swift", "Devices/Hub+AttributeChecks.swift",
    ]
    /// What going through JSON looks like in a source.
    static let jsonMarks = ["import MHubJSON", "JSONValue", ".json", "MatterValueReader", "JSONParser", "JSONWriter"]

    /// The marks in `text`'s code (comments left out: they may name what the code does not use).
    static func marks(in text: String) -> [String] {
        let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            .joined(separator: "\n")
        return jsonMarks.filter { code.contains($0) }
    }

    @Test func noFileOnTheBridgedPathGoesThroughJSON() throws {
        for file in Self.bridgedPath {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            #expect(Self.marks(in: text).isEmpty, "\(file) uses \(Self.marks(in: text))")
        }
    }

    @Test func theCheckSeesJSON() {
        #expect(Self.marks(in: "let payload = JSONValue.object([:])") == ["JSONValue"])
        #expect(Self.marks(in: "try checkedWrite(value.json, at: path, in: node)") == [".json"])
        #expect(Self.marks(in: "    /// as `MatterValueReader` reads JSON").isEmpty)
    }
}
