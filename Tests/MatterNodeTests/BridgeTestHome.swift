import MatterDataModel
import MatterInteraction
import MatterNode
import MatterTestSupport

/// A home of two bridged devices for the node's tests: a light at endpoint 2 and a door lock at endpoint 3.
struct BridgeTestHome: NodeEndpoints {
    var endpoints: [EndpointID: NodeEndpoint]

    var endpointIDs: [EndpointID] { endpoints.keys.sorted() }
    func endpoint(_ endpoint: EndpointID) -> NodeEndpoint? { endpoints[endpoint] }

    static let identity = NodeIdentity(
        vendorID: 0xFFF1, vendorName: "mhub", productID: 0x8000, productName: "mhub On/Off Light", nodeLabel: "Lamp",
        serialNumber: "SN-1", uniqueID: "mhub-SN-1", hardwareVersion: 1, softwareVersion: 1,
        softwareVersionString: "1.0")

    static func device(_ template: String, name: String, serial: String, reachable: Bool = true) -> NodeEndpoint {
        let node = DeviceTemplates.named(template)!.makeNode(identity: identity)
        let endpoint = node.endpoints[1]!
        return NodeEndpoint(
            deviceTypes: endpoint.deviceTypes, clusters: endpoint.clusters,
            device: BridgedDeviceInfo(
                nodeLabel: name, reachable: reachable, uniqueID: "mhub-\(serial)", vendorName: "mhub",
                vendorID: 0xFFF1, productName: "mhub \(template)", productID: 0x8000, productLabel: template,
                serialNumber: serial, hardwareVersion: 1, hardwareVersionString: "1", softwareVersion: 1,
                softwareVersionString: "1.0"))
    }

    static let standard = BridgeTestHome(endpoints: [
        2: device("on-off-light", name: "Lamp", serial: "SN-1"),
        3: device("door-lock", name: "Front door", serial: "SN-2", reachable: false),
    ])
}

/// A node with a CASE session from `controller` on fabric `fabric`, bridging `home`.
func bridgeHarness(
    _ controller: inout MatterTestController, home: any NodeEndpoints = BridgeTestHome.standard,
    fabric: CASETestFabric = MatterNodeCASETests.one, record: FabricRecord? = nil,
    peer: MatterPeer = MatterNodeHarness.udp(40_301)
) throws -> MatterNodeHarness {
    var table = FabricTable()
    table.store(record ?? fabric.record())
    var harness = try MatterNodeHarness(windowOpen: false, fabricTable: table)
    harness.home = home
    harness.peer = peer
    _ = try harness.caseHandshake(
        &controller, as: MatterNodeCASETests.initiator(fabric, seed: 77), peer: peer)
    return harness
}
