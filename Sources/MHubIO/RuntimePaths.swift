import Foundation

/// Default locations of the control socket and the state directory.
///
/// Under systemd, the directories its `RuntimeDirectory=` and `StateDirectory=` made (`$RUNTIME_DIRECTORY`,
/// `$STATE_DIRECTORY`, systemd.exec(5); the first when one lists several), whatever the user. Else, as
/// root: `/run/mhubd/` and `/var/lib/mhubd/` (what those settings give). Otherwise: `$XDG_RUNTIME_DIR/mhubd/`
/// (or `/tmp/mhubd-UID/`) and `$XDG_STATE_HOME/mhubd/` (or `~/.local/state/mhubd/`).
public enum RuntimePaths {
    public static var defaultSocketPath: String {
        let environment = ProcessInfo.processInfo.environment
        if let runtime = serviceDirectory(environment["RUNTIME_DIRECTORY"]) {
            return "\(runtime)/mhubd.sock"
        }
        if geteuid() == 0 {
            return "/run/mhubd/mhubd.sock"
        }
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return "\(runtime)/mhubd/mhubd.sock"
        }
        return "/tmp/mhubd-\(geteuid())/mhubd.sock"
    }

    public static var defaultStateDirectory: String {
        let environment = ProcessInfo.processInfo.environment
        if let state = serviceDirectory(environment["STATE_DIRECTORY"]) {
            return state
        }
        if geteuid() == 0 {
            return "/var/lib/mhubd"
        }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return "\(state)/mhubd"
        }
        return "\(NSHomeDirectory())/.local/state/mhubd"
    }

    /// The first absolute path of a colon-separated list the service manager set, if any.
    static func serviceDirectory(_ list: String?) -> String? {
        list?.split(separator: ":").first.map(String.init).flatMap { $0.hasPrefix("/") ? $0 : nil }
    }

    /// Creates a directory (and its parents) with owner-only permissions if missing.
    static func makeDirectory(_ path: String) throws(SystemError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw SystemError("\(path) is not a directory", errno: ENOTDIR) }
            return
        }
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        } catch {
            throw SystemError("mkdir \(path)", errno: EACCES)
        }
    }
}
