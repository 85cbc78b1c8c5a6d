import Foundation

/// avahi-daemon (and the system D-Bus) as the repository's `scripts/start-avahi.sh` runs them.
public enum AvahiDaemon {
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public static let script = repositoryRoot.appendingPathComponent("scripts/start-avahi.sh").path

    /// Whether CI runs the tests: peer tests then fail instead of skipping when the daemon cannot start.
    public static var inCI: Bool { !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty }

    /// Whether the daemon could be started once, at the first question.
    public static let startedOnce: Bool = (try? control("start")) != nil

    /// Whether the peer tests run: always in CI (where a daemon that cannot start is a failure), elsewhere
    /// only when the daemon could be started.
    public static var peerTestsEnabled: Bool { inCI || startedOnce }

    /// Runs `start-avahi.sh <command>`; throws with its output when it fails.
    @discardableResult
    public static func control(_ command: String) throws -> PeerProcessResult {
        let result = try PeerProcess.run("/bin/sh", [script, command], timeout: 30)
        guard result.status == 0 else {
            throw PeerTestFailure(
                "start-avahi.sh \(command) failed (\(result.status)): \(result.output)\(result.errors)")
        }
        return result
    }

    /// Whether avahi-daemon reports `AVAHI_SERVER_RUNNING` (2): its host name is established, which Avahi
    /// requires before services are registered (avahi-common/defs.h, "How to Register Services").
    public static func isRunning() -> Bool {
        let arguments = [
            "--system", "--print-reply", "--dest=org.freedesktop.Avahi", "/",
            "org.freedesktop.Avahi.Server.GetState",
        ]
        let result = try? PeerProcess.run("dbus-send", arguments, timeout: 5)
        return result?.output.contains("int32 2") == true
    }

    /// Makes sure the daemon runs before a peer test; a daemon that cannot start fails the test.
    public static func requireRunning() throws {
        try control("start")
    }
}
