import MHubJSON
import MatterDataModel

/// The one commissioning session the hub allows at a time.
public struct CommissioningSession: Hashable, Sendable {
    public var id: String
    public var owner: ClientInfo
    public var structureID: StructureID
    /// Opened by `commission_with_code` without `prepare_commissioning`: it completes by itself.
    public var implicit: Bool
    public var createdAt: Timestamp
    /// The fail-safe: past it, the session is cancelled and rolled back.
    public var deadline: Timestamp
    public var state: State
    /// When the owner's connection closed.
    public var ownerGoneAt: Timestamp?
    /// Since when neither the owner nor any member of its app group is connected: the session is rolled back
    /// after the grace period from then.
    public var unattendedSince: Timestamp?
    /// The app group whose connections share the session (docs/protocol.md §7), if it was prepared for one.
    public var appGroup: String?
    public var deviceName: String?
    public var roomID: RoomID?

    public enum State: Hashable, Sendable {
        /// Waiting for an onboarding payload.
        case prepared
        /// Walking the steps; a reply to `commission_with_code` is pending.
        case running(Run)
        /// On the fabric, waiting for `complete_commissioning` or `cancel_commissioning`; with its node's
        /// `ohfAttributesJSON`, made once for the reply to `commission_with_code` and the `node_added` of completion
        /// (nothing changes the provisional node's attributes in between).
        case commissioned(Node, attributesJSON: JSONValue)
    }

    /// One attempt to commission a device.
    public struct Run: Hashable, Sendable {
        public var connectionID: UInt64
        public var messageID: JSONValue
        public var payload: CommissioningTarget
        /// The device discovery found, if any.
        public var deviceID: SimulatedDeviceID?
        public var step: CommissioningStep
        public var stepEndsAt: Timestamp
        public var profile: TimingProfile
    }

    public var stateName: String {
        switch state {
        case .prepared: "prepared"
        case .running: "commissioning"
        case .commissioned: "commissioned"
        }
    }
}

/// What an onboarding payload tells commissioning: how to find the device and how to prove it.
public struct CommissioningTarget: Hashable, Sendable {
    public enum Discriminator: Hashable, Sendable {
        case long(UInt16)
        case short(UInt8)
    }

    public var discriminator: Discriminator
    public var passcode: UInt32
    public var vendorID: UInt16?
    public var productID: UInt16?

    /// Discovery finds devices by discriminator only, as CHIP's `SetUpCodePairer` does; the vendor and
    /// product IDs of a code do not filter.
    public func matches(_ device: SimulatedDevice) -> Bool {
        switch discriminator {
        case .long(let value): value == device.discriminator
        case .short(let value): value == UInt8(device.discriminator >> 8)
        }
    }
}
