import Dispatch
import Foundation
import MHubConfiguration
import MHubEventLoop

extension Daemon {
    /// How often `STATUS=` is refreshed when it changed (clients come and go, nodes are added).
    static let statusInterval = DispatchTimeInterval.seconds(2)

    /// The notifier `$NOTIFY_SOCKET` asks for; a variable that cannot be used is logged and ignored,
    /// since the service manager then times the start out, which says more than a refusal to start.
    static func makeNotifier(logger: Logger) -> SystemdNotifier? {
        do {
            return try SystemdNotifier.fromEnvironment()
        } catch {
            logger.warning("not notifying the service manager: \(error)")
            return nil
        }
    }

    /// The status line `systemctl status` shows.
    var serviceStatus: String {
        var text = service?.serviceStatus.text ?? "starting"
        if let rejectedReload {
            text += "; last reload rejected: \(rejectedReload)"
        }
        return text
    }

    /// Start-up is complete: READY=1 with the status, then watchdog pings and status refreshes.
    func notifyReady() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard let notifier else { return }
        send([.ready, .status(serviceStatus)])
        notifier.startWatchdog(on: queue, logger: logger)
        notifier.startStatusUpdates(on: queue, every: Self.statusInterval) { [unowned self] in serviceStatus }
    }

    /// Shutdown begins: STOPPING=1, and no more pings.
    func notifyStopping(_ reason: String) {
        guard let notifier else { return }
        notifier.stopTimers()
        send([.stopping, .status("stopping (\(reason))")])
    }

    /// Sends to the service manager, if there is one, and logs a failure.
    func send(_ notifications: [ServiceNotification]) {
        if let failure = notifier?.notify(notifications) {
            logger.warning("could not notify the service manager: \(failure)")
        }
    }

}
