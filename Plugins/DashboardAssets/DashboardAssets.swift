import Foundation
import PackagePlugin

/// Builds the dashboard's files into the binary: every file of the target's `Assets/` folder becomes a string in a
/// generated Swift source (`DashboardFile.embedded`), made by the `mhub-embed-assets` tool (docs/dashboard.md).
///
/// The folder is listed anew on every build, and each file is an input of the command, so adding, editing or
/// removing an asset rebuilds the target. Nothing is fetched: the tool is this package's own executable.
@main
struct DashboardAssets: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SwiftSourceModuleTarget else { return [] }
        let assets = module.directoryURL.appending(path: "Assets")
        let names = try FileManager.default.contentsOfDirectory(atPath: assets.path(percentEncoded: false))
            .filter { !$0.hasPrefix(".") }
            .sorted()
        let inputs = names.map { assets.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "DashboardFile+Embedded.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(names.count) dashboard files",
                executable: try context.tool(named: "mhub-embed-assets").url,
                arguments: [output.path(percentEncoded: false)] + inputs.map { $0.path(percentEncoded: false) },
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
