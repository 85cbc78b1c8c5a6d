/// Who a simulated node says it is: the Basic Information values that differ between nodes.
public struct NodeIdentity: Hashable, Sendable {
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
