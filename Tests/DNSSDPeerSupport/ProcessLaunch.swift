import Foundation

/// One process launched at a time in the test process. swift-corelibs-foundation's `Process.run()` crashed twice in CI
/// inside its own copying (a memcpy past a page in `Process.run`) while tests launched peers and daemons from several
/// threads at once; a launch takes milliseconds, so serializing them costs nothing the tests notice.
private let launching = NSLock()

extension Process {
    /// `run()`, one launch at a time across the test process.
    public func runSerialized() throws {
        try launching.withLock { try run() }
    }
}
