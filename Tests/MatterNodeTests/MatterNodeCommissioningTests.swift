import MatterCredentials
import MatterDataModel
import MatterInteraction
import MatterTestSupport
import Testing

@testable import MatterNode

/// A whole commissioning of the node by the Swift commissioner, stage by stage as CHIP's `AutoCommissioner` runs
/// it over UDP (matter-commissionee.md §1), then what a controller reads over CASE.
@Suite struct MatterNodeCommissioningTests {
    static let fabricID: UInt64 = 0xFAB1
    static let hubNodeID: UInt64 = 0x1234

    static func commissioner(seed: UInt64 = 1) throws -> MatterTestCommissioner {
        var commissioner = try MatterTestCommissioner(
            passcode: MatterNodeHarness.passcode, fabricID: fabricID, hubNodeID: hubNodeID, seed: seed)
        commissioner.trustedPAA = TestAttestation.identity.paa
        return commissioner
    }

    @Test func theStagesOfAControllerCommissionTheNode() throws {
        var harness = try MatterNodeHarness()
        var commissioner = try Self.commissioner()
        try commissioner.pase(over: &harness)

        let info = try commissioner.readCommissioningInfo(over: &harness)
        #expect(
            info
                == MatterTestCommissioner.CommissioningInfo(
                    breadcrumb: 0, failSafeExpirySeconds: 60, regulatoryConfig: 2, locationCapability: 2,
                    vendorID: 0xFFF1, productID: 0x8001, icdStatuses: Array(repeating: .unsupportedCluster, count: 5)))
        #expect(try commissioner.armFailSafe(seconds: 60, breadcrumb: 2, over: &harness) == 0)
        #expect(try commissioner.setRegulatoryConfig(over: &harness) == 0)
        let pai = try commissioner.certificateChain(type: 2, over: &harness)
        let dac = try commissioner.certificateChain(type: 1, over: &harness)
        #expect(pai == TestAttestation.identity.pai)
        #expect(dac == TestAttestation.identity.dac)
        try commissioner.attestation(pai: pai, dac: dac, over: &harness)
        let key = try commissioner.csr(dac: dac, over: &harness)
        #expect(try commissioner.addTrustedRoot(over: &harness) == .success)
        let (status, index) = try commissioner.addNOC(for: key, over: &harness)
        #expect(status == 0)
        #expect(index == 1)
        // The new fabric is there for CASE and the hub at once, not yet saved.
        #expect(harness.table.fabrics.records[1] != nil)
        #expect(harness.saves.isEmpty)
        #expect(harness.fabricReports.last?.map(\.isCommitted) == [false])
        #expect(harness.table.paseSession?.fabricIndex == 1)
        #expect(harness.opened.last?.kind == .pase && harness.opened.last?.fabricIndex == 1)

        try commissioner.establishCASE(over: &harness)
        #expect(try commissioner.commissioningComplete(over: &harness) == 0)
        #expect(harness.saves.count == 1)
        let saved = try #require(harness.saves.first?.table.records[1])
        #expect(try MatterCertificate(tlv: saved.operationalCertificate).publicKey == key.uncompressed)
        #expect(saved.identityProtectionEpochKey == commissioner.epochKey)
        #expect(harness.table.committedFabrics == harness.table.fabrics)
        #expect(harness.outputs.contains(.commissioningCompleted(fabricIndex: 1)))
        #expect(harness.table.paseSession == nil)
        #expect(harness.table.rootEndpoint.failSafe == nil)

        // Over CASE: the Fabrics list, CurrentFabricIndex, Breadcrumb back at 0, the ACL entry AddNOC made.
        let reports = try commissioner.read(
            [
                AttributePathIB(endpoint: 0, cluster: 0x3E, attribute: 1),
                AttributePathIB(endpoint: 0, cluster: 0x3E, attribute: 5),
                AttributePathIB(endpoint: 0, cluster: 0x30, attribute: 0),
                AttributePathIB(endpoint: 0, cluster: 0x1F, attribute: 0),
            ], over: &harness)
        let values = reports.compactMap { report -> AttributeValue? in
            if case .data(_, _, let value) = report { value } else { nil }
        }
        let facts = try #require(harness.table.rootEndpoint.fabricFacts[1])
        #expect(
            values == [
                .list([
                    .structure([
                        1: .bytes(commissioner.root.key.publicKey.uncompressed), 2: .unsigned(0xFFF1),
                        3: .unsigned(Self.fabricID), 4: .unsigned(Self.hubNodeID), 5: .string(""), 0xFE: .unsigned(1),
                    ])
                ]),
                .unsigned(1), .unsigned(0),
                .list([
                    .structure([
                        1: .unsigned(5), 2: .unsigned(2), 3: .list([.unsigned(112_233)]), 4: .null, 0xFE: .unsigned(1),
                    ])
                ]),
            ])
        #expect(facts.compressedFabricID == harness.fabricReports.last?.first?.compressedFabricID)
        #expect(harness.fabricReports.last?.map(\.isCommitted) == [true])
    }

    @Test func theWholeFlowRunsAsOneAndTheWindowCloses() throws {
        var harness = try MatterNodeHarness()
        var commissioner = try Self.commissioner(seed: 2)
        #expect(try commissioner.commission(over: &harness) == 1)
        #expect(harness.table.rootEndpoint.commissionee == nil)
        #expect(harness.table.sessions.values.map(\.kind) == [.case])
    }
}
