import Dispatch
import Foundation
import MHubConfiguration
import MHubDaemonRules
import MHubEventLoop
import MHubHub
import MHubPOSIX
import MHubStore
import MatterCrypto
import MatterDataModel
import MatterInteraction
import MatterMessage
import MatterNode

/// A Matter port: a `MatterNode` served on the daemon's queue, on UDP and TCP on one port: the hub's own node (the
/// bridge, 5540 by default), or a simulated device's own node on the network (`MatterPortRole`).
///
/// It owns the sockets, the timer and the TCP connections, and feeds a `MatterNode` (the node as a value)
/// with messages, time and randomness, then carries out what it returns: datagrams and frames, the fabric table's
/// saves (before the answers that report them), and the node's reports to the hub as the hub's inputs
/// (`MatterNodeAction.matterReport`: sessions, fabrics, windows an administrator opened or revoked, commissioning
/// completed, the fail-safe expired, PASE attempts used up, a device's command or write). What the hub decides
/// reaches it from its owner: a window (`serve(_:)`), changes of what it serves (`endpointsChanged`), answers to its
/// requests (`answered`), a fabric to remove. With every message and timer it hands the node the hub's view of
/// what it serves (the home as bridged, or the device's endpoints), for that call only. Log lines a flood could cause
/// go through a `MatterLogLimiter`.
///
/// - Important: Confined to the daemon's queue (asserted); descriptors are closed only in cancel handlers.
package final class MatterPort {
    /// TCP connections the hub's node serves at once; more are accepted and closed at once. A device's node on the
    /// network serves fewer (`maximumConnections`), so fifty devices cannot take the daemon's descriptors.
    static let maximumHubConnections = 16
    static let maximumDeviceConnections = 4
    /// TCP connections served at once from one host (a device's node: 2).
    var maximumConnectionsPerHost: Int { role == .hub ? 4 : 2 }
    /// TCP connections served at once.
    var maximumConnections: Int { role == .hub ? Self.maximumHubConnections : Self.maximumDeviceConnections }
    /// A TCP connection with no message for this long is closed.
    static let connectionIdleMilliseconds: UInt64 = 120_000
    /// Datagrams handled per wake-up, so a flood cannot hold the queue from the control clients.
    static let datagramsPerEvent = 64

    package let port: UInt16
    package let role: MatterPortRole
    private let service: any HubAccess
    private let queue: DispatchQueue
    private let logger: Logger
    /// How its log lines start: `matter` for the hub's node, `matter device N` for a device's.
    private let label: String
    private let udpFD: Int32
    private var tcpListener: ListeningSocket?
    /// The UDP socket's registration with the poller (`ReadPoller`: one wake-up per datagram read, not two).
    private var udpReads: ReadPoller.Registration?
    private let timer: DeadlineTimer
    private var node: MatterNode
    private var random = SecureRandomNumberGenerator()
    private var logLimiter = MatterLogLimiter()
    private var connections: [UInt64: MatterTCPConnection] = [:]
    private var connectionCounter: UInt64 = 0
    /// Shared by every port of the daemon: they all run on its one queue.
    private let receiveBuffer: MatterReceiveBuffer
    /// The text of datagrams' sender addresses, made once per address, not by `getnameinfo` for every datagram.
    /// Emptied when full, so a flood of senders cannot grow it.
    private var addressTexts: [[UInt8]: String] = [:]
    static let maximumAddressTexts = 256
    private var stopped = false
    /// Reads of the TCP connections.
    private let poller: ReadPoller
    /// How deep `run` is (a fabric table's save runs the node again inside it).
    private var runDepth = 0
    /// The node's reports to the hub while `run` is on the stack: submitted when it is done.
    private var reports: [HubInput] = []
    /// Datagrams a slow device sends late, in the order it made them (`DeviceWireFault.slow`).
    private var delayedSends: [DelayedDatagram] = []
    /// Saves the node's fabric table (the hub's, or the device's).
    private let saveFabrics: (FabricTable) throws -> Void

    /// Serves `node` on `sockets` (TCP too when they have a listening socket), reporting to `service` as `role`.
    package init(
        role: MatterPortRole, node: MatterNode, sockets: MatterSockets.Bound, service: any HubAccess,
        queue: DispatchQueue, poller: ReadPoller, receiveBuffer: MatterReceiveBuffer, logger: Logger,
        saveFabrics: @escaping (FabricTable) throws -> Void
    ) throws {
        dispatchPrecondition(condition: .onQueue(queue))
        self.role = role
        self.node = node
        port = sockets.port
        self.service = service
        self.queue = queue
        self.poller = poller
        self.logger = logger
        self.receiveBuffer = receiveBuffer
        self.saveFabrics = saveFabrics
        label = role.logLabel
        udpFD = sockets.udp
        timer = DeadlineTimer(queue: queue)
        timer.onDeadline { [weak self] in self?.timerFired() }
        do {
            udpReads = try poller.register(FileDescriptor(rawValue: sockets.udp)) { [weak self] in
                self?.datagramsAvailable()
            }
        } catch {
            Glibc.close(sockets.udp)
            if let tcp = sockets.tcp { Glibc.close(tcp) }
            throw error
        }
        if let tcp = sockets.tcp {
            tcpListener = ListeningSocket(
                fd: FileDescriptor(rawValue: tcp), label: "\(label) tcp", queue: queue, poller: poller, logger: logger,
                accepted: { [weak self] socket, address in self?.accepted(socket, from: address) })
        }
    }

    /// The hub's own node: binds `matter.port` (UDP and TCP), serves the node made from `state`, and follows the
    /// hub's window, bridge changes, answers and fabric removals.
    package static func hub(
        configuration: DaemonConfiguration, state: MatterNodeState, service: any HubAccess, store: HubStore,
        queue: DispatchQueue, poller: ReadPoller, receiveBuffer: MatterReceiveBuffer, logger: Logger
    ) throws -> MatterPort {
        let sockets = try MatterSockets.bind(port: configuration.matter.port)
        let nodeConfiguration = MatterNodeConfiguration(
            basicInformation: HubMatterNode.basicInformation(identity: configuration.hub),
            attestation: state.attestation,
            paseTimeoutMilliseconds: UInt64(configuration.matter.paseTimeoutSeconds) * 1000)
        var random = SecureRandomNumberGenerator()
        let node = MatterNode(
            configuration: nodeConfiguration, fabrics: state.fabrics, startedAt: Self.now(), using: &random)
        let port = try MatterPort(
            role: .hub, node: node, sockets: sockets, service: service, queue: queue, poller: poller,
            receiveBuffer: receiveBuffer, logger: logger, saveFabrics: { try store.saveFabricTable($0) })
        logger.notice("listening on matter udp+tcp port \(port.port)")
        service.onOutput { [weak port] output in port?.hubOutput(output) }
        port.windowChanged(service.window)
        service.submit(.attestationKnown(HubAttestation(state.attestation, devicePAA: state.devicePAA)))
        port.reportFabrics()
        return port
    }

    /// Tells the hub the node's fabrics as they are (at start).
    package func reportFabrics() {
        let fabrics = node.fabricSummaries
        service.submit(role.input(.fabricsChanged(fabrics)))
        logger.info(
            "\(label): \(fabrics.count) fabric(s): \(fabrics.map { "\($0.fabricIndex)" }.joined(separator: ", "))")
    }

    /// Monotonic milliseconds, the node's clock.
    static func now() -> MonotonicInstant {
        MonotonicInstant(milliseconds: UInt64(MonotonicClock.milliseconds()))
    }

    /// Stops serving: the sockets and connections close, the timer stops.
    package func stop() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !stopped else { return }
        stopped = true
        udpReads?.cancel()
        Glibc.close(udpFD)
        tcpListener?.stop()
        timer.cancel()
        for connection in connections.values {
            connection.close(reason: "mhubd is stopping")
        }
        connections = [:]
    }

    // MARK: inputs

    private func hubOutput(_ output: HubOutput) {
        dispatchPrecondition(condition: .onQueue(queue))
        switch output {
        case .windowChanged(let window): windowChanged(window)
        case .bridgeChanged(let change): endpointsChanged(change)
        case .bridgedAnswer(let requestID, let answer): answered(requestID, answer)
        case .removeFabric(let fabricIndex, let requestID): removeFabric(fabricIndex, requestID: requestID)
        case .advanceClock:
            // The hub service runs the hub's virtual clock; the Matter port's timers keep real time.
            break
        case .inputJournalFollowed:
            // The hub service sends the journal's lines.
            break
        case .deviceNode, .homeKitAnswer:
            // The devices' own nodes (`DeviceMatterPorts`); the HomeKit port.
            break
        }
    }

    /// What the node serves changed: its data versions, subscriptions and events follow.
    package func endpointsChanged(_ change: BridgeChange) {
        guard !stopped else { return }
        node.homeChanged(change, now: Self.now())
        armTimer()
    }

    /// The hub's answer to the node's request `requestID`.
    package func answered(_ requestID: UInt64, _ answer: BridgedAnswer) {
        guard !stopped else { return }
        run(node.bridgedRequestAnswered(id: requestID, answer: answer, now: Self.now(), using: &random))
    }

    /// `remove_fabric` from the control socket: the node leaves the fabric (saved first), and reports back.
    package func removeFabric(_ fabricIndex: UInt8, requestID: UInt64) {
        guard !stopped, let actions = node.removeFabric(fabricIndex, requestID: requestID) else {
            service.submit(role.input(.fabricRemovalDone(requestID: requestID, succeeded: false)))
            return
        }
        logger.notice("\(label): removing fabric \(fabricIndex), as the control socket asked")
        run(actions)
    }

    private func windowChanged(_ window: CommissioningWindow?) {
        guard !stopped else { return }
        var commissionee: MatterCommissionee?
        if let window {
            do {
                commissionee = try MatterCommissionee(
                    window: window, establishmentTimeoutMilliseconds: node.paseTimeoutMilliseconds)
            } catch {
                logger.error("\(label): cannot serve the hub's window: \(error)")
            }
        }
        serve(commissionee)
    }

    /// The node's commissionee from now on: a window's PASE, or none (PASE refused).
    package func serve(_ commissionee: MatterCommissionee?) {
        guard !stopped else { return }
        if let commissionee {
            logger.info("\(label): PASE open for a window (discriminator \(commissionee.discriminator))")
        } else {
            logger.info("\(label): the window closed; PASE is refused")
        }
        run(node.commissioneeChanged(to: commissionee))
    }

    /// How long a PASE handshake may take on this node.
    package var paseTimeoutMilliseconds: UInt64 { node.paseTimeoutMilliseconds }

    private func datagramsAvailable() {
        dispatchPrecondition(condition: .onQueue(queue))
        for _ in 0..<Self.datagramsPerEvent {
            guard let (count, address) = MatterSockets.receive(udpFD, into: &receiveBuffer.bytes) else { return }
            // A device that is silent by a fault does not take it (as if it were not there).
            if wireFault == .silent { continue }
            let peer = MatterPeer.udp(MatterUDPAddress(bytes: address.bytes, text: text(of: address)))
            guard count <= Message.maximumUDPLength else {
                let reason = "a \(count)-byte datagram is over \(Message.maximumUDPLength) bytes"
                run([.log(.dropped(peer, reason: reason))])
                continue
            }
            run(nodeReceived(Array(receiveBuffer.bytes[0..<count]), from: peer))
        }
    }

    /// `address` as logs and the per-host limits name it (`SocketAddress.text`), from `addressTexts` when known.
    private func text(of address: SocketAddress) -> String {
        if let text = addressTexts[address.bytes] { return text }
        if addressTexts.count >= Self.maximumAddressTexts { addressTexts.removeAll(keepingCapacity: true) }
        let text = address.text()
        addressTexts[address.bytes] = text
        return text
    }

    private func accepted(_ socket: FileDescriptor, from address: SocketAddress) {
        dispatchPrecondition(condition: .onQueue(queue))
        socket.disableNagle()
        let name = address.text()
        connectionCounter += 1
        let connection = MatterTCPConnection(
            id: connectionCounter, fd: socket.rawValue, name: name, queue: queue, poller: poller, now: Self.now())
        connection.onMessage = { [weak self] connection, message in self?.received(message, on: connection) }
        connection.onClose = { [weak self] connection, reason in self?.closed(connection, reason: reason) }
        connection.start()
        let host = connection.peer.host
        let refusal: String? =
            if connections.count >= maximumConnections {
                "more than \(maximumConnections) matter TCP connections"
            } else if connections.values.count(where: { $0.peer.host == host }) >= maximumConnectionsPerHost {
                "more than \(maximumConnectionsPerHost) matter TCP connections from \(host)"
            } else {
                nil
            }
        if let refusal {
            connection.close(reason: refusal)
            run([.log(.connectionRefused(name: name, reason: refusal))])
            return
        }
        connections[connection.id] = connection
        logger.debug("\(label): \(connection.peer) connected")
    }

    private func received(_ message: [UInt8], on connection: MatterTCPConnection) {
        run(nodeReceived(message, from: connection.peer))
    }

    /// The faults that act on this node's wire: a device's, as the hub says; none on the hub's own node.
    private var wireFault: DeviceWireFault {
        guard case .device(let id) = role else { return .none }
        return service.wireFault(of: id)
    }

    /// What the node serves, as it is now: the home as bridged, or the device's endpoints (none once it is gone).
    private var endpoints: any NodeEndpoints {
        switch role {
        case .hub: service.bridgeView
        case .device(let id): service.deviceEndpoints(of: id) ?? DeviceEndpoints(NodeData(endpoints: []))
        }
    }

    /// The node takes a message, with the home as it is now. The view lives only in this call, so the hub's next
    /// change (which `run` may cause) copies nothing (`NodeEndpoints`).
    private func nodeReceived(_ message: [UInt8], from peer: MatterPeer) -> [MatterNodeAction] {
        node.messageReceived(message, from: peer, now: Self.now(), endpoints: endpoints, using: &random)
    }

    /// The node's timer, with the home as it is now for the subscriptions' reports (the view lives only in this call).
    private func nodeTimerFired(now: MonotonicInstant) -> [MatterNodeAction] {
        node.timerFired(now: now, endpoints: endpoints, using: &random)
    }

    private func closed(_ connection: MatterTCPConnection, reason: String) {
        guard connections.removeValue(forKey: connection.id) != nil else { return }
        logger.debug("\(label): \(connection.peer) disconnected: \(reason)")
        run(node.connectionClosed(connection.peer))
    }

    private func timerFired() {
        guard !stopped else { return }
        let now = Self.now()
        for connection in connections.values
        where MatterPortDeadline.isIdle(
            lastActivity: connection.lastActivity, now: now, idleMilliseconds: Self.connectionIdleMilliseconds)
        {
            connection.close(reason: "no message for \(Self.connectionIdleMilliseconds / 1000) s")
        }
        while let first = delayedSends.first, first.due <= now.milliseconds {
            delayedSends.removeFirst()
            MatterSockets.send(udpFD, first.bytes, to: first.address)
        }
        for line in logLimiter.intervalEnded(now: now) {
            logger.log(LogLevel(line.level), line.text)
        }
        run(nodeTimerFired(now: now))
    }

    // MARK: outputs

    /// Carries out the node's actions; the reports among them go to the hub once the outermost `run` is done (a
    /// `persist` runs the node again inside it), in the order the node made them.
    private func run(_ actions: [MatterNodeAction]) {
        guard !stopped else { return }
        runDepth += 1
        defer {
            runDepth -= 1
            if runDepth == 0, !reports.isEmpty {
                let inputs = reports
                reports.removeAll(keepingCapacity: true)
                for input in inputs {
                    service.submit(input)
                }
            }
        }
        for action in actions {
            switch action {
            case .send(let bytes, .udp(let address)):
                switch wireFault {
                case .none: break
                case .silent: continue
                case .slow(let milliseconds):
                    let due = Self.now().milliseconds + UInt64(max(0, milliseconds))
                    delayedSends.append(DelayedDatagram(due: due, bytes: bytes, address: address))
                    continue
                }
                if !MatterSockets.send(udpFD, bytes, to: address) {
                    logger.debug(
                        "\(label): a datagram to \(address.text) was not sent: \(String(cString: strerror(errno)))")
                }
            case .send(let bytes, .tcp(let id, _)):
                connections[id]?.send(bytes)
            case .log(let event):
                // An event below the log level is neither written nor counted: its text is not even made.
                if logger.logs(LogLevel(event.level)), let line = logLimiter.admit(event, now: Self.now()) {
                    logger.log(LogLevel(line.level), line.text)
                }
            case .peerActive(.tcp(let id, _)):
                connections[id]?.messageTaken(at: Self.now())
            case .peerActive(.udp):
                break
            case .persist(let table, let ticket):
                var succeeded = true
                do {
                    try saveFabrics(table)
                } catch {
                    succeeded = false
                    logger.error("\(label): could not save the fabric table: \(error)")
                }
                run(node.persisted(ticket: ticket, succeeded: succeeded, now: Self.now(), using: &random))
            case .requestAnswered, .requestFailed:
                break
            case .commissioningAttemptsExhausted, .sessionOpened, .sessionEnded, .fabricsChanged,
                .commissioningCompleted, .openWindow, .revokeWindow, .failSafeExpired, .ownerRequestDone,
                .bridgedRequest:
                log(action)
                // The hub's outputs (a window opened or closed) come back through `hubOutput`.
                if let report = action.matterReport { reports.append(role.input(report)) }
            }
        }
        armTimer()
    }

    /// The log line of a report to the hub, where one is worth it.
    private func log(_ action: MatterNodeAction) {
        switch action {
        case .fabricsChanged(let summaries):
            let list = summaries.map { "\($0.fabricIndex)\($0.isCommitted ? "" : " (pending)")" }
            logger.info("\(label): fabrics now: \(list.isEmpty ? "none" : list.joined(separator: ", "))")
        case .commissioningCompleted(let index):
            logger.notice("\(label): commissioning of fabric \(index) completed")
        case .openWindow(let window):
            logger.notice(
                "\(label): the administrator of fabric \(window.fabricIndex) opens a window for \(window.timeoutSeconds) s"
            )
        case .revokeWindow:
            logger.notice("\(label): an administrator revoked the commissioning window")
        case .commissioningAttemptsExhausted, .sessionOpened, .sessionEnded, .failSafeExpired, .send, .log,
            .peerActive, .requestAnswered, .requestFailed, .persist, .ownerRequestDone, .bridgedRequest:
            break
        }
    }

    /// Arms the one timer for the earliest of the node's deadlines, the log limiter's and the TCP connections' idle
    /// ones (`MatterPortDeadline`). Every message moves an exchange's idle deadline on; `DeadlineTimer` re-arms only
    /// for an earlier one.
    private func armTimer() {
        let deadline = MatterPortDeadline.next(
            node: node.nextDeadline, logLimiter: logLimiter.nextDeadline,
            lastActivity: connections.values.map(\.lastActivity), idleMilliseconds: Self.connectionIdleMilliseconds)
        let delayed = delayedSends.first.map { MonotonicInstant(milliseconds: $0.due) }
        guard let deadline = [deadline, delayed].compactMap({ $0 }).min() else { return }
        timer.arm(at: Int64(deadline.milliseconds), now: Int64(Self.now().milliseconds))
    }
}

/// A datagram a slow device sends when `due` comes (monotonic milliseconds).
private struct DelayedDatagram {
    var due: UInt64
    var bytes: [UInt8]
    var address: MatterUDPAddress
}
