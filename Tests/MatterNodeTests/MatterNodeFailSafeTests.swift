import MatterDataModel
import MatterInteraction
import MatterSecureChannel
import MatterTestSupport
import Testing

@testable import MatterNode

/// The fail-safe: what AddTrustedRootCertificate and AddNOC add under it goes when it expires or its PASE session
/// closes first, and the window stays as it was.
@Suite struct MatterNodeFailSafeTests {
    /// A node and a commissioner that has run every stage up to AddNOC (the fail-safe armed for 60 s).
    static func addedNOC(seed: UInt64) throws -> (MatterNodeHarness, MatterTestCommissioner) {
        var harness = try MatterNodeHarness()
        var commissioner = try MatterNodeCommissioningTests.commissioner(seed: seed)
        try commissioner.pase(over: &harness)
        _ = try commissioner.readCommissioningInfo(over: &harness)
        _ = try commissioner.armFailSafe(seconds: 60, breadcrumb: 2, over: &harness)
        let dac = try commissioner.certificateChain(type: 1, over: &harness)
        let key = try commissioner.csr(dac: dac, over: &harness)
        _ = try commissioner.addTrustedRoot(over: &harness)
        let (status, _) = try commissioner.addNOC(for: key, over: &harness)
        #expect(status == 0)
        #expect(harness.table.fabrics.records.count == 1)
        return (harness, commissioner)
    }

    /// The rolled-back node: no fabric, no ACL, Breadcrumb 0, the window as it was, CASE refused for the fabric.
    static func expectRolledBack(_ harness: inout MatterNodeHarness, _ commissioner: inout MatterTestCommissioner)
        throws
    {
        #expect(harness.table.fabrics == FabricTable())
        #expect(harness.table.committedFabrics == FabricTable())
        #expect(harness.table.rootEndpoint.failSafe == nil)
        #expect(harness.table.rootEndpoint.breadcrumb == 0)
        #expect(harness.table.paseSession == nil)
        #expect(harness.table.rootEndpoint.commissionee != nil)
        #expect(harness.outputs.contains(.failSafeExpired))
        #expect(harness.fabricReports.last == [])
        #expect(harness.saves.isEmpty)
        let root = harness.table.rootEndpoint.rootNode.endpoints[0]
        #expect(root?.clusters[0x1F]?.attributes[0] == .list([]))
        #expect(root?.clusters[0x3E]?.attributes[4] == .list([]))
        #expect(root?.clusters[0x30]?.attributes[0] == .unsigned(0))
        #expect(throws: MatterTestCommissioner.Failure.self) { try commissioner.establishCASE(over: &harness) }
        #expect(
            harness.events.contains { if case .caseFailed(_, .noSharedTrustRoots) = $0 { true } else { false } })
    }

    @Test func anExpiredFailSafeRollsEverythingBack() throws {
        var (harness, commissioner) = try Self.addedNOC(seed: 11)
        let deadline = try #require(harness.table.rootEndpoint.failSafe?.deadline)
        _ = harness.advance(to: deadline.milliseconds - 1, peer: harness.peer)
        #expect(harness.table.fabrics.records.count == 1)
        _ = harness.advance(to: deadline.milliseconds, peer: harness.peer)
        try Self.expectRolledBack(&harness, &commissioner)
        // The window is still open: the controller may start over.
        var again = try MatterNodeCommissioningTests.commissioner(seed: 12)
        #expect(try again.commission(over: &harness) == 1)
    }

    @Test func thePASESessionClosingBeforeCommissioningCompleteRollsBack() throws {
        var (harness, commissioner) = try Self.addedNOC(seed: 13)
        _ = try harness.converse(try commissioner.controller.closeSession(), controller: &commissioner.controller)
        try Self.expectRolledBack(&harness, &commissioner)
        #expect(
            harness.events.contains(.failSafeExpired(reason: "its PASE session closed before CommissioningComplete")))
    }

    @Test func armFailSafeZeroExpiresItAfterItsAnswer() throws {
        var (harness, commissioner) = try Self.addedNOC(seed: 14)
        #expect(try commissioner.armFailSafe(seconds: 0, breadcrumb: 9, over: &harness) == 0)
        try Self.expectRolledBack(&harness, &commissioner)
    }

    @Test func reArmingExtendsButNeverPastTheCumulativeLimit() throws {
        var harness = try MatterNodeHarness()
        var commissioner = try MatterNodeCommissioningTests.commissioner(seed: 15)
        try commissioner.pase(over: &harness)
        let start = harness.now
        _ = try commissioner.armFailSafe(seconds: 60, breadcrumb: 1, over: &harness)
        #expect(harness.table.rootEndpoint.failSafe?.deadline.milliseconds == start + 60_000)
        harness.now += 30_000
        _ = try commissioner.armFailSafe(seconds: 900, breadcrumb: 2, over: &harness)
        #expect(harness.table.rootEndpoint.failSafe?.deadline.milliseconds == start + 900_000)
        #expect(harness.table.rootEndpoint.breadcrumb == 2)
    }
}
