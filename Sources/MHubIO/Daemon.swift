import Dispatch
import Foundation
import MHubCore

/// The running `mhubd`: owns its parts, starts them, and stops them when asked.
///
/// - Important: All state is confined to `queue`.
public final class Daemon: Sendable {
    /// The signals the daemon acts on; `main` blocks them before anything else and passes each one
    /// that arrives to `handle(signal:)`.
    public static let handledSignals = [SIGTERM, SIGINT]

    public enum SignalOutcome: Sendable {
        case keepRunning
        case stopped
    }

    public let configuration: DaemonConfiguration
    private let logger: Logger
    private let queue = DispatchQueue(label: "mhubd.main")

    public init(configuration: DaemonConfiguration, configurationPath: String?, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        logger.notice("mhubd \(MHubVersion.string) starting (pid \(getpid()))")
        logger.info("configuration: \(configurationPath ?? "built-in defaults")")
        logger.info("effective configuration: \(JSONWriter.compact(configuration.json))")
    }

    /// Starts every part; returns once the daemon serves.
    public func start() {
        queue.sync {
            logger.notice("mhubd ready")
        }
    }

    /// Acts on a signal; after `.stopped` the caller exits with status 0.
    public func handle(signal: Int32) -> SignalOutcome {
        queue.sync {
            switch signal {
            case SIGTERM, SIGINT:
                logger.notice("stopping on \(Signals.name(signal))")
                return .stopped
            default:
                logger.debug("ignoring \(Signals.name(signal))")
                return .keepRunning
            }
        }
    }
}
