import Foundation

/// Receives POSIX signals synchronously: blocked in every thread, taken with `sigwait(3)` by one.
///
/// Dispatch signal sources are not used: on Linux libdispatch reads them through a `signalfd(2)`,
/// which only works while no thread accepts the signal, yet `dispatchMain()` parks the main thread in
/// `sigsuspend` with an empty mask, so a SIGTERM could kill the process with its default action
/// instead of reaching the source (seen here as a flaky test under load).
public enum Signals {
    /// Blocks signals in the calling thread and in every thread it creates from now on.
    ///
    /// - Important: Call it first thing in `main`, before any library can start a thread.
    public static func block(_ signals: [Int32]) {
        var mask = makeMask(signals)
        pthread_sigmask(SIG_BLOCK, &mask, nil)
    }

    /// Waits until one of `signals` (blocked beforehand) arrives and returns it.
    public static func wait(for signals: [Int32]) -> Int32 {
        var mask = makeMask(signals)
        var received: Int32 = 0
        while sigwait(&mask, &received) != 0 {}
        return received
    }

    /// The conventional name of a signal, for log lines.
    public static func name(_ number: Int32) -> String {
        switch number {
        case SIGTERM: "SIGTERM"
        case SIGINT: "SIGINT"
        case SIGHUP: "SIGHUP"
        default: "signal \(number)"
        }
    }

    private static func makeMask(_ signals: [Int32]) -> sigset_t {
        var mask = sigset_t()
        sigemptyset(&mask)
        for number in signals {
            sigaddset(&mask, number)
        }
        return mask
    }
}
