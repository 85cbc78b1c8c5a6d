import Foundation
import Testing

/// The package as docs/architecture.md draws it: its table of targets and their dependencies is `Package.swift`'s,
/// and each target imports what it depends on, so an arrow cannot appear in the code without appearing in the
/// package, nor in the package without the document.
@Suite struct PackageShapeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    struct Target: Equatable {
        var kind: String
        var dependencies: [String]
        var path: String
    }

    /// The targets of a `Package.swift` written as this one is (one `.kind(name:…)` call per target).
    static func targets(inManifest text: String) throws -> [String: Target] {
        let call = try NSRegularExpression(
            pattern:
                #"\.(target|executableTarget|testTarget|systemLibrary|plugin)\(\s*name:\s*"([^"]+)"(.*?)\)\s*(?:,|\n\s*\])"#,
            options: [.dotMatchesLineSeparators])
        let dependencies = try NSRegularExpression(
            pattern: #"dependencies:\s*\[(.*?)\]"#, options: [.dotMatchesLineSeparators])
        let path = try NSRegularExpression(pattern: #"path:\s*"([^"]+)""#)
        let quoted = try NSRegularExpression(pattern: #""([^"]+)""#)
        let whole = text as NSString
        var targets: [String: Target] = [:]
        for match in call.matches(in: text, range: NSRange(location: 0, length: whole.length)) {
            let kind = whole.substring(with: match.range(at: 1))
            let name = whole.substring(with: match.range(at: 2))
            let rest = whole.substring(with: match.range(at: 3))
            let restRange = NSRange(location: 0, length: (rest as NSString).length)
            var names: [String] = []
            if let list = dependencies.firstMatch(in: rest, range: restRange) {
                let listText = (rest as NSString).substring(with: list.range(at: 1))
                names = quoted.matches(in: listText, range: NSRange(location: 0, length: (listText as NSString).length))
                    .map { (listText as NSString).substring(with: $0.range(at: 1)) }
            }
            let directory =
                path.firstMatch(in: rest, range: restRange).map { (rest as NSString).substring(with: $0.range(at: 1)) }
                ?? (kind == "testTarget" ? "Tests/\(name)" : "Sources/\(name)")
            targets[name] = Target(kind: kind, dependencies: names, path: directory)
        }
        return targets
    }

    /// The targets among `names` that the Swift files under `directory` import.
    static func imports(under directory: URL, among names: Set<String>) throws -> Set<String> {
        var found: Set<String> = []
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                    words[..<index].allSatisfy({ ["@testable", "internal", "public", "@_exported"].contains($0) })
                else { continue }
                let module = String(words[index + 1])
                if names.contains(module) { found.insert(module) }
            }
        }
        return found
    }

    /// The rows of the document's table: target name to what it depends on ("—" for nothing), C libraries left out.
    static func documentedTargets(_ text: String) -> [String: [String]] {
        var rows: [String: [String]] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count > 4, !cells[2].contains("C system library") else { continue }
            let name = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            rows[name] = cells[3] == "—" ? [] : cells[3].components(separatedBy: ", ")
        }
        return rows
    }

    let manifest: [String: Target]

    init() throws {
        manifest = try Self.targets(
            inManifest: String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8))
    }

    @Test func theManifestIsReadWhole() {
        #expect(manifest["MHubHub"]?.dependencies.contains("MHubProtocol") == true)
        #expect(manifest["IntegrationTests"]?.kind == "testTarget")
        #expect(manifest["mhub-bench"]?.path == "bench/Sources/mhub-bench")
        #expect(manifest.count > 50)
    }

    @Test func eachTargetImportsWhatItDependsOn() throws {
        let names = Set(manifest.keys)
        var problems: [String] = []
        for (name, target) in manifest.sorted(by: { $0.key < $1.key })
        where target.kind != "systemLibrary" && target.kind != "plugin" {
            let imported = try Self.imports(under: Self.root.appendingPathComponent(target.path), among: names)
            let declared = Set(target.dependencies)
            let missing = imported.subtracting(declared)
            if !missing.isEmpty { problems.append("\(name) imports \(missing.sorted()) without depending on them") }
            // A test target may depend on executables (they are built for it) and on more than it imports.
            let unused = declared.subtracting(imported).filter { manifest[$0]?.kind != "executableTarget" }
            if target.kind != "testTarget", !unused.isEmpty {
                problems.append("\(name) depends on \(unused.sorted()) without importing them")
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func theArchitectureTableIsThePackage() throws {
        let document = try String(
            contentsOf: Self.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let rows = Self.documentedTargets(document)
        let drawn = manifest.filter { name, target in
            target.kind != "testTarget" && target.kind != "systemLibrary" && target.kind != "plugin"
                && !target.path.hasPrefix("Tests/") && !target.path.hasPrefix("Examples/")
        }
        #expect(Set(rows.keys) == Set(drawn.keys), "rows without a target or targets without a row")
        for (name, target) in drawn.sorted(by: { $0.key < $1.key }) {
            #expect(rows[name].map(Set.init) == Set(target.dependencies), "\(name)'s row in docs/architecture.md")
        }
    }

    @Test func aDifferenceIsFound() {
        let table = "| `A` | pure | B, C | a |\n| `CX` | C system library | libx | x |\n| `D` | pure | — | d |\n"
        #expect(Self.documentedTargets(table) == ["A": ["B", "C"], "D": []])
    }
}
