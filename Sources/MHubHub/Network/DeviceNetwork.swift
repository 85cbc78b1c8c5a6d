import MatterDataModel

/// The network a simulated device joins when it is commissioned: what `network_setup` gives it, and what its Network
/// Commissioning and General Diagnostics clusters show afterwards.
///
/// Its names are also `SimulatedDeviceDeclaration.networks`, which the configuration checks against.
public enum DeviceNetwork: String, CaseIterable, Hashable, Sendable {
    case wifi
    case thread
    case ethernet

    /// What devices of a template join unless told otherwise, as such products mostly do: lights and plugs Wi-Fi,
    /// battery devices (sensors, locks, blinds, thermostats) Thread, a bridge Ethernet.
    public static func defaultFor(template key: String) -> DeviceNetwork {
        if key == SimulatedLayout.bridgeKey { return .ethernet }
        return DeviceTemplates.named(key)?.joinsWiFi == true ? .wifi : .thread
    }

    /// The names the protocol takes, for an error message.
    public static let names = allCases.map(\.rawValue).joined(separator: ", ")

    /// Network Commissioning's FeatureMap for this interface (Matter Core Specification 11.9.4: bit 0 Wi-Fi, bit 1
    /// Thread, bit 2 Ethernet).
    var networkCommissioningFeature: UInt64 {
        switch self {
        case .wifi: 0x1
        case .thread: 0x2
        case .ethernet: 0x4
        }
    }

    /// General Diagnostics' InterfaceTypeEnum (Matter Core Specification 11.12.5.3: 1 Wi-Fi, 2 Ethernet, 4 Thread).
    var interfaceType: UInt64 {
        switch self {
        case .wifi: 1
        case .thread: 4
        case .ethernet: 2
        }
    }
}
