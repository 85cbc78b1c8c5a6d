import Foundation
import MHubPOSIX

/// The state directory of `mhubd --ephemeral`: made fresh (0700) under `$TMPDIR` (else /tmp) at start, and
/// removed with all it holds when the daemon stops. A daemon killed with SIGKILL cannot remove it; its name
/// (`mhubd-ephemeral-…`) says what it was.
struct EphemeralDirectory {
    let path: String

    static func make(environment: [String: String] = ProcessInfo.processInfo.environment) throws(SystemError)
        -> EphemeralDirectory
    {
        let base = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array(
            "\(base.hasSuffix("/") ? String(base.dropLast()) : base)/mhubd-ephemeral-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else { throw SystemError("mkdtemp in \(base)") }
        return EphemeralDirectory(path: template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    }

    /// Removes the directory and everything in it.
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
