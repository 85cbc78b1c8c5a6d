import Foundation
import MHubConfiguration
import MHubControlServer
import MHubDaemonRules
import MHubEventLoop
import MHubHub

extension Daemon {
    /// SIGHUP: reads the configuration file again and applies the keys that can change at run time.
    ///
    /// The service manager hears RELOADING=1 first and READY=1 last, whatever happens in between. A file
    /// that does not decode is rejected with its key and reason, and the running configuration stays.
    /// Keys that need a restart keep their running values and are named in a warning.
    func reloadOnQueue() {
        dispatchPrecondition(condition: .onQueue(queue))
        send([.reloading(monotonicMicroseconds: MonotonicClock.microseconds()), .status("reloading the configuration")])
        defer { send([.ready, .status(serviceStatus)]) }
        let source = configurationPath ?? "built-in defaults"
        logger.notice("reloading the configuration (\(source))")
        let loaded: DaemonConfiguration
        let path: String?
        do {
            (loaded, path) = try ConfigurationFile.resolve(explicitPath: configurationPath)
        } catch {
            rejectedReload = error.description
            logger.error("configuration reload rejected: \(error); the running configuration stays")
            return
        }
        rejectedReload = nil
        let reload = ConfigurationReload(running: configuration, loaded: effective(loaded))
        apply(reload.configuration)
        configurationPath = path
        if reload.applied.isEmpty {
            logger.notice("configuration reloaded from \(path ?? "built-in defaults"): nothing to apply")
        } else {
            logger.notice(
                "configuration reloaded from \(path ?? "built-in defaults"): applied "
                    + reload.applied.joined(separator: ", "))
        }
        if !reload.needRestart.isEmpty {
            logger.warning(
                "configuration keys changed that take effect only after a restart: "
                    + reload.needRestart.joined(separator: ", "))
        }
    }

    /// Puts a reloaded configuration in force: log level, access rules, hub settings.
    private func apply(_ new: DaemonConfiguration) {
        let old = configuration
        configuration = new
        logger.level = new.logLevel
        for listener in listeners {
            listener.reconfigure(new.control, adminToken: adminToken)
        }
        gate?.reconfigure(new.control)
        // A connection's token stays valid only if the reload kept it exactly: same secret, name and scope.
        let kept = Set(
            new.control.tokens.filter { old.control.tokens.contains($0) }.map(\.token)
                + (adminToken.map { [$0.token] } ?? []))
        service?.closeConnections(
            where: { token in !kept.contains(token) },
            refusal: ConnectionRefusal(kind: .tokenRevoked, details: "the token was revoked by a reload"))
        service?.settingsReloaded(from: HubSettings(old), to: HubSettings(new))
        discovery?.configurationChanged(new)
    }
}
