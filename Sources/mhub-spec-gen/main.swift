import Foundation

// mhub-spec-gen MODEL OUTPUT-DIRECTORY SOURCE-NAME: reads matter.js's specification model (MODEL, the file
// `support/models/src/v1.4/spec.ts` of github.com/project-chip/matter.js) and writes the MatterSpecification
// target's generated tables into OUTPUT-DIRECTORY, replacing what was there; SOURCE-NAME goes into each file's
// header.
//
// mhub-spec-gen clusters OUTPUT-DIRECTORY: writes mhub's cluster definitions (`ClusterChoices`, built from the
// tables this executable was compiled with) into OUTPUT-DIRECTORY, replacing what was there.
//
// scripts/generate-data-model.sh runs both and formats the result (docs/data-model.md).

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("mhub-spec-gen: \(message)\n".utf8))
    exit(1)
}

/// Replaces `directory` with `files`.
func write(_ files: [(path: String, text: String)], into directory: String) {
    let output = URL(fileURLWithPath: directory)
    try? FileManager.default.removeItem(at: output)
    for file in files {
        let url = output.appendingPathComponent(file.path)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.text.utf8).write(to: url)
        } catch {
            fail("cannot write \(url.path): \(error)")
        }
    }
}

func writeTables(modelPath: String, outputPath: String, sourceName: String) {
    guard let data = FileManager.default.contents(atPath: modelPath), let text = String(data: data, encoding: .utf8)
    else { fail("cannot read \(modelPath) as UTF-8 text") }
    var reader = ModelSourceReader(text)
    let tables: SpecificationTables
    do {
        tables = try SpecificationTables(root: try reader.readRoot())
    } catch {
        fail("\(modelPath): \(error)")
    }
    write(GeneratedFiles(tables, source: sourceName).files, into: outputPath)
    print(
        "mhub-spec-gen: \(tables.clusters.count) clusters, \(tables.deviceTypes.count) device types, "
            + "\(tables.globalDatatypes.count) global data types into \(outputPath)")
}

func writeClusterDefinitions(outputPath: String) {
    do {
        let files = try ClusterDefinitionFiles.make(ClusterChoices.all)
        write(files, into: outputPath)
        print("mhub-spec-gen: \(files.count) cluster definitions into \(outputPath)")
    } catch {
        fail(error.description)
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.count == 2, arguments[0] == "clusters" {
    writeClusterDefinitions(outputPath: arguments[1])
} else if arguments.count == 3 {
    writeTables(modelPath: arguments[0], outputPath: arguments[1], sourceName: arguments[2])
} else {
    fail("usage: mhub-spec-gen MODEL OUTPUT-DIRECTORY SOURCE-NAME | mhub-spec-gen clusters OUTPUT-DIRECTORY")
}
