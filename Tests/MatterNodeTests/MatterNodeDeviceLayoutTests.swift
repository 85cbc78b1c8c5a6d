import MatterDataModel
import MatterInteraction
import MatterSpecification
import MatterTLV
import MatterTestSupport
import Testing

@testable import MatterNode

/// One simulated device as a node of its own (`MatterNodeLayout.device`): commissionable with the device's passcode,
/// endpoint 0 the node's Root Node with the device's Basic Information and every other endpoint in its PartsList,
/// endpoints 1…n exactly the device's own (no Aggregator, nothing bridged), conforming to Matter 1.4, and its
/// commands and writes handed to the hub naming the device's own endpoint.
@Suite struct MatterNodeDeviceLayoutTests {
    static let peer = MatterNodeBridgeTests.peer
    static let passcode: UInt32 = 34_567_890
    static let identity = NodeIdentity(
        vendorID: 0xFFF1, vendorName: "mhub", productID: 0x8042, productName: "mhub Heat Pump", nodeLabel: "Cellar",
        serialNumber: "SN-DEV-1", uniqueID: "mhub-SN-DEV-1", hardwareVersion: 2, softwareVersion: 3,
        softwareVersionString: "1.3")

    /// The device `template` makes.
    static func device(_ template: String) throws -> NodeData {
        try #require(DeviceTemplates.named(template)).makeNode(identity: identity)
    }

    /// A device-layout node serving `device`, with a PASE session from `controller` (which has the device's
    /// passcode) through the device's window.
    static func deviceHarness(_ device: NodeData, _ controller: inout MatterTestController) throws
        -> MatterNodeHarness
    {
        var harness = try MatterNodeHarness(
            windowOpen: false, layout: .device, basicInformation: MatterNodeConfiguration.basicInformation(of: device))
        harness.home = DeviceEndpoints(device)
        harness.record(
            harness.table.commissioneeChanged(
                to: try MatterCommissionee(
                    discriminator: 1234, passcode: passcode, iterations: 1000, salt: MatterNodeHarness.salt,
                    establishmentTimeoutMilliseconds: 60_000)))
        #expect(try harness.pase(&controller, peer: peer) == [.established])
        return harness
    }

    /// Every attribute read, by endpoint, as node data a controller would build from a wildcard read.
    static func readNode(_ harness: inout MatterNodeHarness, _ controller: inout MatterTestController) throws
        -> NodeData
    {
        let values = MatterNodeBridgeTests.values(
            try MatterNodeBridgeTests.read([AttributePathIB()], harness: &harness, controller: &controller))
        var clusters: [EndpointID: [ClusterID: [AttributeID: AttributeValue]]] = [:]
        for (path, value) in values {
            clusters[path.endpoint, default: [:]][path.cluster, default: [:]][path.attribute] = value
        }
        return NodeData(
            endpoints: clusters.map { endpoint, byCluster in
                EndpointData(
                    id: endpoint, deviceTypes: [],
                    clusters: byCluster.map { ClusterData(id: $0.key, attributes: $0.value) })
            })
    }

    @Test func aHeatPumpsNodeServesExactlyItsOwnEndpoints() throws {
        var controller = MatterTestController(passcode: Self.passcode, seed: 351)
        let device = try Self.device("heat-pump")
        var harness = try Self.deviceHarness(device, &controller)
        let node = try Self.readNode(&harness, &controller)
        #expect(node.endpoints.keys.sorted() == [0, 1, 2, 3])
        // Endpoint 0 lists every application endpoint (Core 9.5.5); endpoint 1 its own parts, the thermostat's.
        #expect(
            node[AttributePath(endpoint: 0, cluster: 0x1D, attribute: 3)] == .list([1, 2, 3].map { .unsigned($0) }))
        #expect(node[AttributePath(endpoint: 1, cluster: 0x1D, attribute: 3)] == .list([2, 3].map { .unsigned($0) }))
        // Endpoints 1…3 are the device's own, attribute for attribute, and nothing more: no Aggregator, no Bridged
        // Node, no Bridged Device Basic Information.
        for endpoint: EndpointID in [1, 2, 3] {
            #expect(node.endpoints[endpoint]?.clusters == device.endpoints[endpoint]?.clusters, "endpoint \(endpoint)")
        }
        // Endpoint 0 is the node's root with the device's Basic Information.
        for attribute: AttributeID in [0x0002, 0x0004, 0x000F, 0x0012] {
            let path = AttributePath(endpoint: 0, cluster: 0x28, attribute: attribute)
            #expect(node[path] != nil && node[path] == device[path], "Basic Information \(attribute)")
        }
        // The device's own OTA Requestor on endpoint 0 too (device type 0x0012, its cluster, its client).
        #expect(
            node[AttributePath(endpoint: 0, cluster: 0x1D, attribute: 0)] == Self.deviceTypes([(0x16, 3), (0x12, 1)]))
        #expect(node.endpoints[0]?.clusters[0x2A]?.attributes == device.endpoints[0]?.clusters[0x2A]?.attributes)
        #expect(node[AttributePath(endpoint: 0, cluster: 0x1D, attribute: 2)] == .list([.unsigned(0x29)]))
    }

    @Test func endpointZerosDeviceClustersAreTheDevicesLiveAndItsCommandsAndWritesGoToTheHub() throws {
        var controller = MatterTestController(passcode: Self.passcode, seed: 355)
        var device = try Self.device("on-off-light")
        var harness = try Self.deviceHarness(device, &controller)
        harness.hub = { _ in .status(0) }
        // Basic Information is the device's as it is now: a rename on the socket is what a controller reads.
        let label = AttributePath(endpoint: 0, cluster: 0x28, attribute: 5)
        device[label] = .string("Porch")
        harness.home = DeviceEndpoints(device)
        let read = try MatterNodeBridgeTests.read(
            [AttributePathIB(endpoint: 0, cluster: 0x28, attribute: 5)], harness: &harness, controller: &controller)
        #expect(MatterNodeBridgeTests.values(read)[label] == .string("Porch"))
        // The OTA Requestor's AnnounceOTAProvider (0x00) and a Basic Information write reach the hub on endpoint 0;
        // the Root Node's own clusters stay the node's.
        let fields = [
            TLVElement(tag: .context(0), .unsigned(1)), TLVElement(tag: .context(1), .unsigned(0xFFF1)),
            TLVElement(tag: .context(2), .unsigned(0)), TLVElement(tag: .context(4), .unsigned(0)),
        ]
        let announced = try MatterNodeBridgeTests.invoke(
            &harness, &controller, endpoint: 0, cluster: 0x2A, command: 0, fields: fields)
        #expect(MatterNodeBridgeTests.status(announced) == .success)
        let written = try MatterNodeBridgeWriteTests.write(
            [MatterNodeBridgeWriteTests.data(0, 0x28, 5, .utf8("Hall"))], harness: &harness, controller: &controller)
        #expect(MatterNodeBridgeWriteTests.statuses(written) == [.success])
        #expect(harness.bridgedRequests.map(\.endpoint) == [0, 0])
        #expect(harness.bridgedRequests.last?.operation == .write(cluster: 0x28, attribute: 5, value: .string("Hall")))
        let regulatory = try MatterNodeBridgeTests.invoke(&harness, &controller, endpoint: 0, cluster: 0x30, command: 0)
        #expect(MatterNodeBridgeTests.status(regulatory) != .unsupportedCluster)
        #expect(harness.bridgedRequests.count == 2)
    }

    /// Every template's node serves the device's own endpoints and conforms as the checker reads it, as
    /// `DeviceTemplateConformanceTests` checks the data model's node, here with the node's own root.
    @Test(arguments: DeviceTemplates.all.map(\.key))
    func everyTemplatesNodeConforms(_ key: String) throws {
        var controller = MatterTestController(passcode: Self.passcode, seed: 352)
        let device = try Self.device(key)
        var harness = try Self.deviceHarness(device, &controller)
        let node = try Self.readNode(&harness, &controller)
        #expect(node.endpoints.keys.sorted() == device.endpoints.keys.sorted())
        for (id, endpoint) in device.endpoints where id != 0 {
            #expect(node.endpoints[id]?.clusters == endpoint.clusters, "endpoint \(id) is not the device's own")
        }
        for endpoint in node.endpoints.values.sorted(by: { $0.id < $1.id }) {
            #expect(!endpoint.composition.deviceTypes.isEmpty, "endpoint \(endpoint.id)")
            let findings = ConformanceChecker.check(endpoint.composition, conditions: ["Matter", "Active"])
            #expect(findings.map(\.description) == [], "endpoint \(endpoint.id)")
        }
    }

    @Test func commandsAndWritesReachTheHubNamingTheDevicesOwnEndpoint() throws {
        var controller = MatterTestController(passcode: Self.passcode, seed: 353)
        var harness = try Self.deviceHarness(try Self.device("on-off-light"), &controller)
        harness.hub = { _ in .status(0) }
        let on = try MatterNodeBridgeTests.invoke(&harness, &controller, endpoint: 1, cluster: 6, command: 1)
        #expect(MatterNodeBridgeTests.status(on) == .success)
        let written = try MatterNodeBridgeWriteTests.write(
            [MatterNodeBridgeWriteTests.data(1, 6, 0x4001, .unsigned(30))], harness: &harness, controller: &controller)
        #expect(MatterNodeBridgeWriteTests.statuses(written) == [.success])
        #expect(
            harness.bridgedRequests == [
                BridgedRequest(id: 1, endpoint: 1, operation: .invoke(cluster: 6, command: 1, fields: [:])),
                BridgedRequest(
                    id: 2, endpoint: 1, operation: .write(cluster: 6, attribute: 0x4001, value: .unsigned(30))),
            ])
        // An endpoint the device lacks is unsupported, and nothing of it reaches the hub.
        let missing = try MatterNodeBridgeTests.invoke(&harness, &controller, endpoint: 2, cluster: 6, command: 1)
        #expect(MatterNodeBridgeTests.status(missing) == .unsupportedEndpoint)
        #expect(harness.bridgedRequests.count == 2)
    }

    @Test func aChangeOfEndpointsMovesTheRootsDescriptorAndNotEndpointOnes() throws {
        var controller = MatterTestController(passcode: Self.passcode, seed: 354)
        var harness = try Self.deviceHarness(try Self.device("heat-pump"), &controller)
        let descriptors = [AttributePathIB(endpoint: 0, cluster: 0x1D), AttributePathIB(endpoint: 1, cluster: 0x1D)]
        let before = try MatterNodeBridgeTests.read(descriptors, harness: &harness, controller: &controller)
        harness.homeChanged(.endpoints(added: [], removed: [3]))
        let after = try MatterNodeBridgeTests.read(descriptors, harness: &harness, controller: &controller)
        let root = try #require(MatterNodeBridgeTests.version(before, 0, 0x1D))
        #expect(MatterNodeBridgeTests.version(after, 0, 0x1D) == root &+ 1)
        #expect(MatterNodeBridgeTests.version(after, 1, 0x1D) == MatterNodeBridgeTests.version(before, 1, 0x1D))
    }

    static func deviceTypes(_ ids: [(UInt64, UInt64)]) -> AttributeValue {
        .list(ids.map { .structure([0: .unsigned($0.0), 1: .unsigned($0.1)]) })
    }
}
