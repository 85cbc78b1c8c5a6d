import Dispatch
import Foundation
import MHubConfiguration
import MHubControlServer
import MHubEventLoop
import MHubHomeKitPort
import MHubHub
import MHubJSON
import MHubMatterPort
import MHubPOSIX
import MHubProtocol
import MHubStore

/// The running `mhubd`: opens the state, starts the hub and its listeners, and stops them when asked.
///
/// - Important: All state is confined to `queue`.
public final class Daemon: @unchecked Sendable {
    // @unchecked: every mutable member is touched only on `queue` (asserted where it matters).

    /// The signals the daemon acts on; `main` blocks them before anything else and passes each one
    /// that arrives to `handle(signal:)`. SIGTERM and SIGINT stop it, SIGHUP reloads the configuration.
    public static let handledSignals = [SIGTERM, SIGINT, SIGHUP]

    public enum SignalOutcome: Sendable {
        case keepRunning
        case stopped
    }

    public struct StartError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The configuration in force (the file's, with the command line's flags over it); a reload (SIGHUP)
    /// replaces it.
    var configuration: DaemonConfiguration
    /// The file it came from; `nil` for the built-in defaults.
    var configurationPath: String?
    /// The command line's flags, put over the file again at every reload.
    let overrides: DaemonOverrides
    /// Where to say, once ready, how to reach this run.
    let readyAnnouncement: ReadyAnnouncement
    /// The state directory `--ephemeral` made, removed at stop.
    private(set) var ephemeralDirectory: EphemeralDirectory?
    /// Held while the daemon runs, so no other mhubd opens the same database.
    private var stateLock: StateDirectoryLock?
    /// The Unix control socket's path and the WebSocket's URL, once listening.
    var unixSocketPath: String?
    var webSocketURL: String?
    let logger: Logger
    let queue = DispatchQueue(label: "mhubd.main")
    var service: HubService?
    var listeners: [ControlListener] = []
    /// Bounds the control connections of every listener.
    var gate: ConnectionGate?
    /// The hub's own admin token (`admin.token` in the state directory), if it could be read or made.
    var adminToken: AccessToken?
    /// The UDC port and the DNS-SD records (docs/dns-sd.md); a reload hands it the new configuration.
    var discovery: DiscoveryServices?
    /// The hub's Matter port: UDP and TCP, PASE, Basic Information reads (docs/matter.md).
    var matterPort: MatterPort?
    var homeKitPort: HomeKitPort?
    /// The simulated devices' own Matter nodes on the network.
    var devicePorts: DeviceMatterPorts?
    /// Reads of the sockets that carry messages (control, Matter UDP and TCP), on a thread of its own.
    var poller: ReadPoller?
    private var connectionCounter: UInt64 = 0
    /// The service manager's notification socket, when `mhubd` runs as a `Type=notify` service.
    let notifier: SystemdNotifier?
    /// Why the last reload was rejected, shown in the status until a reload succeeds.
    var rejectedReload: String?

    /// - Parameters:
    ///   - configuration: the configuration file's (or the built-in defaults); `overrides` go over it at start.
    ///   - readyAnnouncement: where to write `HubInstance` once ready (`--ready-file`, `--ready-fd`).
    public init(
        configuration: DaemonConfiguration, configurationPath: String?, overrides: DaemonOverrides = DaemonOverrides(),
        readyFile: String? = nil, readyDescriptor: Int32? = nil, logger: Logger
    ) {
        self.configuration = overrides.applied(to: configuration, ephemeralDirectory: nil)
        self.configurationPath = configurationPath
        self.overrides = overrides
        readyAnnouncement = ReadyAnnouncement(file: readyFile, descriptor: readyDescriptor)
        self.logger = logger
        notifier = Self.makeNotifier(logger: logger)
        logger.notice("mhubd \(MHubVersion.string) starting (pid \(getpid()))")
        logger.info("configuration: \(configurationPath ?? "built-in defaults")")
    }

    /// Opens the state and starts listening; returns once the daemon serves. A start that fails removes the
    /// ephemeral state directory it made.
    public func start() throws(StartError) {
        do {
            try queue.sync { try startOnQueue() }
        } catch {
            queue.sync {
                ephemeralDirectory?.remove()
                ephemeralDirectory = nil
            }
            if let error = error as? StartError { throw error }
            throw StartError(description: "\(error)")
        }
    }

    /// The file's configuration with the flags over it, in the directory `--ephemeral` made.
    func effective(_ file: DaemonConfiguration) -> DaemonConfiguration {
        overrides.applied(to: file, ephemeralDirectory: ephemeralDirectory?.path)
    }

    private func startOnQueue() throws {
        if overrides.ephemeral {
            let directory = try EphemeralDirectory.make()
            ephemeralDirectory = directory
            configuration = overrides.applied(to: configuration, ephemeralDirectory: directory.path)
            logger.notice("ephemeral state directory \(directory.path), removed at stop")
        }
        logger.info("effective configuration: \(JSONWriter.compact(configuration.json))")
        let files = FileDescriptorLimit.raiseToHardLimit()
        logger.debug("open-file limit: \(files)")
        let stateDirectory = configuration.stateDirectory ?? RuntimePaths.defaultStateDirectory
        try RuntimePaths.makeDirectory(stateDirectory, mode: 0o750)
        stateLock = try StateDirectoryLock.acquire(stateDirectory)
        let databasePath = "\(stateDirectory)/mhubd.sqlite3"
        let store = try HubStore(path: databasePath, sync: configuration.storageSync)
        if let failure = store.logPreallocationFailure {
            logger.warning("state: the write-ahead log grows with each commit, which costs each sync more: \(failure)")
        }
        let settings = HubSettings(configuration)
        // With --record-inputs the hub keeps what it draws, for the journal's lines (`HubRandom.recordingSystem`).
        let recording = try overrides.recordInputsPath.map { path throws(SystemError) in
            try InputJournalFile(path: path)
        }
        var random: HubRandom = recording == nil ? .system : .recordingSystem
        let state: HubState
        if let loaded = try store.load() {
            state = loaded
            // Parsing every stored node leaves freed parse trees in the decoding threads' malloc arenas.
            ProcessMemory.trim()
            logger.info(
                "state: \(databasePath) (\(loaded.nodes.count) nodes, \(loaded.simulatedDevices.count) simulated devices)"
            )
        } else {
            let (initial, changes) = Hub.initialState(settings: settings, random: &random)
            try store.apply(changes)
            state = initial
            logger.notice("state: created \(databasePath)")
        }
        let initialRandom = random.takeDrawn()
        var hub = Hub(
            state: state, settings: settings, random: recording == nil ? .system : .recordingSystem,
            clock: overrides.virtualClock ? .virtual : .real)
        if overrides.virtualClock {
            logger.notice("virtual clock from \(Self.virtualClockStart): the hub's timers move only by advance_clock")
        }
        if let path = overrides.scenarioPath {
            try loadScenario(path, into: &hub, store: store)
        }
        let service = HubService(
            hub: hub, store: store, queue: queue, logger: logger,
            maximumMessageBytes: configuration.control.maximumMessageBytes, virtualClockStart: Self.virtualClockStart)
        self.service = service
        if let recording {
            // Before any part submits an input, so the journal has every one from the start.
            try service.recordInputs(
                to: recording,
                start: InputJournal.Start(
                    configuration: configuration.json, clock: hub.run.clock, random: initialRandom))
            logger.notice("recording the hub's inputs to \(recording.path) (0600: it holds requests' secrets)")
        }
        let poller = try ReadPoller(queue: queue)
        self.poller = poller
        let receiveBuffer = MatterReceiveBuffer()
        if configuration.matter.enabled {
            let matter = try MatterNodeState.load(store: store, identity: configuration.hub, logger: logger)
            matterPort = try MatterPort.hub(
                configuration: configuration, state: matter, service: service, store: store, queue: queue,
                poller: poller, receiveBuffer: receiveBuffer, logger: logger)
            let devices = DeviceMatterPorts(
                configuration: configuration.matter, service: service, store: store, queue: queue, poller: poller,
                receiveBuffer: receiveBuffer,
                reservedPorts: [
                    matterPort?.port ?? 0, configuration.udc.port, configuration.control.tcpPort,
                    configuration.thread.port,
                ], logger: logger)
            devices.start()
            devicePorts = devices
        }
        if configuration.homeKit.enabled {
            homeKitPort = try HomeKitPort.start(
                configuration: configuration, service: service, store: store, queue: queue, poller: poller,
                logger: logger)
        }
        discovery = try DiscoveryServices(
            configuration: configuration, matterPort: matterPort?.port ?? configuration.matter.port, queue: queue,
            poller: poller, logger: logger)
        discovery?.start(service: service)
        let network = NetworkInterfaces.hubNetwork(matterPort: matterPort?.port)
        service.submit(.networkKnown(network))

        do {
            adminToken = try AdminTokenFile.loadOrCreate(stateDirectory: stateDirectory)
        } catch {
            logger.error("admin token: \(error); WebSocket clients get admin only with a configured token")
        }
        try startListeners(service: service)
        let instance = HubInstance(
            processID: getpid(), unixSocketPath: unixSocketPath, webSocketURL: webSocketURL,
            matterPort: matterPort?.port, udcPort: discovery?.udcPort, homeKitPort: homeKitPort?.port,
            stateDirectory: stateDirectory,
            isEphemeral: ephemeralDirectory != nil, clock: hub.run.clock)
        service.submit(.instanceKnown(instance))
        logger.notice("mhubd ready (\(service.statusSummary))")
        if !readyAnnouncement.isEmpty {
            try readyAnnouncement.announce(ReadyAnnouncement.text(instance, adminToken: adminToken?.token))
        }
        notifyReady()
    }

    /// Where the virtual clock starts, 2026-01-01T00:00:00Z, whenever mhubd starts: the same times in every run,
    /// so a scenario's events are the same, times included.
    static let virtualClockStart: Timestamp = 1_767_225_600_000

    /// `--scenario FILE`: the scenario's home replaces the stored one before anyone connects, and is committed;
    /// an error in it stops the start.
    private func loadScenario(_ path: String, into hub: inout Hub, store: HubStore) throws {
        let scenario: Scenario
        do {
            scenario = try ScenarioFile.read(path)
        } catch {
            throw StartError(description: "scenario \(error)")
        }
        let now = hub.run.clock == .virtual ? Self.virtualClockStart : HubClock.now()
        switch hub.loadScenario(scenario, now: now) {
        case .success(let outcome):
            try store.apply(outcome.changes)
            logger.notice(
                "scenario \"\(scenario.name)\" loaded from \(path): \(hub.state.nodes.count) nodes, "
                    + "\(scenario.timeline.count) timeline steps")
        case .failure(let error):
            throw StartError(description: "scenario \(path): \(error.details)")
        }
    }

    func nextConnectionID() -> UInt64 {
        connectionCounter += 1
        return connectionCounter
    }

    /// Acts on a signal; after `.stopped` the caller exits with status 0.
    public func handle(signal: Int32) -> SignalOutcome {
        queue.sync {
            switch signal {
            case SIGTERM, SIGINT:
                logger.notice("stopping on \(Signals.name(signal))")
                notifyStopping("\(Signals.name(signal))")
                stopOnQueue()
                return .stopped
            case SIGHUP:
                reloadOnQueue()
                return .keepRunning
            default:
                logger.debug("ignoring \(Signals.name(signal))")
                return .keepRunning
            }
        }
    }

    private func stopOnQueue() {
        discovery?.stop()
        for listener in listeners {
            listener.stop()
        }
        listeners = []
        gate?.stop()
        matterPort?.stop()
        devicePorts?.stop()
        homeKitPort?.stop()
        service?.shutdown()
        if let ephemeralDirectory {
            ephemeralDirectory.remove()
            logger.notice("removed the ephemeral state directory \(ephemeralDirectory.path)")
        }
        logger.notice("mhubd stopped")
    }

    /// Lets queued output drain briefly before the process exits.
    public func drain() {
        queue.sync {}
        usleep(50_000)
        queue.sync {}
    }
}
