import DNSSDPeerSupport
import Foundation
import MHubAvahi
import MHubDNSSD
import Testing

/// `AvahiPublisher` while avahi-daemon comes and goes (`scripts/start-avahi.sh stop|start|restart`).
extension AvahiPeerTests {
    @Suite struct DaemonLifecycle {
        /// The bound the publisher keeps: its records are listed again this soon after the daemon is back, that
        /// is running again with its host name established (Avahi registers services only then).
        static let republishBound = 2.0

        init() throws {
            try AvahiDaemon.requireRunning()
        }

        /// Right after `start-avahi.sh` brought the daemon back (it answers on the bus, and is still probing its
        /// host name): watches with `avahi-browse -pr` until `service` is listed, and returns how long that took
        /// since the daemon reached the running state. Prints both that and the time since the script returned.
        func secondsUntilListedAfterDaemonReturns(_ service: DNSSDService) throws -> Double? {
            let scriptReturned = Date()
            let watcher = try AvahiBrowse.watch(service.type)
            defer { watcher.stop() }
            guard eventually(within: 5, AvahiDaemon.isRunning) else {
                throw PeerTestFailure("avahi-daemon did not reach the running state within 5 s")
            }
            let daemonRunning = Date()
            let listed = eventually(within: 6) {
                AvahiBrowse.parse(watcher.outputSoFar).contains {
                    $0.name == service.instanceName && $0.port == service.port
                }
            }
            guard listed else { return nil }
            let sinceRunning = Date().timeIntervalSince(daemonRunning)
            let sinceScript = Date().timeIntervalSince(scriptReturned)
            print(
                "AvahiPeerTests: \(service.instanceName) listed \(sinceRunning) s after the daemon ran again"
                    + " (\(sinceScript) s after start-avahi.sh returned)")
            return sinceRunning
        }

        @Test func servicesComeBackWithinTwoSecondsOfADaemonRestart() throws {
            let fixtures = PeerFixtures()
            let commissionable = try fixtures.commissionable()
            let operational = try fixtures.operational()
            let log = StatusLog()
            let publisher = try AvahiPublisher { log.record($0) }
            defer { publisher.close() }
            try publisher.publish([commissionable, operational])
            #expect(publisher.waitUntilEstablished(within: 10), "\(publisher.status)")

            try AvahiDaemon.control("restart")
            let elapsed = try secondsUntilListedAfterDaemonReturns(commissionable)
            #expect(elapsed.map { $0 <= Self.republishBound } == true, "listed again after \(elapsed ?? .infinity) s")
            #expect(publisher.waitUntilEstablished(within: 5), "\(publisher.status)")
            #expect(log.all.contains { $0.daemon == .unavailable }, "the restart was noticed")

            let operationalBack = try AvahiBrowse.resolve(operational.type).filter {
                $0.name == operational.instanceName
            }
            #expect(!operationalBack.isEmpty && operationalBack.allSatisfy { $0.txt == operational.txt.map(\.bytes) })
            guard try ZeroconfPeer.require() else { return }
            let browsed = try ZeroconfPeer.browse(
                [commissionable.type, operational.type],
                expecting: [
                    (commissionable.type, commissionable.instanceName), (operational.type, operational.instanceName),
                ],
                seconds: 10)
            #expect(browsed[commissionable.type]?.contains { $0.name == commissionable.instanceName } == true)
            #expect(browsed[operational.type]?.contains { $0.name == operational.instanceName } == true)
        }

        @Test func startsWithoutADaemonAndPublishesWhenOneAppears() throws {
            let service = try PeerFixtures().commissionable()
            try AvahiDaemon.control("stop")
            defer { _ = try? AvahiDaemon.control("start") }

            let publisher = try AvahiPublisher()
            defer { publisher.close() }
            try publisher.publish([service])
            #expect(eventually(within: 2) { publisher.status.daemon == .unavailable })
            #expect(publisher.status.services.map(\.state) == [.waiting])

            try AvahiDaemon.control("start")
            let elapsed = try secondsUntilListedAfterDaemonReturns(service)
            #expect(elapsed.map { $0 <= Self.republishBound } == true, "listed after \(elapsed ?? .infinity) s")
            #expect(publisher.waitUntilEstablished(within: 5), "\(publisher.status)")
        }
    }
}
