import Foundation
import MHubPOSIX
import MHubProtocol

/// The default paths of this process (`DefaultPaths` for its environment and user), and the directories they
/// need.
public enum RuntimePaths {
    static var defaults: DefaultPaths {
        DefaultPaths(
            environment: ProcessInfo.processInfo.environment, effectiveUserID: geteuid(), home: NSHomeDirectory())
    }

    public static var defaultSocketPath: String { defaults.socketPath }

    public static var defaultStateDirectory: String { defaults.stateDirectory }

    /// Creates a directory (and its parents) with `mode` if missing: 0755 for the socket's directory (the socket's
    /// own bits decide who connects), 0750 for the state (its group may read the admin token), 0700 always for a
    /// private one in the shared /tmp (`DefaultPaths.privateTemporaryDirectory`).
    ///
    /// An existing directory is used as it is, except that private one: anyone can create that name first, so it
    /// must belong to this user and be writable by nobody else, or mhubd refuses it.
    static func makeDirectory(_ path: String, mode: Int) throws(SystemError) {
        let isPrivateTemporary = path == DefaultPaths.privateTemporaryDirectory(geteuid())
        var status = stat()
        if lstat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw SystemError("\(path) is not a directory", errno: .notDirectory)
            }
            if isPrivateTemporary {
                guard status.st_uid == geteuid(), status.st_mode & 0o022 == 0 else {
                    throw SystemError(
                        "\(path) belongs to another user or others can write it; remove it or set control.unix_socket",
                        errno: .permissionDenied)
                }
            }
            return
        }
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true,
                attributes: [.posixPermissions: isPrivateTemporary ? 0o700 : mode])
        } catch {
            throw SystemError("mkdir \(path)", errno: .permissionDenied)
        }
    }
}
