import Testing

@testable import MHubDNSSD

/// The publishing sequence of avahi's client-publish-service.c, walked event by event.
@Suite struct AvahiPublisherStateTests {
    let lamp = DNSSDService(
        type: "_matterc._udp", instanceName: "Lamp", port: 5540, txt: [DNSSDTXTEntry("D", "3840")],
        subtypes: ["_L3840"])
    let node = DNSSDService(
        type: "_matter._tcp", instanceName: "87E1B004E235A130-0000000000000001", port: 5540,
        collisionPolicy: .keepName)

    /// A state whose client runs and whose services are established.
    func running(_ services: [DNSSDService]) -> AvahiPublisherState {
        var state = AvahiPublisherState()
        _ = state.started()
        _ = state.servicesChanged(services)
        _ = state.clientRunning()
        for service in services {
            _ = state.groupEstablished(service.key)
        }
        return state
    }

    @Test func servicesWaitForTheDaemonThenRegister() {
        var state = AvahiPublisherState()
        #expect(state.started() == [.recreateClient])
        #expect(state.clientConnecting() == [])
        #expect(state.servicesChanged([lamp]) == [])
        #expect(state.status.daemon == .unavailable)
        #expect(state.status.services.map(\.state) == [.waiting])
        #expect(state.clientRegistering() == [])
        #expect(state.clientRunning() == [.createGroup(lamp.key), .addService(lamp.key, lamp), .commit(lamp.key)])
        #expect(state.status.service(lamp.key)?.state == .registering)
        #expect(state.groupRegistering(lamp.key) == [])
        #expect(state.groupEstablished(lamp.key) == [])
        #expect(state.status.service(lamp.key)?.state == .established)
        #expect(state.status.daemon == .running)
    }

    @Test func servicesPublishedWhileRunningRegisterAtOnce() {
        var state = AvahiPublisherState()
        _ = state.clientRunning()
        #expect(
            state.servicesChanged([lamp, node]) == [
                .createGroup(lamp.key), .addService(lamp.key, lamp), .commit(lamp.key),
                .createGroup(node.key), .addService(node.key, node), .commit(node.key),
            ])
    }

    @Test func collisionPicksTheNextAlternativeNameEachTime() {
        var state = running([lamp])
        #expect(state.groupCollision(lamp.key) == [.renameAndRepublish(lamp.key, lamp.renamed("Lamp #2"))])
        #expect(state.status.service(lamp.key)?.nameInUse == "Lamp #2")
        #expect(state.status.service(lamp.key)?.state == .registering)
        #expect(state.groupCollision(lamp.key) == [.renameAndRepublish(lamp.key, lamp.renamed("Lamp #3"))])
        _ = state.groupEstablished(lamp.key)
        #expect(state.status.service(lamp.key) == .init(service: lamp, nameInUse: "Lamp #3", state: .established))
        #expect(state.registeredService(lamp.key)?.instanceName == "Lamp #3")
    }

    @Test func operationalCollisionIsReportedAndRetriedOnTheNextPublish() {
        var state = running([node])
        #expect(state.groupCollision(node.key) == [.reportCollision(node.key, name: node.instanceName)])
        #expect(state.status.service(node.key) == .init(service: node, nameInUse: node.instanceName, state: .collision))
        #expect(
            state.servicesChanged([node]) == [
                .resetGroup(node.key), .addService(node.key, node), .commit(node.key),
            ])
        #expect(state.status.service(node.key)?.state == .registering)
    }

    @Test func disconnectRecreatesTheClientAndRepublishesUnderTheNameInUse() {
        var state = running([lamp, node])
        _ = state.groupCollision(lamp.key)
        _ = state.groupEstablished(lamp.key)
        #expect(state.clientFailed(disconnected: true) == [.recreateClient])
        #expect(state.status.daemon == .unavailable)
        #expect(state.status.services.map(\.state) == [.waiting, .waiting])
        #expect(state.clientConnecting() == [])
        #expect(state.clientRegistering() == [])
        let renamed = lamp.renamed("Lamp #2")
        #expect(
            state.clientRunning() == [
                .createGroup(lamp.key), .addService(lamp.key, renamed), .commit(lamp.key),
                .createGroup(node.key), .addService(node.key, node), .commit(node.key),
            ])
    }

    @Test func hostNameRegistrationResetsGroupsAndRunningRefillsThem() {
        var state = running([lamp])
        #expect(state.clientRegistering() == [.resetGroup(lamp.key)])
        #expect(state.status.service(lamp.key)?.state == .waiting)
        #expect(state.clientRunning() == [.addService(lamp.key, lamp), .commit(lamp.key)])
    }

    @Test func changedServiceIsReRegisteredAndRemovedOneFreed() {
        var state = running([lamp, node])
        var windowOpen = lamp
        windowOpen.txt.append(DNSSDTXTEntry("CM", "1"))
        windowOpen.subtypes.append("_CM")
        #expect(
            state.servicesChanged([windowOpen, node]) == [
                .resetGroup(lamp.key), .addService(lamp.key, windowOpen), .commit(lamp.key),
            ])
        #expect(state.servicesChanged([windowOpen, node]) == [])
        #expect(state.servicesChanged([node]) == [.freeGroup(lamp.key)])
        #expect(state.status.services.map(\.service) == [node])
        #expect(state.servicesChanged([]) == [.freeGroup(node.key)])
        #expect(state.status.services.isEmpty)
    }

    @Test func newInstanceNameIsANewService() {
        var state = running([lamp])
        let renamed = lamp.renamed("Other")
        #expect(
            state.servicesChanged([renamed]) == [
                .freeGroup(lamp.key), .createGroup(renamed.key), .addService(renamed.key, renamed),
                .commit(renamed.key),
            ])
    }

    @Test func changesWhileTheDaemonIsAwayWaitForIt() {
        var state = running([lamp])
        _ = state.clientFailed(disconnected: true)
        var changed = lamp
        changed.port = 1
        #expect(state.servicesChanged([changed]) == [])
        #expect(state.servicesChanged([]) == [])
        #expect(state.servicesChanged([changed]) == [])
        #expect(state.clientRunning() == [.createGroup(lamp.key), .addService(lamp.key, changed), .commit(lamp.key)])
    }

    @Test func otherClientFailuresAndCreationFailuresRetryAfterAPause() {
        var state = running([lamp])
        #expect(state.clientFailed(disconnected: false) == [.scheduleClientRetry(milliseconds: 1000)])
        #expect(state.status.daemon == .failed)
        #expect(state.clientRetryDue() == [.recreateClient])
        #expect(state.clientCreationFailed() == [.scheduleClientRetry(milliseconds: 1000)])
        #expect(state.status.daemon == .unavailable)
        #expect(state.clientRetryDue() == [.recreateClient])
        #expect(state.clientConnecting() == [])
        #expect(state.clientRunning() == [.createGroup(lamp.key), .addService(lamp.key, lamp), .commit(lamp.key)])
    }

    @Test func failedGroupIsRetriedOnTheNextPublish() {
        var state = running([lamp])
        #expect(state.groupFailed(lamp.key) == [])
        #expect(state.status.service(lamp.key)?.state == .failed)
        #expect(
            state.servicesChanged([lamp]) == [.resetGroup(lamp.key), .addService(lamp.key, lamp), .commit(lamp.key)])
    }

    @Test func eventsForUnknownOrAbsentGroupsAreIgnored() {
        var state = AvahiPublisherState()
        _ = state.servicesChanged([lamp])
        #expect(state.groupCollision(lamp.key) == [])
        #expect(state.groupFailed(lamp.key) == [])
        #expect(state.groupEstablished(lamp.key) == [])
        #expect(state.groupCollision(node.key) == [])
        #expect(state.status.service(lamp.key)?.state == .waiting)
    }

    @Test func duplicateKeysKeepTheLastService() {
        var state = AvahiPublisherState()
        _ = state.clientRunning()
        var second = lamp
        second.port = 9
        #expect(
            state.servicesChanged([lamp, second]) == [
                .createGroup(lamp.key), .addService(lamp.key, second), .commit(lamp.key),
            ])
    }
}
