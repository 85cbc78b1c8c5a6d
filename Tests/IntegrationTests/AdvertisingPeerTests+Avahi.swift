import DNSSDPeerSupport
import Foundation
import MHubConfiguration
import Testing

/// mhubd while avahi-daemon restarts or is missing (`scripts/start-avahi.sh restart|stop|start`).
extension AdvertisingPeerTests {
    /// Every record is listed again this soon after the daemon is back, that is running with its host name
    /// established (it registers services only then).
    static let republishBound = 2.0

    /// After `start-avahi.sh` returned: watches with `avahi-browse -pr` until `name` is listed under `type`
    /// on loopback, and returns how long that took since the daemon reached the running state.
    static func secondsUntilListed(_ type: String, _ name: String) throws -> Double? {
        let watcher = try AvahiBrowse.watch(type)
        defer { watcher.stop() }
        guard eventually(within: 5, AvahiDaemon.isRunning) else {
            throw PeerTestFailure("avahi-daemon did not reach the running state within 5 s")
        }
        let running = Date()
        let listed = eventually(within: 6) {
            AvahiBrowse.parse(watcher.outputSoFar).contains { $0.name == name && $0.interface == "lo" }
        }
        return listed ? Date().timeIntervalSince(running) : nil
    }

    @Test func everythingIsPublishedAgainWithinTwoSecondsOfAnAvahiRestart() throws {
        let hub = try AdvertisedHub()
        try hub.daemon.start()
        defer { hub.daemon.stop() }
        try hub.commission()
        let all = ["commissioner": "established", "operational": "established", "border_agent": "established"]
        #expect(hub.waitUntil(within: 10, all), "\(hub.daemon.log)")
        let operational = try hub.operationalName()

        try AvahiDaemon.control("restart")
        let elapsed = try Self.secondsUntilListed("_matter._tcp", operational)
        #expect(elapsed.map { $0 <= Self.republishBound } == true, "listed again after \(elapsed ?? .infinity) s")
        #expect(hub.waitUntil(within: 5, all), "\(hub.reportText)")
        #expect(hub.daemon.log.contains("advertising unavailable: avahi-daemon is not running"), "noticed")
        let commissioner = try #require(try hub.advertised("commissioner")?["name"].flatMap(Self.string))
        #expect(PeerCheck.listed("_matterd._udp", commissioner))
        #expect(PeerCheck.listed("_meshcop._udp", hub.borderAgentName))
        guard try ZeroconfPeer.require() else { return }
        let browsed = try ZeroconfPeer.browse(
            ["_matter._tcp", "_meshcop._udp"],
            expecting: [("_matter._tcp", operational), ("_meshcop._udp", hub.borderAgentName)], seconds: 10,
            interface: "127.0.0.1")
        #expect(browsed["_matter._tcp"]?.contains { $0.name == operational } == true)
        #expect(browsed["_meshcop._udp"]?.contains { $0.name == hub.borderAgentName } == true)
    }

    @Test func withoutAvahiMhubdServesAndPublishesOnceTheDaemonAppears() throws {
        try AvahiDaemon.control("stop")
        defer { _ = try? AvahiDaemon.control("start") }
        let hub = try AdvertisedHub()
        try hub.daemon.start()
        defer { hub.daemon.stop() }

        // Everything else works: the control socket answers, the hub commissions.
        let unavailable = "advertising unavailable: avahi-daemon is not running; mhubd publishes as soon as it appears"
        #expect(
            eventually(within: 5) { (try? hub.call("get_status"))?["advertising"]?["summary"] == .string(unavailable) })
        #expect(hub.daemon.log.contains(unavailable))
        #expect(try hub.call("commission_with_code", ["code": .string(DaemonHarness.lampQR)])["node_id"] == 1)
        // And a controller commissions the hub itself: Matter needs no avahi-daemon, only its record waits.
        try hub.commission()
        let report = try hub.call("get_advertising")
        #expect(report["state"] == "unavailable")
        guard case .array(let services)? = report["services"] else { throw TestFailure("no services") }
        #expect(services.count == 3 && services.allSatisfy { $0["state"] == "waiting" })

        try AvahiDaemon.control("start")
        let operational = try hub.operationalName()
        let elapsed = try Self.secondsUntilListed("_matter._tcp", operational)
        #expect(elapsed.map { $0 <= Self.republishBound } == true, "listed after \(elapsed ?? .infinity) s")
        #expect(hub.waitUntil(within: 5, ["commissioner": "established", "border_agent": "established"]))
    }
}
