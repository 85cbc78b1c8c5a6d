import Dispatch
import Foundation
import MHubCore

/// The running `mhubd`: owns its parts and stops them on SIGTERM or SIGINT.
///
/// - Important: All state is confined to `queue`.
public final class Daemon: Sendable {
    public let configuration: DaemonConfiguration
    private let logger: Logger
    private let queue = DispatchQueue(label: "mhubd.main")
    private let signals: SignalWatcher

    /// Starts the daemon; it runs until a stop signal, then exits the process with status 0.
    public init(configuration: DaemonConfiguration, configurationPath: String?, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        signals = SignalWatcher(signals: [SIGTERM, SIGINT], queue: queue) { [logger] number in
            logger.notice("stopping on \(SignalWatcher.name(number))")
            exit(0)
        }
        logger.notice("mhubd \(MHubVersion.string) starting (pid \(getpid()))")
        logger.info("configuration: \(configurationPath ?? "built-in defaults")")
        logger.info("effective configuration: \(JSONWriter.compact(configuration.json))")
        logger.notice("mhubd ready")
    }
}
