import DNSSDPeerSupport
import Foundation
import MHubConfiguration
import Testing

/// The test network itself (`scripts/netns-pair.sh` through `NetworkNamespacePair`): mhubd in `mh-hub` publishes
/// through that namespace's avahi-daemon, python-zeroconf in `mh-ctl` sees the records across the pair with only
/// the pair's addresses, and afterwards nothing of the pair is left and the host's avahi-daemon is back.
///
/// Under the machine-wide avahi-daemon lock; outside CI skipped when the network cannot be made here (not root,
/// no `ip`, no avahi-daemon), in CI a missing prerequisite fails it.
@Suite(
    .serialized, .enabled(if: AvahiDaemon.inCI || NetworkNamespacePair.missingPrerequisite == nil),
    .avahiDaemonLock, .timeLimit(AvahiDaemonLock.timeLimit))
struct NetworkNamespacePairTests {
    @Test func theHubsRecordsCrossThePairAndThePairIsGoneAfterwards() throws {
        try AvahiDaemon.requireRunning()
        let (seen, pair) = try NetworkNamespacePair.with { pair in
            #expect(pair.hub.namespace != pair.controller.namespace)
            #expect(pair.hubAddressFromController == "\(pair.hub.linkLocalAddress)%\(pair.controller.interface)")
            let daemon = try DaemonHarness(
                in: pair, configuration: ["hub": ["name": "Pair test hub", "discriminator": 2345]])
            try daemon.start()
            defer { daemon.stop() }
            _ = try daemon.connect(.unix).call("open_commissioning_window", ["timeout": 60])
            guard try ZeroconfPeer.require() else { return ([ZeroconfPeer.Instance](), pair) }
            let browsed = try ZeroconfPeer.browse(
                ["_L2345._sub._matterc._udp"], expecting: [], seconds: 6, launcher: pair.launcher(in: pair.controller))
            let instances = browsed["_L2345._sub._matterc._udp"] ?? []
            #expect(instances.count == 1, "\(browsed)\n\(daemon.log.suffix(2000))")
            return (instances, pair)
        }
        for instance in seen {
            #expect(instance.port == 5540)
            #expect(instance.txtBytes.contains(Array("D=2345".utf8)))
            let own = [pair.hub.linkLocalAddress, pair.hub.ipv4Address]
            #expect(Set(instance.addresses).isSubset(of: own), "\(instance.addresses)")
            #expect(!instance.addresses.isEmpty)
        }
        let namespaces = try PeerProcess.run(NetworkNamespacePair.ip ?? "ip", ["netns", "list"], timeout: 10)
        #expect(!namespaces.output.contains("mh-hub") && !namespaces.output.contains("mh-ctl"), "\(namespaces.output)")
        #expect(AvahiDaemon.isRunning() || eventually(within: 10, AvahiDaemon.isRunning), "the host's daemon is back")
    }
}

/// Outside the lock (so it never waits behind the peer suites that hold it), the pair refuses to be made.
struct NetworkNamespacePairLockTests {
    @Test func withoutTheAvahiDaemonLockThePairIsNotMade() throws {
        let touched = AvahiDaemonLock.$isHeld.withValue(false) {
            (try? NetworkNamespacePair.with { _ in true }) ?? false
        }
        #expect(!touched)
    }
}
