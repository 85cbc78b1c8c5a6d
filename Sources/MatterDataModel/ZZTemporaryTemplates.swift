public struct NodeIdentity: Sendable {
    public var vendorID: UInt16
    public var vendorName: String
    public var productID: UInt16
    public var productName: String
    public var nodeLabel: String
    public var serialNumber: String
    public var uniqueID: String
    public var hardwareVersion: UInt16
    public var softwareVersion: UInt32
    public var softwareVersionString: String
    public init(
        vendorID: UInt16, vendorName: String, productID: UInt16, productName: String, nodeLabel: String,
        serialNumber: String, uniqueID: String, hardwareVersion: UInt16, softwareVersion: UInt32,
        softwareVersionString: String
    ) {
        self.vendorID = vendorID
        self.vendorName = vendorName
        self.productID = productID
        self.productName = productName
        self.nodeLabel = nodeLabel
        self.serialNumber = serialNumber
        self.uniqueID = uniqueID
        self.hardwareVersion = hardwareVersion
        self.softwareVersion = softwareVersion
        self.softwareVersionString = softwareVersionString
    }
}
public struct DeviceTemplate: Sendable {
    public var key: String
    public var title: String
    public var deviceType: DeviceTypeRef
    public var productName: String
    public func makeNode(identity: NodeIdentity) -> NodeData {
        NodeData(endpoints: [
            EndpointData(
                id: 0, deviceTypes: [DeviceTypeRef(id: 0x16, revision: 1)],
                clusters: [
                    ClusterData(
                        id: 0x28,
                        attributes: [2: .unsigned(UInt64(identity.vendorID)), 15: .string(identity.serialNumber)])
                ]),
            EndpointData(
                id: 1, deviceTypes: [deviceType], clusters: [ClusterData(id: 6, attributes: [0: .bool(false)])]),
        ])
    }
}
public enum DeviceTemplates {
    public static let all: [DeviceTemplate] = [
        "on-off-light", "dimmable-light", "color-temperature-light", "on-off-plug-in-unit", "contact-sensor",
        "temperature-sensor", "occupancy-sensor", "door-lock", "thermostat", "window-covering",
    ].map { DeviceTemplate(key: $0, title: $0, deviceType: DeviceTypeRef(id: 0x100, revision: 3), productName: $0) }
    public static func named(_ key: String) -> DeviceTemplate? { all.first { $0.key == key } }
}
