/// Who the bridge itself (aid 1) says it is in its Accessory Information.
public struct HomeKitBridgeInfo: Hashable, Sendable {
    /// The bridge's name in the Home app (sanitised as every name is: `HomeKitNames`).
    public var name: String
    public var manufacturer: String
    public var model: String
    /// At least one character (an empty one is written as "mhub").
    public var serialNumber: String
    /// `x[.y[.z]]`; other text is reduced to its leading numbers.
    public var firmwareRevision: String

    public init(
        name: String, manufacturer: String = "mhub", model: String, serialNumber: String, firmwareRevision: String
    ) {
        self.name = name
        self.manufacturer = manufacturer
        self.model = model
        self.serialNumber = serialNumber
        self.firmwareRevision = firmwareRevision
    }
}
