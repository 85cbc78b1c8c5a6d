import MatterDataModel
import MatterInteraction
import Testing

@testable import MatterNode

/// The node's attribute source answers a concrete read's first check (`hasCluster`) as its cluster lists say.
@Suite struct MatterNodeAttributesTests {
    @Test func hasClusterAgreesWithTheClusterListOfEveryEndpoint() throws {
        let harness = try MatterNodeHarness(windowOpen: false)
        var home = BridgeTestHome.standard
        home.endpoints[4] = NodeEndpoint(
            deviceTypes: [.init(id: 0x0100, revision: 3)],
            clusters: [6: ClusterData(id: 6, attributes: [0: .bool(false)])],
            device: nil)
        let source = MatterNodeAttributes(
            root: harness.table.rootEndpoint.rootNode, accessingFabric: 1, endpoints: home)
        let clusters: [ClusterID] = [0x0003, 0x0006, 0x001D, 0x001F, 0x0028, 0x0039, 0x003E, 0x0101, 0x0300]
        for endpoint: EndpointID in [0, 1, 2, 3, 4, 5] {
            for cluster in clusters {
                #expect(
                    source.hasCluster(cluster, on: endpoint)
                        == source.clusterIDs(on: endpoint).map { $0.contains(cluster) },
                    "endpoint \(endpoint), cluster \(cluster)")
            }
        }
        // Checked against what the lists hold: Bridged Device Basic Information only with a device, no endpoint 5.
        #expect(source.hasCluster(0x0039, on: 2) == true)
        #expect(source.hasCluster(0x0039, on: 4) == false)
        #expect(source.hasCluster(0x001D, on: 4) == true)
        #expect(source.hasCluster(0x0006, on: 5) == nil)
        #expect(source.value(at: MatterRootEndpoint.currentFabricIndex) == .unsigned(1))
        let empty = MatterNodeAttributes(root: NodeData(endpoints: []), accessingFabric: 0, endpoints: home)
        #expect(empty.hasCluster(0x0028, on: 0) == nil && empty.clusterIDs(on: 0) == nil)
    }
}
