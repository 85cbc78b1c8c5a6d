import Foundation
import Testing

/// Runs each test of a suite while holding a machine-wide lock on avahi-daemon, so peer tests that stop or
/// restart the daemon (in this process or in another test run on the same machine) never overlap.
///
/// The lock is `flock` on a file in the temporary directory; it is polled with `Task.sleep` rather than
/// waited for, so a waiting test holds no thread of the cooperative pool.
public struct AvahiDaemonLock: TestTrait, SuiteTrait, TestScoping {
    public static let path = "/tmp/mhub-avahi-peer-tests.lock"

    /// Whether the current task runs inside the lock's scope (what `NetworkNamespacePair` checks before it
    /// moves avahi-daemon).
    @TaskLocal public static var isHeld = false

    public var isRecursive: Bool { true }

    /// The time limit of a suite under the lock. A test's limit counts the time it waits for the lock, and the
    /// suites that hold it run one after another for several minutes in all, so the limit is generous: it is
    /// there to end a hung run, not to time one.
    public static var timeLimit: TimeLimitTrait.Duration { .minutes(20) }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard !test.isSuite else {
            try await function()
            return
        }
        let fd = open(Self.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw PeerTestFailure("cannot open \(Self.path): errno \(errno)") }
        defer { close(fd) }
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        defer { flock(fd, LOCK_UN) }
        try await Self.$isHeld.withValue(true) { try await function() }
    }
}

extension Trait where Self == AvahiDaemonLock {
    /// Each test holds the machine-wide avahi-daemon lock while it runs.
    public static var avahiDaemonLock: Self { AvahiDaemonLock() }
}
