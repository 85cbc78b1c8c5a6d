import Testing

@testable import MatterDataModel

/// Devices of several endpoints built from one template: a power strip's outlets, a bridge's bridged devices.
@Suite struct DeviceTemplateCompositeTests {
    static let identity = NodeIdentity(
        vendorID: 0xFFF1, vendorName: "mhub", productID: 0x800B, productName: "mhub Bridge", nodeLabel: "Hall",
        serialNumber: "MHUB-000009", uniqueID: "mhub-MHUB-000009", hardwareVersion: 1, softwareVersion: 1,
        softwareVersionString: "0.1.0")

    static func parts(_ data: NodeData, _ endpoint: EndpointID) -> AttributeValue? {
        data[AttributePath(endpoint: endpoint, cluster: 0x001D, attribute: 0x0003)]
    }

    @Test func aBridgeHasAnAggregatorWhosePartsAreTheBridgedDevices() throws {
        let light = try #require(DeviceTemplates.named("on-off-light"))
        let bridge = light.makeBridge(identity: Self.identity, bridgedCount: 3)
        #expect(bridge.endpoints.keys.sorted() == [0, 1, 2, 3, 4])
        #expect(Self.parts(bridge, 0) == .list([1, 2, 3, 4].map { .unsigned($0) }))
        #expect(Self.parts(bridge, 1) == .list([2, 3, 4].map { .unsigned($0) }))
        #expect(bridge.endpoints[1]?.deviceTypes.map(\.id) == [0x000E])
        #expect(bridge.endpoints[3]?.deviceTypes.map(\.id) == [0x0100, 0x0013])
        #expect(bridge.endpoints[3]?.clusters[0x0006] != nil, "each bridged light has On/Off")
        #expect(bridge.endpoints[1]?.clusters[0x0006] == nil)
        #expect(bridge.isBridge)
        #expect(bridge.deviceEndpoints == [2, 3, 4])
    }

    @Test func severalEndpointsOfOneTypeAreEachADevice() throws {
        let plug = try #require(DeviceTemplates.named("on-off-plug-in-unit"))
        let strip = plug.makeNode(identity: Self.identity, endpointCount: 2)
        #expect(strip.endpoints.keys.sorted() == [0, 1, 2])
        #expect(Self.parts(strip, 0) == .list([.unsigned(1), .unsigned(2)]))
        #expect(strip.endpoints[2]?.deviceTypes == [.onOffPlugInUnit])
        #expect(!strip.isBridge)
        #expect(strip.deviceEndpoints == [1, 2])
        // One endpoint is the ordinary single-function layout.
        #expect(plug.makeNode(identity: Self.identity, endpointCount: 1) == plug.makeNode(identity: Self.identity))
    }
}
