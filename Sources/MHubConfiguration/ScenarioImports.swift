import MHubJSON

/// The files a scenario file's `imports` name (`"file": …`), for whoever reads the scenario (`mhubd --scenario`,
/// `mhubctl scenario load`) to read them too and pass their texts along: the hub reads no file a client names.
public enum ScenarioImports {
    /// The names, in the file's order; none when the text is not a JSON object (loading it then says why).
    public static func fileNames(in bytes: [UInt8]) -> [String] {
        guard let value = try? JSONParser(maximumBytes: 16 << 20).parse(bytes),
            case .array(let imports)? = value["imports"]
        else { return [] }
        return imports.compactMap { entry in
            if case .string(let file)? = entry["file"] { return file }
            return nil
        }
    }
}
