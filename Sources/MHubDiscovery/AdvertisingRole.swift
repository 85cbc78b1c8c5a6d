import MHubHub

/// What one advertised service says about the hub (docs/dns-sd.md).
public enum AdvertisingRole: Hashable, Sendable {
    /// `_matterd._udp`: the hub is a commissioner that takes User Directed Commissioning (reference A.2).
    case commissioner
    /// `_matterc._udp`: the hub's own commissioning window is open (reference A.1).
    case commissionable
    /// `_matter._tcp`: the hub's operational identity on a fabric it joined as a commissionee, by fabric index
    /// (reference A.3; matter-commissionee.md §7), from AddNOC on.
    case operational(fabricIndex: UInt8)
    /// `_meshcop._udp`: the hub as a Thread Border Agent (reference A.4).
    case borderAgent
    /// `_matterc._udp` for a simulated device on the network while its own window is open, on its own port.
    case deviceCommissionable(SimulatedDeviceID)
    /// `_matter._tcp` for a simulated device on the network on one fabric its own node joined, by fabric index.
    case deviceOperational(SimulatedDeviceID, fabricIndex: UInt8)
    /// `_hap._tcp`: the hub as a HomeKit bridge (docs/homekit.md).
    case homeKit

    /// The role's name in `get_advertising`.
    public var name: String {
        switch self {
        case .commissioner: "commissioner"
        case .commissionable: "commissionable"
        case .operational: "operational"
        case .borderAgent: "border_agent"
        case .deviceCommissionable: "device_commissionable"
        case .deviceOperational: "device_operational"
        case .homeKit: "homekit"
        }
    }
}
