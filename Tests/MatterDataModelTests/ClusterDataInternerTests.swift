import Testing

@testable import MatterDataModel

@Suite struct ClusterDataInternerTests {
    private func light(serial: String, on: Bool = false) -> NodeData {
        var node = DeviceTemplates.named("on-off-light")!.makeNode(
            identity: NodeIdentity(
                vendorID: 0xFFF1, vendorName: "mhub", productID: 0x8001, productName: "Light", nodeLabel: "",
                serialNumber: serial, uniqueID: "UID-\(serial)", hardwareVersion: 1, softwareVersion: 1,
                softwareVersionString: "1.0"))
        node[AttributePath(endpoint: 1, cluster: 0x0006, attribute: 0x0000)] = .bool(on)
        return rebuilt(node)
    }

    /// `node` with every dictionary in new storage, as decoding it from disk gives it.
    private func rebuilt(_ node: NodeData) -> NodeData {
        NodeData(
            endpoints: node.endpoints.values.map { endpoint in
                EndpointData(
                    id: endpoint.id, deviceTypes: endpoint.deviceTypes,
                    clusters: endpoint.clusters.values.map {
                        ClusterData(id: $0.id, attributes: Dictionary(uniqueKeysWithValues: Array($0.attributes)))
                    })
            })
    }

    /// The storage behind a dictionary (a Swift dictionary is one reference to it).
    private func storage(_ attributes: [AttributeID: AttributeValue]) -> UInt {
        unsafeBitCast(attributes, to: UInt.self)
    }

    @Test func internedNodesAreEqualToWhatWentIn() {
        var interner = ClusterDataInterner()
        let nodes = [light(serial: "A"), light(serial: "B", on: true), light(serial: "A")]
        for node in nodes {
            #expect(interner.intern(node) == node)
        }
    }

    @Test func equalClustersOfDifferentNodesShareStorage() {
        var interner = ClusterDataInterner()
        let (a, b) = (light(serial: "A"), light(serial: "B", on: true))
        let identify = (endpoint: EndpointID(1), cluster: ClusterID(0x0003))
        #expect(
            storage(a.endpoints[identify.endpoint]!.clusters[identify.cluster]!.attributes)
                != storage(b.endpoints[identify.endpoint]!.clusters[identify.cluster]!.attributes))
        let first = interner.intern(a)
        let second = interner.intern(b)
        #expect(
            storage(first.endpoints[identify.endpoint]!.clusters[identify.cluster]!.attributes)
                == storage(second.endpoints[identify.endpoint]!.clusters[identify.cluster]!.attributes))
        // On/Off differs, Basic Information differs (serial numbers): each node keeps its own.
        #expect(
            storage(first.endpoints[1]!.clusters[0x0006]!.attributes)
                != storage(second.endpoints[1]!.clusters[0x0006]!.attributes))
        #expect(first.endpoints[0]!.clusters[0x0028] != second.endpoints[0]!.clusters[0x0028])
    }

    @Test func aChangeToASharedClusterChangesOneNodeOnly() {
        var interner = ClusterDataInterner()
        var first = interner.intern(light(serial: "A"))
        let second = interner.intern(light(serial: "B"))
        first[AttributePath(endpoint: 1, cluster: 0x0003, attribute: 0x0000)] = .unsigned(30)
        #expect(first[AttributePath(endpoint: 1, cluster: 0x0003, attribute: 0x0000)] == .unsigned(30))
        #expect(second[AttributePath(endpoint: 1, cluster: 0x0003, attribute: 0x0000)] == .unsigned(0))
    }
}
