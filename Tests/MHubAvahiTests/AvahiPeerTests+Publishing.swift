import DNSSDPeerSupport
import Foundation
import MHubAvahi
import MHubDNSSD
import Testing

/// `AvahiPublisher` against a real avahi-daemon, checked by two independent peers: `avahi-browse` and
/// python-zeroconf.
extension AvahiPeerTests {
    @Suite struct Publishing {
        init() throws {
            try AvahiDaemon.requireRunning()
        }

        @Test func everyServiceAndSubtypeIsSeenByBothPeers() throws {
            let fixtures = PeerFixtures()
            let services = [
                try fixtures.commissionable(), try fixtures.commissioner(), try fixtures.operational(),
                try fixtures.borderAgent(),
            ]
            let publisher = try AvahiPublisher()
            defer { publisher.close() }
            try publisher.publish(services)
            #expect(publisher.waitUntilEstablished(within: 10), "\(publisher.status)")

            // avahi-browse: each type and each subtype lists the instance with its port and exact TXT strings.
            let types = services.flatMap { [$0.type] + $0.subtypeServiceTypes }
            let resolved = try AvahiBrowse.resolveAll(types)
            for service in services {
                for type in [service.type] + service.subtypeServiceTypes {
                    let found = resolved[type, default: []].filter { $0.name == service.instanceName }
                    #expect(!found.isEmpty, "avahi-browse \(type) does not list \(service.instanceName)")
                    for entry in found {
                        #expect(entry.type == service.type)
                        #expect(entry.domain == "local")
                        #expect(entry.port == service.port)
                        #expect(entry.txt == service.txt.map(\.bytes), "\(type) TXT")
                    }
                }
            }

            // python-zeroconf: the same, from a browser that shares nothing with Avahi.
            guard try ZeroconfPeer.require() else { return }
            var expected: [(type: String, name: String)] = []
            for service in services {
                for type in [service.type] + service.subtypeServiceTypes {
                    expected.append((type, service.instanceName))
                }
            }
            let browsed = try ZeroconfPeer.browse(types, expecting: expected, seconds: 15)
            for service in services {
                for type in [service.type] + service.subtypeServiceTypes {
                    let instance = browsed[type]?.first { $0.name == service.instanceName }
                    #expect(instance?.port == service.port, "zeroconf \(type) \(service.instanceName)")
                    #expect(instance?.type == service.type + ".local.")
                    #expect(instance?.txtBytes == service.txt.map(\.bytes), "zeroconf \(type) TXT")
                }
            }
        }

        @Test func aServiceWithInterfacesIsPublishedOnThoseOnly() throws {
            var service = try PeerFixtures().commissionable()
            let loopback = if_nametoindex("lo")
            try #require(loopback != 0, "no loopback interface")
            service.interfaces = [loopback]
            let publisher = try AvahiPublisher()
            defer { publisher.close() }
            try publisher.publish([service])
            #expect(publisher.waitUntilEstablished(within: 10), "\(publisher.status)")
            let found = try AvahiBrowse.resolve(service.type).filter { $0.name == service.instanceName }
            #expect(!found.isEmpty, "avahi-browse does not list \(service.instanceName)")
            #expect(found.allSatisfy { $0.interface == "lo" }, "\(found.map(\.interface))")
        }

        @Test func changedRecordsReplaceTheOldOnes() throws {
            let fixtures = PeerFixtures()
            let closed = try fixtures.commissionable(mode: .disabled)
            let publisher = try AvahiPublisher()
            defer { publisher.close() }
            try publisher.publish([closed])
            #expect(publisher.waitUntilEstablished(within: 10), "\(publisher.status)")
            #expect(try AvahiBrowse.resolve("_CM._sub._matterc._udp").allSatisfy { $0.name != closed.instanceName })
            #expect(
                try AvahiBrowse.resolve(closed.type).first { $0.name == closed.instanceName }?.txt.contains(
                    Array("CM=0".utf8)) == true)

            let open = try fixtures.commissionable(mode: .basic)
            try publisher.publish([open])
            #expect(publisher.waitUntilEstablished(within: 10), "\(publisher.status)")
            let seen = try AvahiBrowse.resolve(open.type).filter { $0.name == open.instanceName }
            #expect(!seen.isEmpty && seen.allSatisfy { $0.txt.contains(Array("CM=1".utf8)) })
            #expect(try AvahiBrowse.resolve("_CM._sub._matterc._udp").contains { $0.name == open.instanceName })

            // Withdrawn records go with a goodbye (TTL 0), which caches drop after a second (RFC 6762 10.1).
            publisher.withdraw()
            #expect(publisher.status.services.isEmpty)
            #expect(
                eventually(within: 5) {
                    (try? AvahiBrowse.resolve(open.type))?.allSatisfy { $0.name != open.instanceName } == true
                })
        }

        @Test func sameNameInTwoPublishersGetsAnAlternativeNameAndOperationalCollisionIsReported() throws {
            let fixtures = PeerFixtures()
            let commissionable = try fixtures.commissionable()
            let operational = try fixtures.operational()
            let first = try AvahiPublisher()
            defer { first.close() }
            try first.publish([commissionable, operational])
            #expect(first.waitUntilEstablished(within: 10), "\(first.status)")

            // Identical records are no conflict (avahi-core `check_record_conflict`), so the second publisher's
            // services differ in their port: another node claiming the same names.
            var otherCommissionable = commissionable
            otherCommissionable.port += 1
            var otherOperational = operational
            otherOperational.port += 1
            let second = try AvahiPublisher()
            defer { second.close() }
            try second.publish([otherCommissionable, otherOperational])
            let renamed = eventually(within: 10) {
                second.status.service(commissionable.key)?.state == .established
                    && second.status.service(operational.key)?.state == .collision
            }
            #expect(renamed, "\(second.status)")
            let alternative = "\(commissionable.instanceName) #2"
            #expect(second.status.service(commissionable.key)?.nameInUse == alternative)
            #expect(second.status.service(operational.key)?.nameInUse == operational.instanceName)
            #expect(first.status.services.allSatisfy { $0.state == .established })

            let names = Set(try AvahiBrowse.resolve(commissionable.type).map(\.name))
            #expect(names.isSuperset(of: [commissionable.instanceName, alternative]))
            let longDiscriminator = "_L\(fixtures.discriminator)._sub._matterc._udp"
            #expect(Set(try AvahiBrowse.resolve(longDiscriminator).map(\.name)).isSuperset(of: [alternative]))
            guard try ZeroconfPeer.require() else { return }
            let browsed = try ZeroconfPeer.browse(
                [commissionable.type], expecting: [(commissionable.type, alternative)], seconds: 10)
            #expect(browsed[commissionable.type]?.contains { $0.name == alternative } == true)
        }
        @Test func publishesFromManyThreadsAtOnceSettleOnTheLastSet() async throws {
            let fixtures = PeerFixtures()
            let sets = [
                [try fixtures.commissionable(mode: .disabled)],
                [try fixtures.commissionable(), try fixtures.operational()],
                [try fixtures.commissioner()], [],
            ]
            let publisher = try AvahiPublisher()
            defer { publisher.close() }
            await withTaskGroup(of: Void.self) { group in
                for worker in 0..<8 {
                    group.addTask {
                        for round in 0..<25 {
                            try? publisher.publish(sets[(worker + round) % sets.count])
                            _ = publisher.status
                        }
                    }
                }
            }
            let last = [try fixtures.commissionable(), try fixtures.borderAgent()]
            try publisher.publish(last)
            #expect(publisher.waitUntilEstablished(within: 10), "\(publisher.status)")
            #expect(publisher.status.services.map(\.service) == last)
            let listed = try AvahiBrowse.resolve(last[1].type).filter { $0.name == last[1].instanceName }
            #expect(!listed.isEmpty && listed.allSatisfy { $0.txt == last[1].txt.map(\.bytes) })
        }
    }
}
