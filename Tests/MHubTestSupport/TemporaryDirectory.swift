import Foundation

/// A directory of its own under the temporary directory (UUID name), removed with its content on `deinit`.
///
/// Databases go in it so that their `-wal`, `-shm` and `-journal` companions are removed with them.
public final class TemporaryDirectory {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("mhub-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of file `name` in the directory.
    public func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }
}
