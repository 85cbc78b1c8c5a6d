import Dispatch
import Foundation
import HomeKitAccessory
import HomeKitBridge
import MHubConfiguration
import MHubEventLoop
import MHubHub
import MHubPOSIX
import MHubProtocol
import MHubStore
import MatterCrypto
import MatterNode

/// The HomeKit face's port (docs/homekit.md): HAP over IP on one TCP port, serving the home as the Matter bridge
/// shows it (`HubAccess.bridgeView`) as a HomeKit bridge's accessories (`HomeKitBridge`), through an
/// `HAPAccessoryServer` value.
///
/// It owns the listening socket and the connections, saves the accessory's record in the store before any answer
/// that depends on it, turns a controller's writes into the hub's inputs (`HomeKitReport.request`, the bridge's own
/// request type) and answers when the hub's outputs (`homeKitAnswer`) have answered them all, and sends events for
/// what the hub says changed (`bridgeChanged`), to every subscriber but the writer. It reports what it is to the hub
/// (`HomeKitReport.serving`) at start and whenever the pairings or `c#` change, which the advertiser publishes.
///
/// - Important: Confined to the daemon's queue.
package final class HomeKitPort {
    /// Connections served at once: HAP asks for eight at least (R14 §6.2.3); iOS devices and home hubs each keep one.
    static let maximumConnections = 32

    package let port: UInt16
    /// The bridge's name.
    private let name: String
    private let service: any HubAccess
    private let queue: DispatchQueue
    private let poller: ReadPoller
    private let logger: Logger
    private let store: HubStore
    private var listener: ListeningSocket?
    private var server: HAPAccessoryServer
    private let bridge: HomeKitBridge
    private var connections: [UInt64: HomeKitConnection] = [:]
    private var connectionCounter: UInt64 = 0
    private var random = SecureRandomNumberGenerator()
    /// The hub requests of writes not answered yet: which batch, and which characteristic.
    private var pendingRequests: [UInt64: (ticket: UInt64, characteristic: HAPCharacteristicID)] = [:]
    private var batches: [UInt64: WriteProgress] = [:]
    private var nextRequestID: UInt64 = 1
    private var stopped = false

    /// One `PUT /characteristics`' writes on their way through the hub.
    private struct WriteProgress {
        var connection: UInt64
        var remaining: Set<UInt64>
        var statuses: [HAPCharacteristicID: HAPStatus]
        var written: Set<HAPCharacteristicID>
    }

    private init(
        name: String, port: UInt16, fd: FileDescriptor, server: HAPAccessoryServer, bridge: HomeKitBridge,
        service: any HubAccess,
        store: HubStore, queue: DispatchQueue, poller: ReadPoller, logger: Logger
    ) {
        self.name = name
        self.port = port
        self.server = server
        self.bridge = bridge
        self.service = service
        self.store = store
        self.queue = queue
        self.poller = poller
        self.logger = logger
        listener = ListeningSocket(
            fd: fd, label: "homekit", queue: queue, poller: poller, logger: logger,
            accepted: { [weak self] socket, address in self?.accepted(socket, from: address) })
    }

    /// Binds `homekit.port`, loads the accessory's record (or makes and keeps one: a new Device ID, key, setup ID, and
    /// the configured setup code or a random one, logged once), and starts serving.
    package static func start(
        configuration: DaemonConfiguration, service: any HubAccess, store: HubStore, queue: DispatchQueue,
        poller: ReadPoller, logger: Logger
    ) throws -> HomeKitPort {
        dispatchPrecondition(condition: .onQueue(queue))
        var random = SecureRandomNumberGenerator()
        var record: HAPAccessoryRecord
        if let stored = try store.loadHomeKit() {
            record = stored
            if let code = configuration.homeKit.setupCode, code != record.identity.setupCode {
                record.identity.setupCode = code
                try store.saveHomeKit(record)
            }
        } else {
            record = HAPAccessoryRecord(
                identity: HAPAccessoryIdentity.generate(setupCode: configuration.homeKit.setupCode, using: &random))
            try store.saveHomeKit(record)
            if configuration.homeKit.setupCode == nil {
                logger.notice(
                    "homekit: setup code \(record.identity.setupCode) made and kept (mhubctl hub homekit shows it)")
            }
        }
        let server = try HAPAccessoryServer(record: record)
        let bound = try Sockets.bindEveryAddress(type: Int32(SOCK_STREAM.rawValue), port: configuration.homeKit.port)
        do {
            try bound.fd.listen(backlog: 64)
        } catch {
            bound.fd.close()
            throw error
        }
        let name = configuration.homeKit.name ?? configuration.hub.name
        let bridge = HomeKitBridge(
            info: HomeKitBridgeInfo(
                name: name, manufacturer: "mhub", model: configuration.hub.productName,
                serialNumber: record.identity.deviceID, firmwareRevision: HomeKitPort.firmwareRevision))
        let port = HomeKitPort(
            name: name, port: bound.port, fd: bound.fd, server: server, bridge: bridge, service: service, store: store,
            queue: queue, poller: poller, logger: logger)
        service.onOutput { [weak port] output in port?.hubOutput(output) }
        logger.info("listening on homekit tcp port \(bound.port) (HAP device ID \(record.identity.deviceID))")
        port.databaseMayHaveChanged()
        port.reportFacts()
        return port
    }

    /// mhub's version, `x.y.z` as HAP wants FirmwareRevision.
    static var firmwareRevision: String { MHubVersion.string }

    package func stop() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !stopped else { return }
        stopped = true
        listener?.stop()
        for connection in connections.values {
            connection.close(reason: "mhubd is stopping")
        }
        connections = [:]
    }

    // MARK: the server

    /// What the server reads and keeps for one call: the home as bridged now, the bridge's mapping, the store.
    private struct Context: HAPServerContext {
        let view: HubBridgeView
        let bridge: HomeKitBridge
        let store: HubStore
        let logger: Logger
        let now: UInt64

        func accessories() -> [HAPAccessory] { bridge.accessories(in: view) }

        func characteristic(_ id: HAPCharacteristicID) -> Result<HAPCharacteristic, HAPStatus> {
            bridge.characteristic(id, in: view)
        }

        func isReachable(_ aid: UInt64) -> Bool { bridge.isReachable(aid, in: view) }

        func save(_ record: HAPAccessoryRecord) -> Bool {
            do {
                try store.saveHomeKit(record)
                return true
            } catch {
                logger.error("homekit: could not save the accessory's pairings: \(error)")
                return false
            }
        }
    }

    private var context: Context {
        Context(
            view: service.bridgeView, bridge: bridge, store: store, logger: logger,
            now: UInt64(MonotonicClock.milliseconds()))
    }

    private func run(_ actions: [HAPServerAction]) {
        for action in actions {
            switch action {
            case .send(let id, let bytes): connections[id]?.send(bytes)
            case .close(let id, let reason): connections[id]?.closeAfterSending(reason: reason)
            case .write(let batch): carryOut(batch)
            case .pairingsChanged: reportFacts()
            case .identify: logger.notice("homekit: an unpaired controller asked the bridge to identify itself")
            case .log(.notice, let line): logger.notice(line)
            case .log(.info, let line): logger.info(line)
            case .log(.debug, let line): logger.debug(line)
            }
        }
    }

    /// What the hub shows of this face: `get_homekit`, the dashboard and `_hap._tcp`'s TXT record.
    private func reportFacts() {
        let record = server.record
        let census = bridge.census(in: service.bridgeView)
        let facts = HomeKitFacts(
            name: name, port: port, deviceID: record.identity.deviceID, setupCode: record.identity.setupCode,
            setupID: record.identity.setupID,
            setupURI: HAPSetupPayload.uri(setupCode: record.identity.setupCode, setupID: record.identity.setupID),
            setupHash: HAPSetupPayload.setupHash(setupID: record.identity.setupID, deviceID: record.identity.deviceID),
            configurationNumber: record.configurationNumber,
            accessories: census.shown, omittedDevices: census.overLimit + census.unsupported,
            pairings: record.pairings.map { HomeKitPairingSummary(identifier: $0.identifierText, admin: $0.isAdmin) })
        service.submit(.homeKit(.serving(facts)))
    }

    /// `c#` goes up when the database without values is not the one it was set for.
    private func databaseMayHaveChanged() {
        let view = service.bridgeView
        let fingerprint = SHA512.hash(Array(bridge.databaseFingerprint(in: view).utf8))
        let before = server.record.configurationNumber
        guard server.databaseChanged(fingerprint: fingerprint, context: context) else { return }
        if server.record.configurationNumber != before {
            logger.info("homekit: the accessories changed: configuration number \(server.record.configurationNumber)")
            reportFacts()
        }
        let omitted = bridge.omitted(in: view)
        if omitted.overLimit > 0 {
            logger.warning(
                "homekit: \(omitted.overLimit) device(s) left out: a HomeKit bridge shows at most "
                    + "\(HomeKitBridge.maximumBridgedAccessories) accessories")
        }
    }

    // MARK: connections

    private func accepted(_ socket: FileDescriptor, from address: SocketAddress) {
        guard !stopped else {
            socket.close()
            return
        }
        connectionCounter += 1
        let connection = HomeKitConnection(
            id: connectionCounter, fd: socket, peer: address.description, queue: queue, poller: poller)
        connection.onBytes = { [weak self] connection, bytes in self?.received(bytes, on: connection) }
        connection.onClose = { [weak self] connection, reason in self?.closed(connection, reason: reason) }
        connection.start()
        guard connections.count < Self.maximumConnections else {
            logger.notice(
                "homekit: \(connection.peer) turned away: more than \(Self.maximumConnections) connections")
            connection.close(reason: "too many connections")
            return
        }
        connections[connection.id] = connection
        server.opened(connection.id)
        logger.debug("homekit: \(connection.peer) connected (connection \(connection.id))")
    }

    private func received(_ bytes: [UInt8], on connection: HomeKitConnection) {
        run(server.received(bytes, on: connection.id, context: context, using: &random))
    }

    private func closed(_ connection: HomeKitConnection, reason: String) {
        guard connections.removeValue(forKey: connection.id) != nil else { return }
        server.closed(connection.id)
        batches = batches.filter { $0.value.connection != connection.id }
        logger.debug("homekit: \(connection.peer) disconnected: \(reason)")
    }

    // MARK: writes and events

    /// A batch's writes become the device logic's commands and writes; each answered by the hub in its time.
    private func carryOut(_ batch: HAPWriteBatch) {
        let view = service.bridgeView
        var progress = WriteProgress(
            connection: batch.connection, remaining: [], statuses: [:], written: Set(batch.writes.keys))
        var requests: [BridgedRequest] = []
        for (id, value) in batch.writes.sorted(by: { $0.key < $1.key }) {
            switch bridge.write(value, to: id, in: view) {
            case .failure(let status): progress.statuses[id] = status
            case .success(let operations):
                for operation in operations {
                    let requestID = nextRequestID
                    nextRequestID += 1
                    progress.remaining.insert(requestID)
                    pendingRequests[requestID] = (batch.ticket, id)
                    requests.append(
                        BridgedRequest(id: requestID, endpoint: operation.endpoint, operation: operation.operation))
                }
            }
        }
        batches[batch.ticket] = progress
        guard !requests.isEmpty else {
            finish(batch.ticket)
            return
        }
        for request in requests {
            service.submit(.homeKit(.request(request)))
        }
    }

    private func answered(_ requestID: UInt64, _ answer: BridgedAnswer) {
        guard let (ticket, id) = pendingRequests.removeValue(forKey: requestID), var progress = batches[ticket] else {
            return
        }
        progress.remaining.remove(requestID)
        let status = Self.status(of: answer)
        if status != .success && progress.statuses[id] == nil { progress.statuses[id] = status }
        batches[ticket] = progress
        if progress.remaining.isEmpty { finish(ticket) }
    }

    private func finish(_ ticket: UInt64) {
        guard let progress = batches.removeValue(forKey: ticket) else { return }
        run(
            server.writesAnswered(
                ticket, statuses: progress.statuses, connection: progress.connection, context: context,
                using: &random))
    }

    /// The Interaction Model's answer as HAP's status: SUCCESS and a response are success; a constraint the device
    /// refused is an invalid value; BUSY is busy; no answer timed out; any other failure (an unreachable device's
    /// FAILURE) is "unable to communicate".
    static func status(of answer: BridgedAnswer) -> HAPStatus {
        switch answer {
        case .status(0x00), .response: .success
        case .status(0x87), .status(0x85): .invalidValue
        case .status(0x9C): .busy
        case .status: .unableToCommunicate
        case .noAnswer: .timedOut
        }
    }

    private func hubOutput(_ output: HubOutput) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !stopped else { return }
        switch output {
        case .bridgeChanged(let change): bridgeChanged(change)
        case .homeKitAnswer(let requestID, let answer): answered(requestID, answer)
        case .windowChanged, .removeFabric, .advanceClock, .bridgedAnswer, .deviceNode, .inputJournalFollowed: break
        }
    }

    /// What changed reaches every subscriber but the connection whose write changed it; accessories that came or
    /// went move `c#`.
    private func bridgeChanged(_ change: BridgeChange) {
        let (values, databaseChanged) = bridge.changes(change, in: service.bridgeView)
        if !values.isEmpty {
            var skipping: [UInt64: Set<HAPCharacteristicID>] = [:]
            for progress in batches.values {
                skipping[progress.connection, default: []].formUnion(progress.written)
            }
            run(server.notify(values, skipping: skipping))
        }
        if databaseChanged { databaseMayHaveChanged() }
    }
}
