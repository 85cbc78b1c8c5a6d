import Dispatch
import Foundation
import MHubConfiguration
import MHubControlServer
import MHubDaemonRules
import MHubEventLoop
import MHubHub
import MHubJSON
import MHubPOSIX
import MHubStore

/// Runs the hub: feeds it its inputs (`HubInput`: requests, disconnects, time, the other parts' reports) one at a
/// time, commits their changes, delivers their replies and events, then hands their outputs to the other parts.
///
/// An input submitted while another is being handled (by a part acting on an output, or a connection that closes
/// while a message is written to it) waits behind it: the service never runs inside itself, and no part is called
/// by the service for an input it is still submitting.
///
/// - Important: Everything here runs on `queue`.
final class HubService {
    private var hub: Hub
    private let store: any ServiceStore
    private let queue: DispatchQueue
    private let logger: Logger
    private var connections: [UInt64: any ServiceConnection] = [:]
    private let timer: DeadlineTimer
    /// What waits for the disk while commits fail, and when to retry.
    private var backlog = CommitBacklog()
    private let maximumMessageBytes: Int
    /// Parts that follow the hub's state (DNS-SD records): called on the queue after every input, with the hub as
    /// it now is.
    private var observers: [(Hub) -> Void] = []
    /// Parts that act on the hub's outputs (the Matter port): called on the queue for each, in order, once the
    /// input that made it is done (committed, its events and replies sent, the observers told).
    private var outputHandlers: [(HubOutput) -> Void] = []
    /// Inputs submitted while another was being handled, in order.
    private var pendingInputs: [HubInput] = []
    /// Outputs of the inputs handled, not yet handed to `outputHandlers`.
    private var pendingOutputs: [HubOutput] = []
    /// Whether an input is being handled (or outputs handed on): a new input waits in `pendingInputs`.
    private var draining = false
    /// The input journal this run writes (`mhubd --record-inputs`): a line for every input the hub handles.
    private var journal: InputJournalFile?
    /// Connections that follow the journal (`follow_input_journal`): each new line goes to them as `input_journaled`.
    private var journalFollowers: Set<UInt64> = []

    /// The hub's time on the virtual clock (`--clock virtual`), which only `advance_clock` moves; `nil` on the
    /// real clock.
    private var virtualNow: Timestamp?
    /// Whether an `advance_clock` is running its deadlines (their commits wait for its end).
    private var advancing = false
    /// The most deadlines one `advance_clock` runs before it gives up on a hub whose next deadline does not move.
    static let maximumTicksPerAdvance = 10_000_000

    /// - Parameter virtualClockStart: the time the virtual clock starts at, for a hub on it (`hub.run.clock`).
    init(
        hub: Hub, store: any ServiceStore, queue: DispatchQueue, logger: Logger, maximumMessageBytes: Int,
        virtualClockStart: Timestamp? = nil
    ) {
        self.hub = hub
        virtualNow = hub.run.clock == .virtual ? (virtualClockStart ?? HubClock.now()) : nil
        self.store = store
        self.queue = queue
        self.logger = logger
        self.maximumMessageBytes = maximumMessageBytes
        timer = DeadlineTimer(queue: queue)
        timer.onDeadline { [weak self] in self?.timerFired() }
    }

    /// The hub's time: on the real clock monotonic, so deadlines do not move when the system clock is stepped
    /// (`HubClock`); on the virtual clock where the last `advance_clock` left it.
    func now() -> Timestamp { virtualNow ?? HubClock.now() }

    var statusSummary: String {
        "\(hub.state.nodes.count) nodes, \(hub.state.simulatedDevices.count) simulated devices, "
            + "\(connections.count) clients"
    }

    /// The hub as it is now; read on the queue.
    var current: Hub {
        dispatchPrecondition(condition: .onQueue(queue))
        return hub
    }

    /// Adds a part that follows the hub's state; it is called at once, then after every input.
    func observe(_ observer: @escaping (Hub) -> Void) {
        dispatchPrecondition(condition: .onQueue(queue))
        observers.append(observer)
        observer(hub)
    }

    /// Adds a part that acts on the hub's outputs.
    func onOutput(_ handler: @escaping (HubOutput) -> Void) {
        dispatchPrecondition(condition: .onQueue(queue))
        outputHandlers.append(handler)
    }

    /// What `systemctl status` shows.
    var serviceStatus: ServiceStatus {
        ServiceStatus(
            nodes: hub.state.nodes.count, simulatedDevices: hub.state.simulatedDevices.count,
            clients: connections.count, session: hub.desk.session?.id)
    }

    /// A reloaded configuration changed the hub's settings from `old` to `new`.
    func settingsReloaded(from old: HubSettings, to new: HubSettings) {
        journalUnreplayable("the configuration was reloaded (SIGHUP)", at: now())
        hub.settingsReloaded(from: old, to: new)
        armTimer(nextDeadline: hub.nextDeadline)
    }

    /// An input that no client acknowledges (time, a disconnect, another part's report): handled now, or after the
    /// input being handled; its outcome is committed and delivered, the observers run, then its outputs go out.
    func submit(_ input: HubInput) {
        dispatchPrecondition(condition: .onQueue(queue))
        pendingInputs.append(input)
        drain()
    }

    /// Handles the waiting inputs and hands on the outputs, in order, until none is left: each input's outputs go
    /// out before the next input, and an input a part submits while acting on them comes after them.
    private func drain() {
        guard !draining else { return }
        draining = true
        defer { draining = false }
        var nextInput = 0
        while true {
            if !pendingOutputs.isEmpty {
                let outputs = pendingOutputs
                pendingOutputs.removeAll(keepingCapacity: true)
                for output in outputs {
                    for handler in outputHandlers {
                        handler(output)
                    }
                }
                continue
            }
            guard nextInput < pendingInputs.count else { break }
            let input = pendingInputs[nextInput]
            nextInput += 1
            logger.debug("input: \(input)")
            let now = now()
            let outcome = hub.handle(input, now: now)
            journal(input, at: now, outcome)
            runUnacknowledged(outcome, now: now)
        }
        pendingInputs.removeAll(keepingCapacity: true)
    }

    // MARK: connections

    func adopt(_ connection: ControlConnection) {
        dispatchPrecondition(condition: .onQueue(queue))
        connections[connection.id] = connection
        connection.onReady = { [weak self] connection in
            self?.ready(connection)
        }
        connection.onMessages = { [weak self] connection, messages in
            self?.received(messages, from: connection)
        }
        connection.onOversized = { [weak self] connection in
            self?.oversized(connection)
        }
        connection.onClose = { [weak self] connection, reason in
            self?.closed(connection, reason: reason)
        }
        connection.start()
    }

    /// A connection whose `client` is known: it gets the server info first.
    func ready(_ connection: any ServiceConnection) {
        dispatchPrecondition(condition: .onQueue(queue))
        connections[connection.id] = connection
        guard let client = connection.client else { return }
        logger.debug("client \(connection.id) connected: \(client.peer) as \(client.principal) (\(client.scope.name))")
        connection.send(hub.run.serverInfoText.utf8)
    }

    /// The messages one read of `connection` delivered: handled in order, committed together, then answered; then
    /// their outputs go out.
    func received(_ messages: [[UInt8]], from connection: any ServiceConnection) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard let client = connection.client else { return }
        handling { run(messages, from: connection, client: client) }
    }

    private func run(_ messages: [[UInt8]], from connection: any ServiceConnection, client: ClientInfo) {
        var batch = RequestBatch<HubRollback>()
        for bytes in messages {
            switch ControlMessages.decodeRequest(bytes, maximumBytes: maximumMessageBytes) {
            case .success(let request):
                let input = HubInput.request(request, from: client)
                logger.debug("input: \(input)")
                let now = now()
                let outcome = hub.handle(request, from: client, now: now, rollback: &batch.rollback)
                if journal != nil {
                    journal(input, requestText: String(decoding: bytes, as: UTF8.self), at: now, outcome)
                }
                batch.append(outcome, changedNothing: request.isQuery)
                if outcome.advancesClock {
                    // What follows in the same read runs after the advance, at the clock's new time.
                    runRequests(batch)
                    batch = RequestBatch<HubRollback>()
                }
            case .failure(let failure):
                var refusal = HubOutcome()
                refusal.replies = [
                    HubReply(connectionID: connection.id, messageID: failure.messageID, result: .failure(failure.error))
                ]
                batch.append(refusal, changedNothing: true)
            }
        }
        runRequests(batch)
    }

    /// Runs `body` as the handling of an input, so inputs submitted meanwhile wait for its end; then drains.
    private func handling(_ body: () -> Void) {
        let nested = draining
        draining = true
        body()
        draining = nested
        drain()
    }

    /// A message over the size limit: refused, the connection kept.
    func oversized(_ connection: any ServiceConnection) {
        sendError(
            to: connection, messageID: .null,
            HubError(.messageTooLarge, "the message is larger than \(maximumMessageBytes) bytes"))
    }

    func closed(_ connection: any ServiceConnection, reason: String) {
        dispatchPrecondition(condition: .onQueue(queue))
        connections[connection.id] = nil
        journalFollowers.remove(connection.id)
        logger.debug("client \(connection.id) disconnected: \(reason)")
        if reason.hasPrefix("output queue") {
            logger.warning("dropped client \(connection.id) (\(connection.peer)): \(reason)")
        }
        submit(.clientDisconnected(connectionID: connection.id))
    }

    private func sendError(to connection: any ServiceConnection, messageID: JSONValue, _ error: HubError) {
        connection.send(
            ControlMessages.encode(HubReply(connectionID: connection.id, messageID: messageID, result: .failure(error)))
        )
    }

    // MARK: outcomes

    /// Commits a batch of requests' changes, with what waited for the disk before them, then sends the held
    /// replies, and the batch's events and replies, and re-arms the timer and tells the observers unless the batch
    /// left the hub as it was (only queries and refused messages).
    ///
    /// If the commit fails, the hub goes back to its state before the batch's first change and the replies
    /// from there on become StorageFailed (`RequestBatch`): nothing is acknowledged that is not on disk.
    private func runRequests(_ batch: RequestBatch<HubRollback>) {
        var outcomes = batch.outcomes
        var released: [HubReply] = []
        // Not `batch.rollback != nil`: that copied the hub it holds, for every batch, not only for a failed one.
        if batch.firstChange != nil {
            let now = now()
            do {
                try store.apply(backlog.changesToCommit(with: batch.changes))
                released = committed(now: now)
            } catch {
                if let rollback = batch.rollback {
                    hub.rollBack(rollback)
                    journalUnreplayable("a commit failed and the hub went back to its state before the batch", at: now)
                }
                outcomes = batch.failed(reason: "the change could not be saved: \(error)")
                commitFailed(error, now: now)
            }
        }
        deliver(released: released, outcomes)
        if batch.reachedHub {
            inputDone()
        }
    }

    /// Runs the outcome of an input that no client acknowledges (time, a disconnect, another part's report):
    /// it stands in memory whether or not its changes reach the disk, so deadlines pass once and the window
    /// closes on time. If the commit fails, or a retry is not due yet, its changes and replies wait in the
    /// backlog and its events are sent (`CommitBacklog`).
    private func runUnacknowledged(_ outcome: HubOutcome, now: Timestamp, retryingNow: Bool = false) {
        var released: [HubReply] = []
        var outcome = outcome
        // Replies wait only with changes of their own: a late answer that changed nothing leaves at once.
        let repliesWait = !outcome.changes.isEmpty
        if advancing && !retryingNow && backlog.retryAt == nil {
            // An advance of the virtual clock commits once, at its end (`advanceVirtualClock`).
            if repliesWait {
                backlog.hold(outcome.changes, replies: outcome.replies)
                outcome.replies = []
            }
        } else if retryingNow || backlog.commitsNow(outcome.changes, now: now) {
            do {
                try store.apply(backlog.changesToCommit(with: outcome.changes))
                released = committed(now: now)
            } catch {
                commitFailed(error, now: now, keeping: outcome.changes, replies: repliesWait ? outcome.replies : [])
                if repliesWait { outcome.replies = [] }
            }
        } else if repliesWait {
            backlog.hold(outcome.changes, replies: outcome.replies)
            outcome.replies = []
        }
        deliver(released: released, [outcome])
        inputDone()
    }

    /// A commit succeeded: what waited is on disk; returns the replies that waited for it.
    private func committed(now: Timestamp) -> [HubReply] {
        let (replies, ended) = backlog.committed()
        if let ended {
            logger.notice(
                "state committed again after \(ended.attempts) failed commits in \((now - ended.since) / 1000) s")
        }
        return replies
    }

    /// A commit failed: logged once per run of failures; an unacknowledged input's changes and replies wait.
    private func commitFailed(
        _ error: any Error, now: Timestamp, keeping changes: [StoreChange] = [], replies: [HubReply] = []
    ) {
        if backlog.commitFailed(now: now, keeping: changes, replies: replies) {
            logger.error("could not commit state: \(error); changes wait in memory and are retried")
        } else {
            logger.debug("could not commit state (again): \(error)")
        }
    }

    /// After every input: re-arm the timer and tell the observers.
    private func inputDone() {
        // One copy of the hub for the timer and the observers: reading the stored property for each copied it whole.
        let current = hub
        armTimer(nextDeadline: current.nextDeadline)
        for observer in observers {
            observer(current)
        }
    }

    /// Replies that waited for the disk first; then per outcome events, then replies: a client sees the
    /// progress of its request before its result.
    private func deliver(released: [HubReply], _ outcomes: [HubOutcome]) {
        for reply in released {
            connections[reply.connectionID]?.send(ControlMessages.encode(reply))
        }
        for outcome in outcomes {
            deliver(outcome)
        }
    }

    /// Logs the outcome's lines, sends its events, then its replies; its outputs wait for the input's end
    /// (`drain`), but for `advance_clock`'s, which runs the deadlines up to its time before its reply.

    private func deliver(_ outcome: HubOutcome) {
        for line in outcome.logLines {
            logger.log(line.level, line.text)
        }
        // The hub is read once for all the outcome's events, and not at all without events: each read of the stored
        // property copies the whole hub.
        let recipients = outcome.events.isEmpty ? [] : hub.recipients(ofEach: outcome.events)
        for (event, recipients) in zip(outcome.events, recipients) {
            guard !recipients.isEmpty else { continue }  // written only for someone to read
            let message = ControlMessages.encode(event)
            for id in recipients {
                connections[id]?.send(message)
            }
        }
        for reply in outcome.replies {
            connections[reply.connectionID]?.send(ControlMessages.encode(reply))
        }
        for output in outcome.outputs {
            if case .advanceClock(let target, let reply) = output {
                advanceVirtualClock(to: target)
                connections[reply.connectionID]?.send(ControlMessages.encode(reply))
            }
            if case .inputJournalFollowed(let connectionID) = output {
                followJournal(connectionID)
            }
            pendingOutputs.append(output)
        }
    }

    /// Runs every deadline of the hub (and the backlog's retry) up to `target` in order, each at its own time,
    /// then leaves the virtual clock at `target`. What the deadlines change is committed once, at the end, in one
    /// transaction, and their replies wait for it (as any unacknowledged input's do); their events go out as they
    /// happen.
    private func advanceVirtualClock(to target: Timestamp) {
        guard var current = virtualNow else { return }
        advancing = true
        defer {
            advancing = false
            if !backlog.isEmpty, backlog.retryAt == nil {
                runUnacknowledged(HubOutcome(), now: virtualNow ?? target, retryingNow: true)
            }
        }
        var ticks = 0
        while let deadline = [hub.nextDeadline, backlog.retryAt].compactMap({ $0 }).min(), deadline <= target {
            ticks += 1
            guard ticks <= Self.maximumTicksPerAdvance else {
                logger.error("advance_clock: the hub's next deadline stays at \(deadline); stopping the advance there")
                break
            }
            current = max(current, deadline)
            virtualNow = current
            let outcome = hub.handle(.tick, now: current)
            journal(.tick, at: current, outcome)
            runUnacknowledged(outcome, now: current)
        }
        virtualNow = max(current, target)
    }

    /// Arms the one timer for the hub's next deadline (`nextDeadline`, which the caller read from the hub) or the
    /// backlog's retry, whichever comes first (`DeadlineTimer`: one for no deadline any more is not disarmed; it goes
    /// off early, `tick` finds nothing due, and the timer is armed again then).
    private func armTimer(nextDeadline: Timestamp?) {
        guard virtualNow == nil else { return }  // the virtual clock moves only by advance_clock
        guard let deadline = [nextDeadline, backlog.retryAt].compactMap({ $0 }).min() else { return }
        timer.arm(at: deadline, now: now())
    }

    private func timerFired() {
        submit(.tick)
    }

    /// Refuses every open connection that presented a token for which `revoked` is true.
    func closeConnections(where revoked: (String) -> Bool, refusal: ConnectionRefusal) {
        dispatchPrecondition(condition: .onQueue(queue))
        for connection in connections.values {
            if let token = connection.token, revoked(token) {
                logger.notice(
                    "closing client \(connection.id) (\(connection.client?.principal.name ?? "?")): \(refusal.details)")
                connection.refuse(refusal)
            }
        }
    }

    // MARK: input journal

    /// Starts the input journal with its start line: every input handled from now on gets a line.
    func recordInputs(to file: InputJournalFile, start: InputJournal.Start) throws(SystemError) {
        dispatchPrecondition(condition: .onQueue(queue))
        try file.write(.start(start))
        journal = file
    }

    /// The journal's line for an input the hub just handled: its time, what it drew, what the hub answered.
    private func journal(_ input: HubInput, requestText: String? = nil, at now: Timestamp, _ outcome: HubOutcome) {
        guard let journal else { return }
        let drawn = hub.takeDrawnRandom()  // taken even when the file failed, so they do not pile up
        guard journal.isOpen else { return }
        let entry = InputJournal.Entry(
            at: now, input: input, requestText: requestText, random: drawn, answers: InputJournal.answers(of: outcome))
        write(.input(entry), to: journal)
    }

    /// Something changed the hub that is not an input: the journal says so, and a replay stops there.
    private func journalUnreplayable(_ reason: String, at now: Timestamp) {
        guard let journal, journal.isOpen else { return }
        logger.warning("input journal: \(reason); a replay stops here")
        write(.unreplayable(at: now, reason: reason), to: journal)
    }

    private func write(_ line: InputJournal.Line, to journal: InputJournalFile) {
        let text: String
        do {
            text = try journal.write(line)
        } catch {
            logger.error("input journal: \(error); recording stops")
            return
        }
        guard !journalFollowers.isEmpty else { return }
        let event = Self.journalEvent(text)
        for id in journalFollowers {
            connections[id]?.send(event)
        }
    }

    /// `follow_input_journal` was answered: the connection gets the journal's lines so far, read back from the file,
    /// then each new one as it is written. (Its output queue's limit, `control.max_output_bytes`, bounds how long a
    /// journal it can take at once.)
    private func followJournal(_ connectionID: UInt64) {
        guard let journal, let connection = connections[connectionID] else { return }
        guard let data = FileManager.default.contents(atPath: journal.path) else {
            logger.error("input journal: cannot read \(journal.path) back for client \(connectionID)")
            return
        }
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            connection.send(Self.journalEvent(String(line)))
        }
        journalFollowers.insert(connectionID)
    }

    private static func journalEvent(_ line: String) -> [UInt8] {
        ControlMessages.encode(HubEvent(.inputJournaled, JSONValue.string(line)))
    }

    // MARK: shutdown

    /// Rolls back an open session, tells listeners, closes every connection, and brings the database file up to date
    /// (`HubStore.checkpoint`).
    func shutdown() {
        if let session = hub.desk.session {
            logger.notice("rolling back commissioning session \(session.id)")
        }
        handling {
            let now = now()
            let outcome = hub.handle(.shutdown, now: now)
            journal(.shutdown, at: now, outcome)
            runUnacknowledged(outcome, now: now, retryingNow: !backlog.isEmpty)
        }
        if !backlog.isEmpty {
            logger.error("stopping with changes that could not be saved; they are lost")
            for reply in backlog.abandon() {
                var refused = reply
                refused.result = .failure(
                    HubError(.storageFailed, "the change could not be saved before mhubd stopped"))
                connections[reply.connectionID]?.send(ControlMessages.encode(refused))
            }
        }
        for connection in connections.values {
            connection.close(code: 1001, reason: "mhubd is shutting down")
        }
        timer.cancel()
        if let journal {
            logger.notice("input journal \(journal.path): \(journal.lines) lines")
            journal.close()
        }
        do {
            try store.checkpoint()
        } catch {
            logger.warning("state: the database file was not brought up to date at stop: \(error)")
        }
    }
}
