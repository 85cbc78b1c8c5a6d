import MHubHub
import MatterDataModel
import MatterSpecification
import MatterTestSupport
import Testing

@testable import MatterNode

/// The hub's own node, endpoint 0, as the conformance checker reads it from its attributes: a Root Node of Matter 1.4.
@Suite struct HubNodeConformanceTests {
    @Test func theHubsRootEndpointIsARootNode() throws {
        let node = MatterRootEndpointTests.endpoint().makeRootNode()
        let root = try #require(node.endpoints[0])
        let findings = ConformanceChecker.check(root.composition, conditions: ["Matter", "Active"])
        #expect(findings.map(\.description) == [])
    }
}
