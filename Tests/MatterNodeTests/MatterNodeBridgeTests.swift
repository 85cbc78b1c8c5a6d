import MatterDataModel
import MatterInteraction
import MatterMessage
import MatterTLV
import MatterTestSupport
import Testing

@testable import MatterNode

/// The bridge on the node: every endpoint read (Root Node, Aggregator, bridged devices), data versions that follow
/// the hub's changes, the bridged devices' commands and writes through the hub (at once and late), and access per
/// path.
@Suite struct MatterNodeBridgeTests {
    static let peer = MatterNodeHarness.udp(40_301)

    /// Every report of a read of `paths` on the controller's session.
    static func read(
        _ paths: [AttributePathIB], filters: [DataVersionFilterIB] = [], harness: inout MatterNodeHarness,
        controller: inout MatterTestController
    ) throws -> [AttributeReportIB] {
        let request = ReadRequestMessage(attributeRequests: paths, dataVersionFilters: filters)
        let events = try harness.converse(
            controller.request(.interactionModel, opcode: 0x02, payload: request.encoded()), controller: &controller,
            peer: peer)
        return events.flatMap { event -> [AttributeReportIB] in
            if case .report(let report) = event { report.attributeReports ?? [] } else { [] }
        }
    }

    static func values(_ reports: [AttributeReportIB]) -> [AttributePath: AttributeValue] {
        AttributeReportIB.assemble(reports)
    }

    static func statusOf(_ report: AttributeReportIB) -> InteractionModelStatus? {
        if case .status(_, let status) = report { status.status } else { nil }
    }

    static func version(_ reports: [AttributeReportIB], _ endpoint: EndpointID, _ cluster: ClusterID) -> UInt32? {
        for case .data(let version, let path, _) in reports where path.endpoint == endpoint && path.cluster == cluster {
            return version
        }
        return nil
    }

    @Test func aWildcardReadShowsTheRootTheAggregatorAndEveryBridgedDevice() throws {
        var controller = MatterTestController(passcode: 0, seed: 301)
        var harness = try bridgeHarness(&controller)
        let reports = try Self.read([AttributePathIB()], harness: &harness, controller: &controller)
        let values = Self.values(reports)
        func path(_ endpoint: EndpointID, _ cluster: ClusterID, _ attribute: AttributeID) -> AttributePath {
            AttributePath(endpoint: endpoint, cluster: cluster, attribute: attribute)
        }
        func types(_ ids: [(UInt64, UInt64)]) -> AttributeValue {
            .list(ids.map { .structure([0: .unsigned($0.0), 1: .unsigned($0.1)]) })
        }
        #expect(values[path(0, 0x1D, 3)] == .list([1, 2, 3].map { .unsigned($0) }))
        #expect(values[path(1, 0x1D, 0)] == types([(0x0E, 2)]))
        #expect(values[path(1, 0x1D, 1)] == .list([.unsigned(0x1D)]))
        #expect(values[path(1, 0x1D, 3)] == .list([2, 3].map { .unsigned($0) }))
        #expect(values[path(2, 0x1D, 0)] == types([(0x0100, 3), (0x0013, 3)]))
        #expect(values[path(2, 0x1D, 1)] == .list([0x03, 0x04, 0x06, 0x1D, 0x39].map { .unsigned($0) }))
        #expect(values[path(2, 0x1D, 3)] == .list([]))
        #expect(values[path(2, 0x39, 5)] == .string("Lamp"))
        #expect(values[path(2, 0x39, 0x11)] == .bool(true))
        #expect(values[path(2, 0x39, 0x12)] == .string("mhub-SN-1"))
        #expect(values[path(3, 0x39, 0x11)] == .bool(false))
        #expect(values[path(3, 0x39, 5)] == .string("Front door"))
        #expect(values[path(2, 0x06, 0)] == .bool(false))
        #expect(values[path(3, 0x0101, 0)] == .unsigned(1))
        // Bridged Device Basic Information lists its attributes; the device's own attributes are all there.
        if case .list(let list)? = values[path(2, 0x39, 0xFFFB)] {
            #expect(list.contains(.unsigned(0x11)) && list.contains(.unsigned(0x12)))
        } else {
            Issue.record("no AttributeList for Bridged Device Basic Information")
        }
        let light = BridgeTestHome.standard.endpoints[2]!.clusters[6]!.attributes
        #expect(light.keys.allSatisfy { values[path(2, 6, $0)] == light[$0] })
        // Concrete paths to what is missing get statuses.
        let statuses = try Self.read(
            [
                AttributePathIB(endpoint: 9, cluster: 6, attribute: 0),
                AttributePathIB(endpoint: 2, cluster: 8, attribute: 0),
                AttributePathIB(endpoint: 1, cluster: 0x39, attribute: 5),
                AttributePathIB(endpoint: 2, cluster: 6, attribute: 0x77),
            ], harness: &harness, controller: &controller)
        #expect(
            statuses.compactMap(Self.statusOf) == [
                .unsupportedEndpoint, .unsupportedCluster, .unsupportedCluster, .unsupportedAttribute,
            ])
    }

    @Test func dataVersionsFollowTheHubsChangesAndFiltersSkipWhatIsCurrent() throws {
        var controller = MatterTestController(passcode: 0, seed: 302)
        var harness = try bridgeHarness(&controller)
        let paths = [AttributePathIB(endpoint: 2)]
        let before = try Self.read(paths, harness: &harness, controller: &controller)
        let onOff = try #require(Self.version(before, 2, 6))
        let identify = try #require(Self.version(before, 2, 3))
        harness.homeChanged(.attributes([AttributePath(endpoint: 2, cluster: 6, attribute: 0)]))
        let after = try Self.read(paths, harness: &harness, controller: &controller)
        #expect(Self.version(after, 2, 6) == onOff &+ 1)
        #expect(Self.version(after, 2, 3) == identify)
        // A filter at the current version leaves the cluster out; an old one does not.
        let filtered = try Self.read(
            paths,
            filters: [
                DataVersionFilterIB(endpoint: 2, cluster: 6, dataVersion: onOff &+ 1),
                DataVersionFilterIB(endpoint: 2, cluster: 3, dataVersion: identify &+ 5),
            ], harness: &harness, controller: &controller)
        #expect(Self.version(filtered, 2, 6) == nil)
        #expect(Self.version(filtered, 2, 3) == identify)
        // A device joining changes both PartsLists and their Descriptors' versions.
        let descriptor = try Self.read(
            [AttributePathIB(endpoint: 0, cluster: 0x1D)], harness: &harness, controller: &controller)
        let root = try #require(Self.version(descriptor, 0, 0x1D))
        var home = BridgeTestHome.standard
        home.endpoints[7] = BridgeTestHome.device("contact-sensor", name: "Window", serial: "SN-7")
        harness.home = home
        harness.homeChanged(.endpoints(added: [7], removed: []))
        let parts = try Self.read(
            [AttributePathIB(endpoint: 0, cluster: 0x1D), AttributePathIB(endpoint: 1, cluster: 0x1D, attribute: 3)],
            harness: &harness, controller: &controller)
        #expect(Self.version(parts, 0, 0x1D) == root &+ 1)
        #expect(
            Self.values(parts)[AttributePath(endpoint: 1, cluster: 0x1D, attribute: 3)]
                == .list([2, 3, 7].map { .unsigned($0) }))
    }

    static func invoke(
        _ harness: inout MatterNodeHarness, _ controller: inout MatterTestController, endpoint: EndpointID,
        cluster: ClusterID, command: CommandID, fields: [TLVElement] = [], timed: UInt16? = nil
    ) throws -> [MatterTestController.Event] {
        try harness.converse(
            controller.invoke(
                endpoint: endpoint, cluster: cluster, command: command, fields: fields, timedMilliseconds: timed),
            controller: &controller, peer: peer)
    }

    static func answer(_ events: [MatterTestController.Event]) -> InvokeResponseIB? {
        for case .invokeResponse(let response) in events { return response.invokeResponses.first }
        return nil
    }

    static func status(_ events: [MatterTestController.Event]) -> InteractionModelStatus? {
        if case .status(_, let status, _)? = answer(events) { status.status } else { nil }
    }

    @Test func commandsGoToTheHubAndTheirAnswersComeBackAtOnceOrLate() throws {
        var controller = MatterTestController(passcode: 0, seed: 303)
        var harness = try bridgeHarness(&controller)
        harness.hub = { request in
            if case .invoke(6, 2, _) = request.operation { return .status(0) }
            if case .invoke(4, 0, _) = request.operation {
                return .response(command: 0, fields: [0: .unsigned(0), 1: .unsigned(5)])
            }
            return nil
        }
        #expect(Self.status(try Self.invoke(&harness, &controller, endpoint: 2, cluster: 6, command: 2)) == .success)
        #expect(harness.bridgedRequests.last?.operation == .invoke(cluster: 6, command: 2, fields: [:]))
        #expect(harness.bridgedRequests.last?.endpoint == 2)
        // A response command (Groups AddGroup needs Manage: the controller is an administrator).
        let added = try Self.invoke(
            &harness, &controller, endpoint: 2, cluster: 4, command: 0,
            fields: [TLVElement(tag: .context(0), .unsigned(5)), TLVElement(tag: .context(1), .utf8("Kitchen"))])
        guard case .command(let response)? = Self.answer(added) else {
            Issue.record("no response command: \(added)")
            return
        }
        #expect(response.path == CommandPathIB(endpoint: 2, cluster: 4, command: 0))
        #expect(
            response.fields == [TLVElement(tag: .context(0), .unsigned(0)), TLVElement(tag: .context(1), .unsigned(5))])
        #expect(
            harness.bridgedRequests.last?.operation
                == .invoke(cluster: 4, command: 0, fields: [0: .unsigned(5), 1: .string("Kitchen")]))

        // A slow device: the hub holds the command; the answer goes out when it comes.
        let held = try Self.invoke(&harness, &controller, endpoint: 2, cluster: 6, command: 1)
        #expect(Self.answer(held) == nil)
        let request = try #require(harness.bridgedRequests.last)
        let late = harness.answer(request, with: .status(0), peer: Self.peer)
        #expect(late.count == 1)
        let step = try controller.receive(late[0])
        guard case .invokeResponse(let message)? = step.event else {
            Issue.record("no late InvokeResponse")
            return
        }
        #expect(
            message.invokeResponses == [
                .status(path: CommandPathIB(endpoint: 2, cluster: 6, command: 1), StatusIB(.success), ref: nil)
            ])
        // A silent device: nothing goes out, and a second answer to the same request is ignored.
        _ = try Self.invoke(&harness, &controller, endpoint: 2, cluster: 6, command: 0)
        let silent = try #require(harness.bridgedRequests.last)
        #expect(harness.answer(silent, with: .noAnswer, peer: Self.peer).isEmpty)
        #expect(harness.answer(silent, with: .status(0), peer: Self.peer).isEmpty)
        #expect(harness.table.pendingBridged.isEmpty)
    }

    @Test func commandsAreCheckedInCHIPsOrderBeforeTheHubSeesThem() throws {
        var controller = MatterTestController(passcode: 0, seed: 304)
        var harness = try bridgeHarness(&controller)
        harness.hub = { _ in .status(InteractionModelStatus.failure.rawValue) }
        #expect(
            Self.status(try Self.invoke(&harness, &controller, endpoint: 9, cluster: 6, command: 2))
                == .unsupportedEndpoint)
        #expect(
            Self.status(try Self.invoke(&harness, &controller, endpoint: 2, cluster: 8, command: 0))
                == .unsupportedCluster)
        #expect(
            Self.status(try Self.invoke(&harness, &controller, endpoint: 2, cluster: 6, command: 0x77))
                == .unsupportedCommand)
        #expect(
            Self.status(try Self.invoke(&harness, &controller, endpoint: 2, cluster: 0x39, command: 0))
                == .unsupportedCommand)
        #expect(
            Self.status(try Self.invoke(&harness, &controller, endpoint: 3, cluster: 0x0101, command: 0))
                == .needsTimedInteraction)
        #expect(harness.bridgedRequests.isEmpty)
        // Timed, it reaches the hub, whose status comes back (an unreachable device's FAILURE).
        #expect(
            Self.status(try Self.invoke(&harness, &controller, endpoint: 3, cluster: 0x0101, command: 0, timed: 500))
                == .failure)
        #expect(harness.bridgedRequests.count == 1)
    }

    /// An ACL entry granting Operate on endpoint 2 only: endpoint 3 is invisible and its commands refused;
    /// Identify (Manage) is refused on endpoint 2 too; OnOff is fine.
    @Test func accessIsCheckedPerPath() throws {
        let fabric = MatterNodeCASETests.one
        var record = fabric.record()
        record.accessControl = [
            AccessControlEntry(
                privilege: .operate, authMode: .case, subjects: [fabric.controller.nodeID],
                targets: [.init(cluster: nil, endpoint: 2, deviceType: nil)], fabricIndex: 1),
            AccessControlEntry(
                privilege: .view, authMode: .case, subjects: nil,
                targets: [.init(cluster: nil, endpoint: nil, deviceType: 0x000E)], fabricIndex: 1),
        ]
        var controller = MatterTestController(passcode: 0, seed: 305)
        var harness = try bridgeHarness(&controller, record: record)
        harness.hub = { _ in .status(0) }
        let reports = try Self.read([AttributePathIB()], harness: &harness, controller: &controller)
        let endpoints = Set(reports.map { $0.path.endpoint ?? 0xFFFF })
        #expect(endpoints == [1, 2])
        let denied = try Self.read(
            [
                AttributePathIB(endpoint: 3, cluster: 0x0101, attribute: 0),
                AttributePathIB(endpoint: 0, cluster: 0x28, attribute: 5),
            ],
            harness: &harness, controller: &controller)
        #expect(
            denied.compactMap(Self.statusOf) == [
                .unsupportedAccess, .unsupportedAccess,
            ])
        #expect(Self.status(try Self.invoke(&harness, &controller, endpoint: 2, cluster: 6, command: 2)) == .success)
        #expect(
            Self.status(
                try Self.invoke(
                    &harness, &controller, endpoint: 2, cluster: 3, command: 0,
                    fields: [TLVElement(tag: .context(0), .unsigned(5))])) == .unsupportedAccess)
        #expect(
            Self.status(try Self.invoke(&harness, &controller, endpoint: 3, cluster: 0x0101, command: 0, timed: 500))
                == .unsupportedAccess)
        #expect(harness.bridgedRequests.count == 1)
    }
}

/// A home of 10,000 lights that counts what the node asks of it.
final class LargeHome: NodeEndpoints, @unchecked Sendable {
    // @unchecked: the counter is read and written only by the test's one thread.
    let endpoints = Array(EndpointID(2)...EndpointID(10_001))
    let light = BridgeTestHome.device("on-off-light", name: "Lamp", serial: "SN-L")
    var lookups = 0

    var endpointIDs: [EndpointID] { endpoints }

    func endpoint(_ endpoint: EndpointID) -> NodeEndpoint? {
        lookups += 1
        return endpoints.contains(endpoint) ? light : nil
    }
}

extension MatterNodeBridgeTests {
    /// The node holds no copy of the home and asks it only for what it answers: one attribute of one device of ten
    /// thousand costs a few lookups, a change costs none, a subscription's report of it a few.
    @Test func aLargeHomeCostsWhatIsAskedNotItsSize() throws {
        var controller = MatterTestController(passcode: 0, seed: 306)
        let home = LargeHome()
        var harness = try bridgeHarness(&controller, home: home)
        let path = AttributePath(endpoint: 5000, cluster: 6, attribute: 0)
        let reports = try Self.read([AttributePathIB(path)], harness: &harness, controller: &controller)
        #expect(Self.values(reports)[path] == .bool(false))
        #expect(home.lookups <= 4, "\(home.lookups) lookups for one attribute")
        let subscribed = try harness.converse(
            controller.subscribe(
                SubscribeRequestMessage(
                    minIntervalFloorSeconds: 0, maxIntervalCeilingSeconds: 60,
                    attributeRequests: [AttributePathIB(path)])
            ), controller: &controller, peer: Self.peer)
        #expect(subscribed.contains { if case .subscribeResponse = $0 { true } else { false } })
        home.lookups = 0
        harness.homeChanged(.attributes([path]))
        #expect(home.lookups == 0)
        let sent = harness.advance(to: harness.now, peer: Self.peer)
        #expect(sent.count == 1)
        #expect(home.lookups <= 4, "\(home.lookups) lookups for one report")
    }
}
