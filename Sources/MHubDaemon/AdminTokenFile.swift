import Foundation
import MHubConfiguration
import MHubPOSIX
import MHubProtocol

/// The hub's own admin token: made at first start in the state directory (`admin.token`, 0640: the daemon's user
/// and group may read it), so that the local developer can use admin commands over WebSocket without editing
/// the configuration (`mhubctl --url …` reads it by itself; docs/configuration.md, "Who can connect").
enum AdminTokenFile {
    /// The principal permissions and logs name for whoever presents it; never the token itself.
    static let principalName = "local-admin"

    /// The token in `stateDirectory`, made now if there is none.
    static func loadOrCreate(stateDirectory: String) throws(SystemError) -> AccessToken {
        let path = DefaultPaths.adminTokenPath(stateDirectory: stateDirectory)
        if let existing = FileManager.default.contents(atPath: path) {
            let text = String(decoding: existing, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard text.utf8.count >= 32, text.utf8.allSatisfy({ $0 < 0x80 && $0 > 0x20 }) else {
                throw SystemError("\(path) does not hold a token; remove it to make a new one", errno: .invalidArgument)
            }
            return AccessToken(name: principalName, token: text, scope: "admin")
        }
        var generator = SystemRandomNumberGenerator()
        let token = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }
            .joined()
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o640)
        guard fd >= 0 else { throw SystemError("create \(path)") }
        let descriptor = FileDescriptor(rawValue: fd)
        defer { descriptor.close() }
        fchmod(fd, 0o640)
        let bytes = Array((token + "\n").utf8)
        let written = bytes.withUnsafeBytes { buffer in
            retryingOnInterrupt { write(fd, buffer.baseAddress, buffer.count) }
        }
        guard case .success(let count) = written, count == bytes.count, fsync(fd) == 0 else {
            unlink(path)
            throw SystemError("write \(path)")
        }
        return AccessToken(name: principalName, token: token, scope: "admin")
    }
}
