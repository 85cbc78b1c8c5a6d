import Dispatch
import Glibc
import MHubPOSIX

/// A listening stream socket's accept loop, for the control listeners and the Matter port's TCP socket, woken by
/// the `ReadPoller` that also reads the connections: one `epoll` reports a connection's end and a new connection in
/// the order they happened, so a client that leaves a full listener frees its place before the next is accepted.
///
/// When the process runs out of descriptors (EMFILE, ENFILE), a pending connection stays in the kernel's queue
/// and the socket stays readable: retrying at once would spin at 100% CPU. So the listener keeps one spare
/// descriptor (of /dev/null): it closes it, accepts the pending connection into the slot, tells the client why
/// (`shed`), closes it and takes the spare again — libev's and nginx's answer. The queue empties, the daemon
/// goes idle, and connections are served again once descriptors are free. The episode is logged once, and its
/// end. Should the spare be lost (another thread took the slot), accepting pauses instead, doubling up to
/// `maximumPauseMilliseconds`, on a timer armed at start (libdispatch makes a timer's timerfd when first armed,
/// which it could not do without descriptors).
///
/// - Important: Confined to `queue`; the descriptor is closed when the listener stops.
package final class ListeningSocket {
    /// Connections accepted per wake-up, so a storm of connections cannot hold the queue.
    static let acceptsPerEvent = 128
    static let firstPauseMilliseconds = 100
    static let maximumPauseMilliseconds = 2000

    let fd: FileDescriptor
    private let label: String
    private let queue: DispatchQueue
    private let logger: Logger
    private let poller: ReadPoller
    /// The registration with the poller while accepting; `nil` while paused or stopped.
    private var reads: ReadPoller.Registration?
    private let resumeTimer: any DispatchSourceTimer
    private let accepted: (FileDescriptor, SocketAddress) -> Void
    private let shed: (FileDescriptor) -> Void
    private var spare: FileDescriptor?
    private var shedDuringEpisode = 0
    private var pauseMilliseconds = 0
    private var stopped = false

    /// Starts accepting on `fd`; `accepted` gets each new connection (non-blocking, close-on-exec), `shed` each
    /// one turned away for want of descriptors (write a refusal without blocking; the listener closes it).
    package init(
        fd: FileDescriptor, label: String, queue: DispatchQueue, poller: ReadPoller, logger: Logger,
        accepted: @escaping (FileDescriptor, SocketAddress) -> Void, shed: @escaping (FileDescriptor) -> Void = { _ in }
    ) {
        self.fd = fd
        self.label = label
        self.queue = queue
        self.poller = poller
        self.logger = logger
        self.accepted = accepted
        self.shed = shed
        spare = Self.openSpare()
        resumeTimer = DispatchSource.makeTimerSource(queue: queue)
        resumeTimer.setEventHandler { [weak self] in self?.resumeAccepting() }
        resumeTimer.schedule(deadline: .now() + .milliseconds(1))
        resumeTimer.resume()
        startAccepting()
    }

    /// Registers with the poller; should that fail (the kernel's memory), it is retried like a pause.
    private func startAccepting() {
        do {
            reads = try poller.register(fd) { [weak self] in self?.acceptAvailable() }
        } catch {
            logger.error("\(label): cannot wait for connections: \(error)")
            pause()
        }
    }

    private static func openSpare() -> FileDescriptor? {
        let fd = open("/dev/null", O_RDONLY | O_CLOEXEC)
        return fd >= 0 ? FileDescriptor(rawValue: fd) : nil
    }

    package func stop() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !stopped else { return }
        stopped = true
        resumeTimer.cancel()
        spare?.close()
        spare = nil
        stopAccepting()
        fd.close()
    }

    private func stopAccepting() {
        reads?.cancel()
        reads = nil
    }

    private func acceptAvailable() {
        for _ in 0..<Self.acceptsPerEvent {
            switch fd.accept() {
            case .success(let (client, address)):
                if shedDuringEpisode > 0 || pauseMilliseconds > 0 {
                    logger.notice("\(label): accepting again (\(shedDuringEpisode) connections turned away)")
                    shedDuringEpisode = 0
                    pauseMilliseconds = 0
                }
                accepted(client, address)
            case .failure(.wouldBlock):
                return
            case .failure(let errno) where errno.isResourceExhaustion:
                guard shedOne(errno) else {
                    pause()
                    return
                }
            case .failure(.connectionAborted):
                continue
            case .failure(let errno):
                logger.warning("\(label): accept: \(errno)")
                return
            }
        }
    }

    /// Accepts the pending connection into the spare descriptor's slot and turns it away; whether it could.
    private func shedOne(_ errno: Errno) -> Bool {
        guard let spare else { return false }
        if shedDuringEpisode == 0 && pauseMilliseconds == 0 {
            logger.error("\(label): out of descriptors (\(errno)): turning new connections away until some are free")
        }
        spare.close()
        self.spare = nil
        if case .success(let (client, _)) = fd.accept() {
            shedDuringEpisode += 1
            shed(client)
            client.close()
        }
        self.spare = Self.openSpare()
        return self.spare != nil
    }

    private func pause() {
        pauseMilliseconds = min(max(pauseMilliseconds * 2, Self.firstPauseMilliseconds), Self.maximumPauseMilliseconds)
        stopAccepting()
        resumeTimer.schedule(deadline: .now() + .milliseconds(pauseMilliseconds))
    }

    private func resumeAccepting() {
        guard !stopped, reads == nil else { return }
        spare = spare ?? Self.openSpare()
        startAccepting()
    }
}
