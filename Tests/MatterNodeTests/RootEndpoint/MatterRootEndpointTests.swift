import MHubHub
import MHubTestSupport
import MatterDataModel
import MatterMessage
import MatterTestSupport
import Testing

@testable import MatterNode

/// The root endpoint's own rule, without a node around it: each change of the state a cluster is made from marks
/// that cluster stale, and `refresh()` makes the stale ones again, moving the data version of those whose data
/// changed and of no other.
@Suite struct MatterRootEndpointTests {
    static let generalCommissioning: ClusterID = 0x0030
    static let administratorCommissioning: ClusterID = 0x003C
    static let operationalCredentials: ClusterID = 0x003E
    static let accessControl: ClusterID = 0x001F

    /// Endpoint 0 of a node with `fabrics`, made and with nothing stale, as the node leaves it after its init.
    static func endpoint(fabrics: FabricTable = FabricTable()) -> MatterRootEndpoint {
        var random = SeededGenerator(seed: 11)
        var endpoint = MatterRootEndpoint(
            basicInformation: HubMatterNode.basicInformation(identity: MatterNodeHarness.identity),
            attestation: TestAttestation.identity, fabrics: fabrics, using: &random)
        _ = endpoint.rebuildFabricFacts()
        endpoint.rebuild()
        return endpoint
    }

    @Test func eachChangeMarksTheClustersMadeFromIt() throws {
        var endpoint = Self.endpoint()
        #expect(endpoint.stale.isEmpty)
        endpoint.breadcrumb = 4
        #expect(endpoint.stale == [Self.generalCommissioning])
        endpoint.stale = []
        endpoint.regulatoryConfig = 1
        #expect(endpoint.stale == [Self.generalCommissioning])
        endpoint.stale = []
        endpoint.commissionee = try MatterCommissionee(
            discriminator: 3840, passcode: MatterNodeHarness.passcode, iterations: 1000, salt: MatterNodeHarness.salt,
            establishmentTimeoutMilliseconds: 60_000)
        #expect(endpoint.stale == [Self.administratorCommissioning])
        endpoint.stale = []
        endpoint.failSafe = FailSafe(
            deadline: MonotonicInstant(milliseconds: 10), cumulativeDeadline: MonotonicInstant(milliseconds: 20),
            fabricIndex: 0)
        #expect(endpoint.stale == [Self.operationalCredentials])
        endpoint.stale = []
        endpoint.fabrics.store(MatterNodeCASETests.one.record())
        #expect(endpoint.stale == [Self.accessControl, Self.operationalCredentials])
        endpoint.stale = []
        endpoint.countryCode = "DE"
        endpoint.committedFabrics = endpoint.fabrics
        #expect(endpoint.stale.isEmpty)
    }

    @Test func refreshMovesTheVersionsOfClustersWhoseDataChangedOnly() {
        var endpoint = Self.endpoint()
        let before = endpoint.dataVersions
        endpoint.breadcrumb = 7
        let config = endpoint.regulatoryConfig
        endpoint.regulatoryConfig = config
        endpoint.failSafe = nil
        #expect(endpoint.stale == [Self.generalCommissioning, Self.operationalCredentials])
        #expect(endpoint.rootNode == endpoint.makeRootNode())
        #expect(endpoint.node != endpoint.makeRootNode())

        #expect(endpoint.refresh() == [Self.generalCommissioning])
        #expect(endpoint.stale.isEmpty)
        #expect(endpoint.node == endpoint.makeRootNode())
        #expect(endpoint.dataVersions[Self.generalCommissioning] == before[Self.generalCommissioning].map { $0 &+ 1 })
        #expect(endpoint.dataVersions[Self.operationalCredentials] == before[Self.operationalCredentials])
        // Nothing stale: nothing made, nothing moved.
        #expect(endpoint.refresh().isEmpty)
        #expect(endpoint.dataVersions[Self.generalCommissioning] == before[Self.generalCommissioning].map { $0 &+ 1 })
    }

    @Test func aFabricAddedReachesBothFabricScopedClustersOnce() {
        var endpoint = Self.endpoint()
        let before = endpoint.dataVersions
        endpoint.fabrics.store(MatterNodeCASETests.one.record())
        _ = endpoint.rebuildFabricFacts()
        #expect(endpoint.refresh() == [Self.accessControl, Self.operationalCredentials])
        #expect(endpoint.dataVersions[Self.accessControl] == before[Self.accessControl].map { $0 &+ 1 })
        #expect(
            endpoint.dataVersions[Self.operationalCredentials] == before[Self.operationalCredentials].map { $0 &+ 1 })
        #expect(endpoint.fabricSummaries.map(\.fabricIndex) == [1])
        #expect(endpoint.fabricSummaries.first?.isCommitted == false)
    }
}
