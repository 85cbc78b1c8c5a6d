/// The values Apple's `MatterAddDeviceRequest` (MatterSupport) hands between an app, the system UI and the app's
/// Matter Add Device extension, as plain values for code that runs without MatterSupport (tests, Linux).
public enum MatterAddDeviceRequest {
    /// A home the app offers the user (`MatterAddDeviceRequest.Home(displayName:)`): the hub finds the structure by
    /// this name.
    public struct Home: Hashable, Sendable {
        public var displayName: String

        public init(displayName: String) {
            self.displayName = displayName
        }
    }

    /// A room the extension offers (`MatterAddDeviceRequest.Room(displayName:)`).
    public struct Room: Hashable, Sendable {
        public var displayName: String

        public init(displayName: String) {
            self.displayName = displayName
        }
    }

    /// What the app shows the system UI (`MatterAddDeviceRequest.Topology`).
    public struct Topology: Hashable, Sendable {
        public var ecosystemName: String
        public var homes: [Home]

        public init(ecosystemName: String, homes: [Home]) {
            self.ecosystemName = ecosystemName
            self.homes = homes
        }
    }
}
