import MatterDataModel
import MatterInteraction
import MatterMessage
import MatterTLV
import MatterTestSupport
import Testing

@testable import MatterNode

/// Endpoint 0 is kept between inputs (`MatterRootEndpoint`): a change of the state a cluster comes from still reaches
/// the next read and the subscriptions, with the cluster's data version bumped once, and CurrentFabricIndex is the
/// reader's own.
@Suite struct MatterNodeRootNodeTests {
    static let peer = MatterNodeBridgeTests.peer
    static let breadcrumb = AttributePath(endpoint: 0, cluster: 0x30, attribute: 0)
    static let fabricsList = AttributePath(endpoint: 0, cluster: 0x3E, attribute: 1)
    static let currentFabric = AttributePath(endpoint: 0, cluster: 0x3E, attribute: 5)

    static func read(_ harness: inout MatterNodeHarness, _ controller: inout MatterTestController) throws
        -> (values: [AttributePath: AttributeValue], generalCommissioning: UInt32?, credentials: UInt32?)
    {
        let reports = try MatterNodeBridgeTests.read(
            [AttributePathIB(endpoint: 0, cluster: 0x30), AttributePathIB(endpoint: 0, cluster: 0x3E)],
            harness: &harness, controller: &controller)
        return (
            MatterNodeBridgeTests.values(reports), MatterNodeBridgeTests.version(reports, 0, 0x30),
            MatterNodeBridgeTests.version(reports, 0, 0x3E)
        )
    }

    /// The label in the Fabrics list's only entry.
    static func label(_ value: AttributeValue?) -> AttributeValue? {
        guard case .list(let entries)? = value, case .structure(let fields)? = entries.first else { return nil }
        return fields[5]
    }

    @Test func aChangeReachesTheNextReadAndTheSubscriptionsWithItsVersionBumpedOnce() throws {
        var controller = MatterTestController(passcode: 0, seed: 341)
        var harness = try bridgeHarness(&controller)
        let (subscribed, response) = try MatterNodeSubscriptionTests.subscribe(
            MatterNodeSubscriptionTests.request(
                floor: 0, ceiling: 60, paths: [AttributePathIB(endpoint: 0, cluster: 0x30)]),
            harness: &harness, controller: &controller)
        #expect(response != nil)
        #expect(MatterNodeSubscriptionTests.changed(try #require(subscribed.first))[Self.breadcrumb] == .unsigned(0))
        let before = try Self.read(&harness, &controller)
        #expect(before.values[Self.breadcrumb] == .unsigned(0))
        #expect(before.values[Self.currentFabric] == .unsigned(1))
        #expect(harness.table.rootEndpoint.stale.isEmpty)
        // Reads change nothing: the same versions.
        let again = try Self.read(&harness, &controller)
        #expect(again.generalCommissioning == before.generalCommissioning && again.credentials == before.credentials)

        // A write of Breadcrumb: the next read has it, General Commissioning's version once higher, the other's not.
        let written = try MatterNodeBridgeWriteTests.write(
            [MatterNodeBridgeWriteTests.data(0, 0x30, 0, .unsigned(9))], harness: &harness, controller: &controller)
        #expect(MatterNodeBridgeWriteTests.statuses(written) == [.success])
        #expect(harness.table.rootEndpoint.stale.isEmpty)
        #expect(harness.table.rootEndpoint.rootNode == harness.table.rootEndpoint.makeRootNode())
        let after = try Self.read(&harness, &controller)
        #expect(after.values[Self.breadcrumb] == .unsigned(9))
        #expect(after.generalCommissioning == before.generalCommissioning.map { $0 &+ 1 })
        #expect(after.credentials == before.credentials)
        // And the subscription reports it.
        let reports = try MatterNodeSubscriptionTests.reports(
            until: harness.now, harness: &harness, controller: &controller)
        #expect(reports.map { MatterNodeSubscriptionTests.changed($0.1)[Self.breadcrumb] } == [.unsigned(9)])

        // A fabric's change (UpdateFabricLabel, saved before its answer) reaches Operational Credentials.
        let events = try harness.converse(
            controller.invoke(cluster: 0x3E, command: 0x09, fields: [.init(tag: .context(0), .utf8("kitchen"))]),
            controller: &controller, peer: Self.peer)
        #expect(events.contains { if case .invokeResponse = $0 { true } else { false } })
        #expect(harness.table.rootEndpoint.rootNode == harness.table.rootEndpoint.makeRootNode())
        let relabelled = try Self.read(&harness, &controller)
        #expect(Self.label(relabelled.values[Self.fabricsList]) == .string("kitchen"))
        #expect(relabelled.credentials == before.credentials.map { $0 &+ 1 })
        #expect(relabelled.generalCommissioning == after.generalCommissioning)
        #expect(relabelled.values[Self.currentFabric] == .unsigned(1))
    }

    @Test func aChangeSeenBeforeTheInputEndsIsMadeForThatRead() throws {
        var controller = MatterTestController(passcode: 0, seed: 342)
        var harness = try bridgeHarness(&controller)
        harness.table.rootEndpoint.breadcrumb = 5
        #expect(harness.table.rootEndpoint.stale == [0x30])
        #expect(harness.table.rootEndpoint.rootNode[Self.breadcrumb] == .unsigned(5))
        #expect(harness.table.rootEndpoint.node[Self.breadcrumb] == .unsigned(0))
        harness.table.refreshRootEndpoint()
        #expect(harness.table.rootEndpoint.stale.isEmpty)
        #expect(harness.table.rootEndpoint.node[Self.breadcrumb] == .unsigned(5))
        #expect(harness.table.rootEndpoint.rootNode == harness.table.rootEndpoint.makeRootNode())
    }
}
