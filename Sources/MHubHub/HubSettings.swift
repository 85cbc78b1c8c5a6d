import MHubConfiguration

/// The parts of the daemon's configuration the hub's logic uses.
public struct HubSettings: Sendable {
    public var hubName: String
    /// The hub as a commissionable node: vendor, product, discriminator and passcode of its own window.
    public var identity: HubIdentity
    public var profile: TimingProfile
    public var sessionTimeout: Int64
    public var disconnectGrace: Int64
    public var declaredDevices: [SimulatedDeviceDeclaration]
    /// Who may name which app group (`control.app_groups`); empty: anyone with the commission scope.
    public var appGroups: [AppGroupRule]
    /// Whether the daemon serves Matter at all (`matter.enabled`): a device can be on the network only then.
    public var matterEnabled: Bool
    /// Whether a device added without saying is on the network (`matter.devices_on_network`).
    public var devicesOnNetwork: Bool
    /// How many devices may be on the network at once (`matter.max_network_devices`).
    public var maximumNetworkDevices: Int
    /// Whether the daemon serves the home as a HomeKit bridge (`homekit.enabled`).
    public var homeKitEnabled: Bool

    public init(_ configuration: DaemonConfiguration) {
        hubName = configuration.hub.name
        identity = configuration.hub
        profile = TimingProfile.named(configuration.commissioning.timingProfile) ?? .instant
        sessionTimeout = Int64(configuration.commissioning.sessionTimeoutSeconds) * 1000
        disconnectGrace = Int64(configuration.commissioning.disconnectGraceMilliseconds)
        declaredDevices = configuration.simulatedDevices
        appGroups = configuration.control.appGroups
        matterEnabled = configuration.matter.enabled
        devicesOnNetwork = configuration.matter.devicesOnNetwork
        maximumNetworkDevices = configuration.matter.maximumNetworkDevices
        homeKitEnabled = configuration.homeKit.enabled
    }
}
