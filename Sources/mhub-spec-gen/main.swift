import Foundation

// mhub-spec-gen MODEL OUTPUT-DIRECTORY SOURCE-NAME: reads matter.js's specification model (MODEL, the file
// `support/models/src/v1.4/spec.ts` of github.com/project-chip/matter.js) and writes the MatterSpecification
// target's generated tables into OUTPUT-DIRECTORY, replacing what was there; SOURCE-NAME goes into each file's
// header. scripts/generate-data-model.sh runs it and formats the result (docs/data-model.md).

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("mhub-spec-gen: \(message)\n".utf8))
    exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 3 else { fail("usage: mhub-spec-gen MODEL OUTPUT-DIRECTORY SOURCE-NAME") }
let (modelPath, outputPath, sourceName) = (arguments[0], arguments[1], arguments[2])
guard let data = FileManager.default.contents(atPath: modelPath), let text = String(data: data, encoding: .utf8)
else { fail("cannot read \(modelPath) as UTF-8 text") }

var reader = ModelSourceReader(text)
let tables: SpecificationTables
do {
    tables = try SpecificationTables(root: try reader.readRoot())
} catch let error as ModelSourceError {
    fail("\(modelPath): \(error)")
} catch {
    fail("\(modelPath): \(error)")
}

let output = URL(fileURLWithPath: outputPath)
try? FileManager.default.removeItem(at: output)
for file in GeneratedFiles(tables, source: sourceName).files {
    let url = output.appendingPathComponent(file.path)
    do {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(file.text.utf8).write(to: url)
    } catch {
        fail("cannot write \(url.path): \(error)")
    }
}
print(
    "mhub-spec-gen: \(tables.clusters.count) clusters, \(tables.deviceTypes.count) device types, "
        + "\(tables.globalDatatypes.count) global data types into \(outputPath)")
