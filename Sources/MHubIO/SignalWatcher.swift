import Dispatch
import Foundation

/// Delivers POSIX signals as calls on a Dispatch queue instead of in a signal handler.
///
/// The signals' default actions are ignored for as long as the watcher exists, so that the Dispatch
/// source sees them (signal(7): a source observes, it does not replace the disposition).
// @unchecked: `sources` is set once in init and only cancelled in deinit; Dispatch sources are thread-safe.
public final class SignalWatcher: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]

    public init(signals: [Int32], queue: DispatchQueue, handler: @escaping @Sendable (Int32) -> Void) {
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }

    deinit {
        for source in sources {
            source.cancel()
        }
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
}
