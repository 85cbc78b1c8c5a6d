import Dispatch
import Foundation
import MHubCore
import MHubHub

/// The running `mhubd`: opens the state, starts the hub and its listeners, and stops them when asked.
///
/// - Important: All state is confined to `queue`.
public final class Daemon: @unchecked Sendable {
    // @unchecked: every mutable member is touched only on `queue` (asserted where it matters).

    /// The signals the daemon acts on; `main` blocks them before anything else and passes each one
    /// that arrives to `handle(signal:)`.
    public static let handledSignals = [SIGTERM, SIGINT]

    public enum SignalOutcome: Sendable {
        case keepRunning
        case stopped
    }

    public struct StartError: Error, CustomStringConvertible {
        public var description: String
    }

    public let configuration: DaemonConfiguration
    private let logger: Logger
    private let queue = DispatchQueue(label: "mhubd.main")
    private var service: HubService?
    private var listeners: [ControlListener] = []
    private var matterPort: MatterPort?
    private var connectionCounter: UInt64 = 0

    public init(configuration: DaemonConfiguration, configurationPath: String?, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        logger.notice("mhubd \(MHubVersion.string) starting (pid \(getpid()))")
        logger.info("configuration: \(configurationPath ?? "built-in defaults")")
        logger.info("effective configuration: \(JSONWriter.compact(configuration.json))")
    }

    /// Opens the state and starts listening; returns once the daemon serves.
    public func start() throws(StartError) {
        do {
            try queue.sync { try startOnQueue() }
        } catch let error as StartError {
            throw error
        } catch {
            throw StartError(description: "\(error)")
        }
    }

    private func startOnQueue() throws {
        let stateDirectory = configuration.stateDirectory ?? RuntimePaths.defaultStateDirectory
        try RuntimePaths.makeDirectory(stateDirectory)
        let databasePath = "\(stateDirectory)/mhubd.sqlite3"
        let store = try HubStore(path: databasePath)
        let settings = HubSettings(configuration)
        let seed = UInt64.random(in: 0...UInt64.max)
        let state: HubState
        if let loaded = try store.load() {
            state = loaded
            logger.info(
                "state: \(databasePath) (\(loaded.nodes.count) nodes, \(loaded.simulatedDevices.count) simulated devices)"
            )
        } else {
            let (initial, changes) = Hub.initialState(settings: settings, seed: seed)
            try store.apply(changes)
            state = initial
            logger.notice("state: created \(databasePath)")
        }
        let hub = Hub(state: state, settings: settings, seed: seed &+ 1)
        let service = HubService(
            hub: hub, store: store, queue: queue, logger: logger,
            maximumMessageBytes: configuration.control.maximumMessageBytes)
        self.service = service

        let control = configuration.control
        let socketPath = control.unixSocketPath ?? RuntimePaths.defaultSocketPath
        try RuntimePaths.makeDirectory((socketPath as NSString).deletingLastPathComponent)
        let unixFD = try Sockets.listenUnix(path: socketPath, mode: mode_t(control.unixSocketMode))
        let groupScope = Scope(name: control.unixGroupScope) ?? .commission
        listeners.append(
            ControlListener(
                fd: unixFD, kind: .unix(path: socketPath, groupScope: groupScope), service: service,
                configuration: control, queue: queue, nextID: { [unowned self] in nextConnectionID() }))
        logger.notice("listening on unix:\(socketPath)")

        if control.tcpEnabled {
            let (tcpFD, port) = try Sockets.listenTCP(host: control.tcpHost, port: control.tcpPort)
            var tokens: [String: (Principal, Scope)] = [:]
            for token in control.tokens {
                tokens[token.token] = (Principal(token.name), Scope(name: token.scope) ?? .read)
            }
            let access = WebSocketFraming.Access(
                tokens: tokens, anonymousScope: control.tcpIsLoopback ? Scope(name: control.loopbackScope) : nil)
            listeners.append(
                ControlListener(
                    fd: tcpFD, kind: .webSocket(access: access), service: service, configuration: control,
                    queue: queue, nextID: { [unowned self] in nextConnectionID() }))
            let host = control.tcpHost.contains(":") ? "[\(control.tcpHost)]" : control.tcpHost
            logger.notice("listening on ws://\(host):\(port)/ws")
        }
        if configuration.matter.enabled {
            matterPort = try MatterPort(configuration: configuration, service: service, queue: queue, logger: logger)
        }
        logger.notice("mhubd ready (\(service.statusSummary))")
    }

    private func nextConnectionID() -> UInt64 {
        connectionCounter += 1
        return connectionCounter
    }

    /// Acts on a signal; after `.stopped` the caller exits with status 0.
    public func handle(signal: Int32) -> SignalOutcome {
        queue.sync {
            switch signal {
            case SIGTERM, SIGINT:
                logger.notice("stopping on \(Signals.name(signal))")
                stopOnQueue()
                return .stopped
            default:
                logger.debug("ignoring \(Signals.name(signal))")
                return .keepRunning
            }
        }
    }

    private func stopOnQueue() {
        for listener in listeners {
            listener.stop()
        }
        listeners = []
        matterPort?.stop()
        service?.shutdown()
        logger.notice("mhubd stopped")
    }

    /// Lets queued output drain briefly before the process exits.
    public func drain() {
        queue.sync {}
        usleep(50_000)
        queue.sync {}
    }
}
