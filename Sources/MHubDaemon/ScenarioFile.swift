import Foundation
import MHubConfiguration
import MHubHub

/// A scenario file on disk and the files its `imports` name, read relative to the scenario's directory, then
/// decoded (`ScenarioDecoder`): for `mhubd --scenario`.
enum ScenarioFile {
    struct ReadError: Error, CustomStringConvertible {
        var description: String
    }

    static func read(_ path: String) throws(ReadError) -> Scenario {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReadError(description: "\(path): cannot be read")
        }
        let bytes = Array(data)
        var files: [String: String] = [:]
        let directory = (path as NSString).deletingLastPathComponent
        for name in ScenarioImports.fileNames(in: bytes) {
            let full = name.hasPrefix("/") ? name : (directory as NSString).appendingPathComponent(name)
            guard let content = FileManager.default.contents(atPath: full) else {
                throw ReadError(description: "\(path): the import \(name) (\(full)) cannot be read")
            }
            files[name] = String(decoding: content, as: UTF8.self)
        }
        do {
            return try ScenarioDecoder.decode(bytes, files: files)
        } catch {
            throw ReadError(description: "\(path): \(error)")
        }
    }
}
