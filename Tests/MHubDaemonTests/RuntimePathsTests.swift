import Foundation
import MHubPOSIX
import MHubProtocol
import Testing

@testable import MHubDaemon

/// The private runtime directory in the shared /tmp: anyone can make that name first, so mhubd makes it 0700 and
/// refuses one that others can write (or that another user owns).
@Suite(.serialized) struct RuntimePathsTests {
    let path = DefaultPaths.privateTemporaryDirectory(geteuid())

    @Test func thePrivateTemporaryDirectoryIsMadeOwnerOnlyAndAnOpenOneIsRefused() throws {
        // Only when no mhubd of this user uses it now.
        guard !FileManager.default.fileExists(atPath: path) else { return }
        defer { try? FileManager.default.removeItem(atPath: path) }
        try RuntimePaths.makeDirectory(path, mode: 0o755)
        let made = try FileManager.default.attributesOfItem(atPath: path)
        #expect((made[.posixPermissions] as? Int) == 0o700)
        chmod(path, 0o777)
        #expect(throws: SystemError.self) { try RuntimePaths.makeDirectory(path, mode: 0o755) }
        chmod(path, 0o700)
        try RuntimePaths.makeDirectory(path, mode: 0o755)
    }

    @Test func otherDirectoriesGetTheModeAskedFor() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mhub-paths-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try RuntimePaths.makeDirectory(directory.path, mode: 0o750)
        #expect((try FileManager.default.attributesOfItem(atPath: directory.path)[.posixPermissions] as? Int) == 0o750)
    }
}
