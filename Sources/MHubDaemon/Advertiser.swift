import Dispatch
import Foundation
import MHubAvahi
import MHubConfiguration
import MHubDNSSD
import MHubDiscovery
import MHubEventLoop
import MHubHub
import MHubProtocol

/// Publishes the hub's DNS-SD services through avahi-daemon and keeps them in step with the hub and the
/// configuration (docs/dns-sd.md).
///
/// What to publish is `AdvertisingPlanner`'s decision, made again whenever the facts it depends on change
/// (the hub's window opens or closes, devices on the network start listening, open their windows, join fabrics)
/// or the configuration is replaced; `AvahiPublisher` does the publishing, including across avahi-daemon restarts. Each change of what the
/// publisher achieved is logged and handed to the hub as an `AdvertisingReport` (`get_advertising`).
///
/// - Important: Confined to the daemon's queue. The publisher reports on its own queue; its reports are
///   moved onto the daemon's.
final class Advertiser: @unchecked Sendable {
    // @unchecked: every mutable member is touched only on `queue` (asserted in the entry points).

    private let queue: DispatchQueue
    private let logger: Logger
    private let ports: AdvertisingPorts
    private var configuration: DaemonConfiguration
    private var planner: AdvertisingPlanner
    private var random = SystemRandomNumberGenerator()
    private weak var service: (any HubAccess)?
    private var publisher: AvahiPublisher?
    private var facts: AdvertisingFacts?
    private var interfaces: (indexes: [UInt32], missing: [String]) = ([], [])
    private var plan = AdvertisingPlan()
    private var status: AvahiPublisherStatus?
    private var startProblem: String?
    private var report = AdvertisingReport.disabled
    private var retryTimer: (any DispatchSourceTimer)?
    private var stopped = false

    /// How long a service whose name collided or that avahi-daemon refused waits before it is tried again.
    static let retrySeconds = 15

    init(configuration: DaemonConfiguration, ports: AdvertisingPorts, queue: DispatchQueue, logger: Logger) {
        self.configuration = configuration
        self.ports = ports
        self.queue = queue
        self.logger = logger
        planner = AdvertisingPlanner(using: &random)
    }

    /// Starts following the hub: plans and publishes at once, then after every change that matters.
    func start(service: any HubAccess) {
        dispatchPrecondition(condition: .onQueue(queue))
        self.service = service
        interfaces = NetworkInterfaces.indexes(configuration.dnsSD.interfaces)
        if !configuration.dnsSD.enabled {
            logger.info("advertising disabled (dns_sd.enabled is false)")
        }
        logDeprecations()
        service.observe { [weak self] hub in self?.hubChanged(hub) }
    }

    /// Puts a new configuration in force (a reload): records are planned and published again.
    func configurationChanged(_ configuration: DaemonConfiguration) {
        dispatchPrecondition(condition: .onQueue(queue))
        self.configuration = configuration
        interfaces = NetworkInterfaces.indexes(configuration.dnsSD.interfaces)
        logDeprecations()
        facts = nil
        if let hub = service?.current {
            hubChanged(hub)
        }
    }

    /// Withdraws everything (goodbye packets go out) and stops the Avahi client.
    func stop() {
        dispatchPrecondition(condition: .onQueue(queue))
        stopped = true
        retryTimer?.cancel()
        retryTimer = nil
        if publisher != nil {
            logger.info("withdrawing the DNS-SD records")
        }
        publisher?.close()
        publisher = nil
        service = nil
    }

    /// Warns of `dns_sd` keys that are still read but do nothing, at start and at each reload.
    private func logDeprecations() {
        for warning in configuration.dnsSD.deprecationWarnings {
            logger.warning(warning)
        }
    }

    private func hubChanged(_ hub: borrowing Hub) {
        guard !stopped else { return }
        let facts = AdvertisingFacts(hub: hub)
        guard facts != self.facts else { return }
        self.facts = facts
        plan = planner.plan(
            facts, configuration: configuration, ports: ports, interfaces: interfaces.indexes, using: &random)
        if !configuration.dnsSD.interfaces.isEmpty && interfaces.indexes.isEmpty {
            // Publishing on no interface would mean publishing on all of them.
            plan.entries = []
        }
        publish()
    }

    private func publish() {
        guard !stopped else { return }
        guard configuration.dnsSD.enabled else {
            publisher?.close()
            publisher = nil
            status = nil
            updateReport()
            return
        }
        if publisher == nil {
            do {
                let advertiser = WeakAdvertiser(self)
                publisher = try AvahiPublisher { [queue] status in
                    queue.async { advertiser.value?.publisherReported(status) }
                }
                startProblem = nil
            } catch {
                startProblem = "Avahi's event loop did not start: \(error)"
            }
        }
        do {
            try publisher?.publish(plan.services)
        } catch {
            logger.error("advertising: a planned service is invalid: \(error)")
        }
        status = publisher?.status
        updateReport()
    }

    private func publisherReported(_ status: AvahiPublisherStatus) {
        guard publisher != nil else { return }
        self.status = status
        updateReport()
    }

    /// Logs what changed and hands the new report to the hub (as its own input, which waits for the end of the
    /// input being handled when this runs while the hub's observers are being called).
    private func updateReport() {
        var problems = interfaces.missing.map { "dns_sd.interfaces: no interface named \"\($0)\"" }
        if let startProblem {
            problems.append(startProblem)
        }
        var new = AdvertisingReport.disabled
        if configuration.dnsSD.enabled {
            new = AdvertisingReport(
                plan: plan, status: status, interfaces: configuration.dnsSD.interfaces, problems: problems)
            if publisher == nil {
                new.state = .failed
            }
        }
        guard new != report else { return }
        for line in AdvertisingLog.lines(from: report, to: new) {
            logger.log(line.level, line.message)
        }
        report = new
        scheduleRetry()
        service?.submit(.advertisingChanged(new))
    }

    /// While a service has collided or failed, publishes again every `retrySeconds`: the publisher tries
    /// such services anew on every publish (the name may be free by then).
    private func scheduleRetry() {
        let stuck = report.services.contains { $0.state == .collision || $0.state == .failed }
        guard stuck || publisher == nil && configuration.dnsSD.enabled else {
            retryTimer?.cancel()
            retryTimer = nil
            return
        }
        guard retryTimer == nil else { return }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(
            deadline: .now() + .seconds(Self.retrySeconds), repeating: .seconds(Self.retrySeconds),
            leeway: .milliseconds(100))
        timer.setEventHandler { [weak self] in self?.publish() }
        timer.resume()
        retryTimer = timer
    }
}

/// A weak reference to the advertiser that closures running on other queues may hold; they only use it on
/// the daemon's queue.
private struct WeakAdvertiser: @unchecked Sendable {
    // @unchecked: `value` is read only on the daemon's queue.
    weak var value: Advertiser?

    init(_ value: Advertiser) {
        self.value = value
    }
}
