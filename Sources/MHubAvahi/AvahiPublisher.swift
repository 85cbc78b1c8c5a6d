internal import CAvahi
import Dispatch
import MHubDNSSD
import Synchronization

/// Publishes DNS-SD services through avahi-daemon and keeps them published across daemon restarts.
///
/// An `AvahiThreadedPoll` runs the Avahi client on its own thread. Every client and entry-group callback
/// goes into an `AvahiPublisherState` and the actions it returns are run on that thread (see
/// `AvahiPublisher+Actions.swift`). The client is made with `AVAHI_CLIENT_NO_FAIL`, so the publisher starts
/// without a daemon and publishes once one appears; a daemon that goes away ends the client with
/// `AVAHI_ERR_DISCONNECTED`, and a new client waits for the next daemon and republishes.
///
/// - Important: The poll thread holds a strong reference until `close()`; call it to stop publishing and
///   release the publisher. Status changes are delivered on a private serial queue, never on the poll
///   thread, so `onStatusChange` may call back into the publisher.
public final class AvahiPublisher: @unchecked Sendable {
    // @unchecked: every `var` is touched only under the AvahiThreadedPoll lock (held in callbacks, taken here).

    let poll: OpaquePointer
    var client: OpaquePointer?
    var groups: [DNSSDService.Key: OpaquePointer] = [:]
    var groupKeys: [OpaquePointer: DNSSDService.Key] = [:]
    var retryTimer: OpaquePointer?
    var state = AvahiPublisherState()
    private var delivered: AvahiPublisherStatus
    private var retained: Unmanaged<AvahiPublisher>?
    /// Whether `close()` has run; guards every use of `poll` from outside the poll thread.
    private let closed = Mutex(false)
    private let latestStatus: Mutex<AvahiPublisherStatus>
    private let onStatusChange: (@Sendable (AvahiPublisherStatus) -> Void)?
    private let deliveryQueue = DispatchQueue(label: "mhub.avahi-publisher.status")

    /// Starts the event loop and the first client; nothing is published until `publish(_:)`.
    ///
    /// `onStatusChange` receives every new status, in order, on a private serial queue.
    public init(onStatusChange: (@Sendable (AvahiPublisherStatus) -> Void)? = nil) throws(AvahiPublisherError) {
        guard let poll = avahi_threaded_poll_new() else {
            throw AvahiPublisherError("could not make Avahi's threaded event loop")
        }
        guard avahi_threaded_poll_start(poll) >= 0 else {
            avahi_threaded_poll_free(poll)
            throw AvahiPublisherError("could not start Avahi's event loop thread")
        }
        self.poll = poll
        self.onStatusChange = onStatusChange
        let initial = AvahiPublisherState().status
        delivered = initial
        latestStatus = Mutex(initial)
        retained = Unmanaged.passRetained(self)
        avahi_threaded_poll_lock(poll)
        handle(state.started())
        avahi_threaded_poll_unlock(poll)
    }

    deinit {
        close()
    }

    /// The last status: the daemon connection and each published service's state and name in use.
    public var status: AvahiPublisherStatus { latestStatus.withLock { $0 } }

    /// Replaces the set of published services: new ones are registered, changed ones re-registered,
    /// missing ones withdrawn. Services wait while no daemon runs.
    public func publish(_ services: [DNSSDService]) throws(DNSSDError) {
        for service in services {
            try service.validate()
        }
        withPollLock { $0.handle($0.state.servicesChanged(services)) }
    }

    /// Withdraws every service (their goodbye packets go out); the publisher stays ready for `publish(_:)`.
    public func withdraw() {
        withPollLock { $0.handle($0.state.servicesChanged([])) }
    }

    /// Withdraws everything, frees the client and stops the event loop. Later calls do nothing.
    public func close() {
        let release: Unmanaged<AvahiPublisher>? = closed.withLock { closed in
            guard !closed else { return nil }
            closed = true
            // Stop first, so no callback runs while the client and timer are freed (thread-watch.h).
            avahi_threaded_poll_stop(poll)
            cancelRetryTimer()
            if let client {
                avahi_client_free(client)
            }
            client = nil
            groups = [:]
            groupKeys = [:]
            avahi_threaded_poll_free(poll)
            defer { retained = nil }
            return retained
        }
        release?.release()
    }

    /// Runs `body` with the poll lock held, unless the publisher is closed.
    private func withPollLock(_ body: (AvahiPublisher) -> Void) {
        closed.withLock { closed in
            guard !closed else { return }
            avahi_threaded_poll_lock(poll)
            body(self)
            avahi_threaded_poll_unlock(poll)
        }
    }

    /// Runs `actions`, then publishes the status if it changed. The poll lock is held.
    func handle(_ actions: [AvahiPublisherState.Action]) {
        perform(actions)
        let status = state.status
        guard status != delivered else { return }
        delivered = status
        latestStatus.withLock { $0 = status }
        if let onStatusChange {
            deliveryQueue.async { onStatusChange(status) }
        }
    }

    /// The userdata every callback receives.
    var userdata: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
}
