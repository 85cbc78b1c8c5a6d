import HomeKitAccessory
import MatterDataModel
import MatterNode

@testable import HomeKitBridge

/// A home as the hub's bridge view shows it, built from the real device templates: each device's endpoints at
/// consecutive bridged numbers from the one given, its first endpoint carrying Bridged Device Basic Information and
/// its Descriptor's parts as bridged numbers (`HubBridgeView`).
struct TestHome: NodeEndpoints {
    var endpoints: [EndpointID: NodeEndpoint] = [:]

    var endpointIDs: [EndpointID] { endpoints.keys.sorted() }
    func endpoint(_ endpoint: EndpointID) -> NodeEndpoint? { endpoints[endpoint] }

    static let identity = NodeIdentity(
        vendorID: 0xFFF1, vendorName: "mhub", productID: 0x8001, productName: "mhub Device", nodeLabel: "Device",
        serialNumber: "MHUB-000001", uniqueID: "mhub-1", hardwareVersion: 1, softwareVersion: 2,
        softwareVersionString: "2.1.0")

    /// Adds a device of `template` (with `count` endpoints of it, like a power strip) whose first endpoint is bridged
    /// at `first`.
    @discardableResult
    mutating func add(
        _ template: String, at first: EndpointID, name: String? = nil, reachable: Bool = true, count: Int = 1
    ) -> TestHome {
        let made = DeviceTemplates.named(template)!
        let node =
            count > 1
            ? made.makeNode(identity: Self.identity, endpointCount: count) : made.makeNode(identity: Self.identity)
        let numbers = Dictionary(
            uniqueKeysWithValues: node.deviceEndpoints.enumerated().map { ($1, first + EndpointID($0)) })
        for (device, bridged) in numbers {
            let data = node.endpoints[device]!
            var parts: [EndpointID] = []
            if case .list(let items)? = data.clusters[ClusterDefinition.descriptor.id]?.attributes[3] {
                parts = items.compactMap { item in
                    guard case .unsigned(let part) = item else { return nil }
                    return numbers[EndpointID(part)]
                }
            }
            endpoints[bridged] = NodeEndpoint(
                deviceTypes: data.deviceTypes, clusters: data.clusters, parts: parts,
                device: bridged == first
                    ? Self.info(name ?? made.title, reachable: reachable, serial: "SN-\(first)") : nil)
        }
        return self
    }

    static func info(_ name: String, reachable: Bool, serial: String) -> BridgedDeviceInfo {
        BridgedDeviceInfo(
            nodeLabel: name, reachable: reachable, uniqueID: "mhub-\(serial)", vendorName: "mhub", vendorID: 0xFFF1,
            productName: "mhub Product", productID: 0x8001, productLabel: "Product", serialNumber: serial,
            hardwareVersion: 1, hardwareVersionString: "1", softwareVersion: 2, softwareVersionString: "2.1.0")
    }

    /// A home of one device of `template` at endpoint `first` (2 unless told).
    static func with(_ template: String, at first: EndpointID = 2, count: Int = 1, reachable: Bool = true) -> TestHome {
        var home = TestHome()
        home.add(template, at: first, reachable: reachable, count: count)
        return home
    }

    /// Sets an attribute of the device endpoint bridged at `endpoint`.
    mutating func set(_ endpoint: EndpointID, _ cluster: ClusterID, _ attribute: AttributeID, _ value: AttributeValue) {
        endpoints[endpoint]!.clusters[cluster]!.attributes[attribute] = value
    }
}

let bridge = HomeKitBridge(
    info: HomeKitBridgeInfo(name: "mhub", model: "mhub bridge", serialNumber: "BRIDGE-1", firmwareRevision: "0.9.1"))

extension HAPAccessory {
    /// Its services' types and iids, in order.
    var serviceLayout: [String] {
        services.map { "\($0.type)@\(String($0.iid, radix: 16, uppercase: true))" }
    }

    func service(_ iid: UInt64) -> HAPService? {
        services.first { $0.iid == iid }
    }
}

/// The accessory at `aid` in `home`.
func accessory(_ aid: UInt64, in home: TestHome) -> HAPAccessory? {
    bridge.accessories(in: home).first { $0.aid == aid }
}

/// The value of `aid.iid` as a read gives it.
func read(_ aid: UInt64, _ iid: UInt64, in home: TestHome) -> HAPValue? {
    try? bridge.characteristic(HAPCharacteristicID(aid: aid, iid: iid), in: home).get().value
}
