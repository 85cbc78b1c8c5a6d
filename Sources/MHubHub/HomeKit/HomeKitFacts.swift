import MatterNode

/// The hub's HomeKit face as its port reports it (`HubInput.homeKit(.serving)`): none of it is the hub's to decide,
/// so it is kept like the other facts of this run (`HubRunFacts`), for `get_homekit` and the dashboard.
public struct HomeKitFacts: Hashable, Sendable {
    /// The bridge's name (`homekit.name` or the hub's).
    public var name: String
    public var port: UInt16
    /// `XX:XX:XX:XX:XX:XX`.
    public var deviceID: String
    public var setupCode: String
    public var setupID: String
    /// `X-HM://…`.
    public var setupURI: String
    /// `_hap._tcp`'s `sh`.
    public var setupHash: String
    /// `c#`.
    public var configurationNumber: UInt32
    public var accessories: Int
    public var omittedDevices: Int
    public var pairings: [HomeKitPairingSummary]

    public init(
        name: String, port: UInt16, deviceID: String, setupCode: String, setupID: String, setupURI: String,
        setupHash: String, configurationNumber: UInt32, accessories: Int, omittedDevices: Int,
        pairings: [HomeKitPairingSummary]
    ) {
        self.name = name
        self.setupHash = setupHash
        self.port = port
        self.deviceID = deviceID
        self.setupCode = setupCode
        self.setupID = setupID
        self.setupURI = setupURI
        self.configurationNumber = configurationNumber
        self.accessories = accessories
        self.omittedDevices = omittedDevices
        self.pairings = pairings
    }

    public var paired: Bool { !pairings.isEmpty }
}

/// One controller paired with the bridge.
public struct HomeKitPairingSummary: Hashable, Sendable {
    public var identifier: String
    public var admin: Bool

    public init(identifier: String, admin: Bool) {
        self.identifier = identifier
        self.admin = admin
    }
}

/// What the HomeKit port reports to the hub.
public enum HomeKitReport: Equatable, Sendable {
    /// It serves (again) with these facts: at start, and when a pairing or the accessories change.
    case serving(HomeKitFacts)
    /// A paired controller's write, as the device logic takes it (the Matter bridge's own request type, on the same
    /// endpoint numbers); answered with `HubOutput.homeKitAnswer`.
    case request(BridgedRequest)
}
