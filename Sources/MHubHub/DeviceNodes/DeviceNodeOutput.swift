import MatterNode

/// What the hub tells a simulated device's own Matter node (`HubOutput.deviceNode`).
public enum DeviceNodeOutput: Hashable, Sendable {
    /// The device is on the network now (just added): its node starts.
    case started(DeviceNodeSpec)
    /// Its commissioning window opened (the device's own passcode and discriminator) or closed (nil).
    case windowChanged(DeviceWindow?)
    /// What its node serves changed (an attribute or an event on its own endpoint numbers): its data versions,
    /// subscriptions and events follow.
    case changed(BridgeChange)
    /// The answer to its node's request (a command or write on one of its endpoints), once the device applied it.
    case answered(requestID: UInt64, BridgedAnswer)
    /// The device is gone: its node stops.
    case stopped
    /// A factory reset: its node leaves every fabric (its table saved empty) and starts afresh on its port.
    case factoryReset
    /// mhub commissioned it: its node joins mhub's own fabric too (a NOC from the hub's fabric authority), beside its
    /// other controllers' fabrics.
    case joinHubFabric(HubFabricMembership)
    /// It left mhub's home (`remove_node`): its node leaves mhub's fabric, and keeps the others.
    case leaveHubFabric
}

/// What a device's node is made from, beside the state its port serves from (`Hub.deviceEndpoints(of:)`).
public struct DeviceNodeSpec: Hashable, Sendable {
    public var deviceID: SimulatedDeviceID
    public var vendorID: UInt16
    public var productID: UInt16
    /// Its primary device type (endpoint 1's first), the one its Certification Declaration names.
    public var deviceTypeID: UInt32
    public var discriminator: UInt16
    public var passcode: UInt32

    public init(
        deviceID: SimulatedDeviceID, vendorID: UInt16, productID: UInt16, deviceTypeID: UInt32,
        discriminator: UInt16, passcode: UInt32
    ) {
        self.deviceID = deviceID
        self.vendorID = vendorID
        self.productID = productID
        self.deviceTypeID = deviceTypeID
        self.discriminator = discriminator
        self.passcode = passcode
    }
}

/// A device's open commissioning window.
public enum DeviceWindow: Hashable, Sendable {
    /// Its own passcode (the one in its QR and manual codes) and discriminator, with the verifier its port keeps,
    /// open while it is on no fabric, with no timeout (a factory-new device is commissionable until commissioned).
    case basic(discriminator: UInt16)
    /// One an administrator opened for another to join (OpenCommissioningWindow, OpenBasicCommissioningWindow, or
    /// `open_commissioning_window {node_id}`), until its timeout.
    case administrator(CommissioningWindow)
}

/// What a device's node needs to join mhub's own fabric: the fabric, the device's node ID on it (its node ID in the
/// home), and the fabric's vendor, label and administrator (the hub's controller node ID).
public struct HubFabricMembership: Hashable, Sendable {
    public var fabricID: UInt64
    public var nodeID: UInt64
    public var vendorID: UInt16
    public var label: String
    public var administrator: UInt64

    public init(fabricID: UInt64, nodeID: UInt64, vendorID: UInt16, label: String, administrator: UInt64) {
        self.fabricID = fabricID
        self.nodeID = nodeID
        self.vendorID = vendorID
        self.label = label
        self.administrator = administrator
    }
}
