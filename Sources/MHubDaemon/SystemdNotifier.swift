import Dispatch
import Foundation
import MHubConfiguration
import MHubEventLoop
import MHubPOSIX
import Synchronization

/// Tells the service manager about start-up, reloads, shutdown, status and liveness through
/// `$NOTIFY_SOCKET`, as sd_notify(3) does but without libsystemd: one datagram per message.
///
/// Sends never block: a datagram the manager's socket cannot take at once is dropped and reported,
/// so a stuck manager cannot stall the daemon's queue.
public final class SystemdNotifier: Sendable {
    public let address: NotifySocketAddress
    /// The keep-alive pings `WatchdogSec=` asks for, if it does.
    public let watchdog: WatchdogRequest?
    private let fd: FileDescriptor
    private let target: SocketAddress
    private let timers = Mutex<[any DispatchSourceTimer]>([])
    private let lastStatus = Mutex<String?>(nil)

    /// The notifier `$NOTIFY_SOCKET` asks for; `nil` when the variable is unset or empty (not run by a
    /// service manager, or `Type=` is not `notify`).
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment, processID: Int32 = getpid()
    ) throws(SystemError) -> SystemdNotifier? {
        guard let value = environment["NOTIFY_SOCKET"], !value.isEmpty else { return nil }
        guard let address = NotifySocketAddress(value) else {
            throw SystemError("NOTIFY_SOCKET=\(value) is neither an absolute path nor @name", errno: .invalidArgument)
        }
        return try SystemdNotifier(address: address, watchdog: WatchdogRequest.parse(environment, processID: processID))
    }

    public init(address: NotifySocketAddress, watchdog: WatchdogRequest?) throws(SystemError) {
        let capacity = MemoryLayout.size(ofValue: sockaddr_un().sun_path)
        guard address.socketPathBytes.count < capacity else {
            throw SystemError("NOTIFY_SOCKET is longer than \(capacity - 1) bytes", errno: .nameTooLong)
        }
        target = try SocketAddress.unix(pathBytes: address.socketPathBytes)
        fd = try FileDescriptor.socket(family: AF_UNIX, type: Int32(SOCK_DGRAM.rawValue))
        self.address = address
        self.watchdog = watchdog
    }

    deinit {
        fd.close()
    }

    /// Sends `notifications` in one datagram; returns the failure, if any, for the caller to log.
    @discardableResult
    public func notify(_ notifications: [ServiceNotification]) -> SystemError? {
        for case .status(let text) in notifications {
            lastStatus.withLock { $0 = text }
        }
        let bytes = Array(ServiceNotification.datagram(notifications).utf8)
        switch fd.sendDatagram(bytes, to: target) {
        case .success: return nil
        case .failure(let errno): return SystemError("sendto NOTIFY_SOCKET", errno: errno)
        }
    }

    /// Sends `STATUS=text` unless it is what the manager already shows.
    @discardableResult
    public func updateStatus(_ text: String) -> SystemError? {
        guard lastStatus.withLock({ $0 }) != text else { return nil }
        return notify([.status(text)])
    }

    /// Pings `WATCHDOG=1` on `queue` at half the watchdog timeout, if the manager asked for pings.
    ///
    /// Pinging on the daemon's own serial queue means a stuck queue stops the pings, which is what the
    /// watchdog is for.
    public func startWatchdog(on queue: DispatchQueue, logger: Logger) {
        guard let watchdog else { return }
        let interval = DispatchTimeInterval.microseconds(Int(clamping: watchdog.pingIntervalMicroseconds))
        startTimer(on: queue, every: interval) { [self] in
            if let failure = notify([.watchdog]) {
                logger.warning("watchdog ping not sent: \(failure)")
            }
        }
        logger.info("watchdog: pinging every \(watchdog.pingIntervalMicroseconds / 1000) ms")
    }

    /// Every `interval`, on `queue`, sends the status `status()` returns when it changed.
    public func startStatusUpdates(
        on queue: DispatchQueue, every interval: DispatchTimeInterval, _ status: @escaping @Sendable () -> String
    ) {
        startTimer(on: queue, every: interval) { [self] in
            updateStatus(status())
        }
    }

    /// Stops the watchdog pings and status updates.
    public func stopTimers() {
        timers.withLock { timers in
            for timer in timers {
                timer.cancel()
            }
            timers = []
        }
    }

    private func startTimer(
        on queue: DispatchQueue, every interval: DispatchTimeInterval, _ action: @escaping @Sendable () -> Void
    ) {
        timers.withLock { timers in
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(5))
            timer.setEventHandler(handler: action)
            timer.resume()
            timers.append(timer)
        }
    }
}
