import MatterDataModel
import MatterInteraction
import MatterMessage
import MatterTLV
import MatterTestSupport
import Testing

@testable import MatterNode

/// Subscriptions on the node with a manual clock: priming then SubscribeResponse, reports of what changed held back
/// by the min interval, keep-alives at the max interval, several per session, KeepSubscriptions, the end of one whose
/// report is not acknowledged or is refused, and events with their numbers and filters.
@Suite struct MatterNodeSubscriptionTests {
    static let peer = MatterNodeBridgeTests.peer

    /// Subscribes; returns the priming reports and the SubscribeResponse.
    static func subscribe(
        _ request: SubscribeRequestMessage, harness: inout MatterNodeHarness, controller: inout MatterTestController
    ) throws -> (reports: [ReportDataMessage], response: SubscribeResponseMessage?) {
        let events = try harness.converse(controller.subscribe(request), controller: &controller, peer: peer)
        var reports: [ReportDataMessage] = []
        var response: SubscribeResponseMessage?
        for event in events {
            switch event {
            case .report(let report): reports.append(report)
            case .subscribeResponse(let answer): response = answer
            default: break
            }
        }
        return (reports, response)
    }

    static func request(
        floor: UInt16 = 2, ceiling: UInt16 = 30, paths: [AttributePathIB] = [AttributePathIB(endpoint: 2)],
        events: [EventPathIB]? = nil, eventMin: UInt64? = nil, keep: Bool = false
    ) -> SubscribeRequestMessage {
        SubscribeRequestMessage(
            keepSubscriptions: keep, minIntervalFloorSeconds: floor, maxIntervalCeilingSeconds: ceiling,
            attributeRequests: paths, eventRequests: events,
            eventFilters: eventMin.map { [EventFilterIB(eventMin: $0)] })
    }

    /// The first report the node sends by `milliseconds` on the harness's clock, as (exchange, report), each
    /// acknowledged at once (so MRP does not send it again); the clock stops there, or at `milliseconds`.
    static func reports(
        until milliseconds: UInt64, harness: inout MatterNodeHarness, controller: inout MatterTestController
    )
        throws -> [(UInt16, ReportDataMessage)]
    {
        while let deadline = harness.table.nextDeadline, deadline.milliseconds <= milliseconds {
            var found: [(UInt16, ReportDataMessage)] = []
            for bytes in harness.advance(to: max(deadline.milliseconds, harness.now), peer: peer) {
                if case .hubRequest(0x05, let payload, let exchange)? = try controller.receive(bytes).event {
                    found.append((exchange, try ReportDataMessage(payload: payload)))
                    _ = harness.deliver(try controller.acknowledge(hubExchange: exchange), from: peer)
                }
            }
            if !found.isEmpty { return found }
        }
        harness.now = max(harness.now, milliseconds)
        return []
    }

    /// The subscriber's StatusResponse to a report on the node's exchange; returns what the node sends back.
    static func answer(
        _ exchange: UInt16, _ status: InteractionModelStatus = .success, harness: inout MatterNodeHarness,
        controller: inout MatterTestController
    ) throws -> [[UInt8]] {
        harness.deliver(
            try controller.respond(
                toHubExchange: exchange, opcode: InteractionModelOpcode.statusResponse.rawValue,
                payload: StatusResponseMessage(status: status).encoded()), from: peer)
    }

    static func changed(_ report: ReportDataMessage) -> [AttributePath: AttributeValue] {
        MatterNodeBridgeTests.values(report.attributeReports ?? [])
    }

    @Test func primingThenReportsHeldBackByTheMinIntervalAndKeepAlivesAtTheMax() throws {
        var controller = MatterTestController(passcode: 0, seed: 321)
        var harness = try bridgeHarness(&controller)
        let (priming, response) = try Self.subscribe(Self.request(), harness: &harness, controller: &controller)
        let id = try #require(response?.subscriptionID)
        #expect(response?.maxIntervalSeconds == 30)
        #expect(priming.allSatisfy { $0.subscriptionID == id && $0.suppressResponse == nil })
        #expect(MatterNodeBridgeTests.values(priming.flatMap { $0.attributeReports ?? [] }).count > 20)
        let established = harness.now

        // A change right away waits for the min interval (2 s), then goes out with only what changed.
        var home = BridgeTestHome.standard
        home.endpoints[2]?.clusters[6]?.attributes[0] = .bool(true)
        harness.home = home
        harness.homeChanged(.attributes([AttributePath(endpoint: 2, cluster: 6, attribute: 0)]))
        #expect(harness.table.nextDeadline?.milliseconds == established + 2000)
        #expect(try Self.reports(until: established + 1999, harness: &harness, controller: &controller).isEmpty)
        let first = try Self.reports(until: established + 2000, harness: &harness, controller: &controller)
        #expect(first.count == 1)
        let (exchange, report) = try #require(first.first)
        #expect(report.subscriptionID == id)
        #expect(report.suppressResponse == nil && report.moreChunkedMessages == nil)
        #expect(Self.changed(report) == [AttributePath(endpoint: 2, cluster: 6, attribute: 0): .bool(true)])
        // While it waits for its answer, nothing else goes; a change meanwhile waits for the next report.
        harness.homeChanged(.attributes([AttributePath(endpoint: 2, cluster: 3, attribute: 0)]))
        #expect(try Self.reports(until: established + 5000, harness: &harness, controller: &controller).isEmpty)
        _ = try Self.answer(exchange, harness: &harness, controller: &controller)
        let second = try Self.reports(until: established + 5000, harness: &harness, controller: &controller)
        #expect(
            second.map { Array(Self.changed($0.1).keys) } == [[AttributePath(endpoint: 2, cluster: 3, attribute: 0)]])
        let reportedAt = harness.now
        _ = try Self.answer(try #require(second.first).0, harness: &harness, controller: &controller)

        // Nothing changes: an empty report at the max interval (30 s) after the last one, not before.
        #expect(try Self.reports(until: reportedAt + 29_999, harness: &harness, controller: &controller).isEmpty)
        let keepAlive = try Self.reports(until: reportedAt + 30_000, harness: &harness, controller: &controller)
        #expect(keepAlive.count == 1)
        #expect(keepAlive.first?.1 == ReportDataMessage(subscriptionID: id, attributeReports: nil))
        // A change outside the subscription's paths does not make a report.
        _ = try Self.answer(try #require(keepAlive.first).0, harness: &harness, controller: &controller)
        harness.homeChanged(.attributes([AttributePath(endpoint: 3, cluster: 0x0101, attribute: 0)]))
        #expect(harness.table.nextDeadline?.milliseconds == harness.now + 30_000)
    }

    @Test func anUnacknowledgedReportEndsTheSubscriptionAndSoDoesARefusal() throws {
        var controller = MatterTestController(passcode: 0, seed: 322)
        var harness = try bridgeHarness(&controller)
        let id = try #require(
            try Self.subscribe(Self.request(floor: 0, ceiling: 10), harness: &harness, controller: &controller)
                .response?.subscriptionID)
        #expect(harness.table.subscriptions.count == 1)
        harness.homeChanged(.attributes([AttributePath(endpoint: 2, cluster: 6, attribute: 0)]))
        let sent = harness.advance(to: harness.now, peer: Self.peer)
        #expect(sent.count == 1)
        // The subscriber never acknowledges it: MRP retransmits, then gives up, and the subscription ends.
        var retransmissions = 0
        while harness.table.subscriptions.count == 1, let deadline = harness.table.nextDeadline {
            retransmissions += harness.advance(to: deadline.milliseconds, peer: Self.peer).count
        }
        #expect(retransmissions == 4)
        #expect(harness.table.subscriptions.isEmpty)
        #expect(
            harness.events.contains(.subscriptionEnded(subscriptionID: id, reason: "its report was never acknowledged"))
        )

        // A subscriber that answers a report with INVALID_SUBSCRIPTION (it forgot it) ends it too.
        let (_, response) = try Self.subscribe(
            Self.request(floor: 0, ceiling: 10), harness: &harness, controller: &controller)
        #expect(response != nil)
        harness.homeChanged(.attributes([AttributePath(endpoint: 2, cluster: 6, attribute: 0)]))
        let report = try Self.reports(until: harness.now, harness: &harness, controller: &controller)
        _ = try Self.answer(
            try #require(report.first).0, .invalidSubscription, harness: &harness, controller: &controller)
        #expect(harness.table.subscriptions.isEmpty)
    }

    /// The test commissioner's subscriber (`subscribe`, `receiveSubscribed`), as the bench drives mhubd with it:
    /// every report answered, so the next change's report goes out (an unanswered one would hold it back).
    @Test func theTestSubscriberAnswersEachReportSoTheNextChangeIsReported() throws {
        var commissioner = try MatterTestCommissioner(passcode: 0, fabricID: 1, hubNodeID: 2, seed: 325)
        var harness = try bridgeHarness(&commissioner.controller)
        let onOff = AttributePath(endpoint: 2, cluster: 6, attribute: 0)
        let (priming, response) = try commissioner.subscribe(
            Self.request(floor: 0, ceiling: 60, paths: [AttributePathIB(onOff)]), over: &harness)
        #expect(AttributeReportIB.assemble(priming) == [onOff: .bool(false)])
        var home = BridgeTestHome.standard
        for value in [true, false, true] {
            home.endpoints[2]?.clusters[6]?.attributes[0] = .bool(value)
            harness.home = home
            harness.homeChanged(.attributes([onOff]))
            let sent = harness.advance(to: harness.now, peer: Self.peer)
            #expect(sent.count == 1)
            var reports: [ReportDataMessage] = []
            var fromNode = sent
            while let bytes = fromNode.popLast() {
                let step = try commissioner.controller.receiveSubscribed(bytes)
                reports += step.report.map { [$0] } ?? []
                for answer in step.outgoing {
                    fromNode += harness.deliver(answer, from: Self.peer)
                }
            }
            #expect(reports.map(\.subscriptionID) == [response.subscriptionID])
            #expect(reports.map(Self.changed) == [[onOff: .bool(value)]])
        }
    }

    @Test func severalSubscriptionsPerSessionAndKeepSubscriptions() throws {
        var controller = MatterTestController(passcode: 0, seed: 323)
        var harness = try bridgeHarness(&controller)
        _ = try Self.subscribe(Self.request(), harness: &harness, controller: &controller)
        _ = try Self.subscribe(
            Self.request(paths: [AttributePathIB(endpoint: 3)], keep: true), harness: &harness, controller: &controller)
        #expect(harness.table.subscriptions.count == 2)
        // Without KeepSubscriptions, a new one replaces the subscriber's others.
        _ = try Self.subscribe(Self.request(), harness: &harness, controller: &controller)
        #expect(harness.table.subscriptions.count == 1)
        // Its session ending ends it.
        let session = try #require(controller.caseSession?.peerSessionID)
        _ = harness.table.endSession(session, reason: "test")
        #expect(harness.table.subscriptions.isEmpty)
    }

    @Test func eventsHaveNumbersPrioritiesAndFiltersAndUrgentOnesAreReportedAtTheMinInterval() throws {
        var controller = MatterTestController(passcode: 0, seed: 324)
        var harness = try bridgeHarness(&controller)
        func lock(_ number: UInt64, type: UInt64) -> EventRecord {
            EventRecord(
                endpoint: 3, cluster: 0x0101, event: 2, number: number, priority: 2,
                epochTimestampMilliseconds: 1_800_000_000_000 + number, fields: [0: .unsigned(type), 1: .unsigned(7)])
        }
        harness.homeChanged(.event(lock(40, type: 0)))
        harness.homeChanged(.event(lock(41, type: 1)))
        // A read of events from 41 on.
        let read = ReadRequestMessage(
            attributeRequests: nil, eventRequests: [EventPathIB(endpoint: 3, cluster: 0x0101)],
            eventFilters: [EventFilterIB(eventMin: 41)])
        let answer = try harness.converse(
            controller.request(.interactionModel, opcode: 0x02, payload: read.encoded()), controller: &controller,
            peer: Self.peer)
        let events = answer.flatMap { event -> [EventReportIB] in
            if case .report(let report) = event { report.eventReports ?? [] } else { [] }
        }
        #expect(events == [.data(lock(41, type: 1))])

        // A subscription to every event, urgent: the priming has both, a new one comes at the min interval.
        let (priming, response) = try Self.subscribe(
            Self.request(floor: 1, paths: [], events: [EventPathIB(isUrgent: true)]), harness: &harness,
            controller: &controller)
        #expect(response != nil)
        #expect(priming.flatMap { $0.eventReports ?? [] } == [.data(lock(40, type: 0)), .data(lock(41, type: 1))])
        let established = harness.now
        harness.homeChanged(.event(lock(42, type: 0)))
        let reports = try Self.reports(until: established + 1000, harness: &harness, controller: &controller)
        #expect(reports.flatMap { $0.1.eventReports ?? [] } == [.data(lock(42, type: 0))])
        #expect(harness.now == established + 1000)
    }
}
