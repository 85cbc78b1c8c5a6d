import Foundation
import MHubConfiguration

/// Loads `mhubd`'s configuration file.
public enum ConfigurationFile {
    /// Where the configuration is read from when no `--config` is given and the file exists.
    public static let systemPath = "/etc/mhubd/mhubd.json"

    /// Reads and decodes the file; errors name the file, and the key where there is one.
    public static func load(path: String) throws(ConfigurationError) -> DaemonConfiguration {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "does not exist"
            throw ConfigurationError(key: "", reason: "\(path) \(reason)")
        }
        do {
            return try DaemonConfiguration.decode(data)
        } catch {
            throw ConfigurationError(key: error.key, reason: "\(path): \(error.reason)")
        }
    }

    /// The explicit path, else the system file if it exists, else the built-in defaults (`nil` path).
    public static func resolve(explicitPath: String?) throws(ConfigurationError) -> (DaemonConfiguration, String?) {
        if let explicitPath {
            return (try load(path: explicitPath), explicitPath)
        }
        if FileManager.default.fileExists(atPath: systemPath) {
            return (try load(path: systemPath), systemPath)
        }
        return (DaemonConfiguration(), nil)
    }
}
