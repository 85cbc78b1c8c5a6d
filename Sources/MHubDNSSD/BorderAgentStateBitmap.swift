/// The `sb` key of `_meshcop._udp`: the Border Agent's state as a 32-bit bitmap (reference A.4; OpenThread
/// `src/core/meshcop/border_agent_txt_data.hpp` `StateBitmap`, the same as old OTBR `StateBitmap::ToUint32`).
///
/// Bits 0–2 connection mode, 3–4 Thread interface status, 5–6 availability, 7 BBR active, 8 BBR primary,
/// 9–10 Thread role, 11 ePSKc supported. Newer OpenThread adds multi-AIL and admitter bits whose offsets the
/// reference did not find; they stay 0 here.
public struct BorderAgentStateBitmap: Hashable, Sendable {
    public enum ConnectionMode: UInt32, Hashable, Sendable {
        case disabled = 0
        case pskc = 1
        case pskd = 2
        case vendor = 3
        case x509 = 4
    }

    public enum InterfaceStatus: UInt32, Hashable, Sendable {
        case notInitialized = 0
        case initialized = 1
        case active = 2
    }

    public enum Availability: UInt32, Hashable, Sendable {
        case infrequent = 0
        case high = 1
    }

    public enum Role: UInt32, Hashable, Sendable {
        case disabledOrDetached = 0
        case child = 1
        case router = 2
        case leader = 3
    }

    /// A Thread device role as OpenThread's MLE reports it, for `init(role:borderAgentRunning:)`.
    public enum ThreadDeviceRole: Hashable, Sendable {
        case disabled
        case detached
        case child
        case router
        case leader
    }

    public var connectionMode: ConnectionMode
    public var interfaceStatus: InterfaceStatus
    public var availability: Availability
    public var backboneRouterActive: Bool
    public var backboneRouterPrimary: Bool
    public var role: Role
    public var ephemeralKeySupported: Bool

    public init(
        connectionMode: ConnectionMode, interfaceStatus: InterfaceStatus, availability: Availability = .high,
        backboneRouterActive: Bool = false, backboneRouterPrimary: Bool = false, role: Role,
        ephemeralKeySupported: Bool = false
    ) {
        self.connectionMode = connectionMode
        self.interfaceStatus = interfaceStatus
        self.availability = availability
        self.backboneRouterActive = backboneRouterActive
        self.backboneRouterPrimary = backboneRouterPrimary
        self.role = role
        self.ephemeralKeySupported = ephemeralKeySupported
    }

    /// The bitmap OpenThread derives from the device role (`StateBitmap::Determine`): PSKc while the Border
    /// Agent runs, availability high; disabled → interface not initialized, detached → initialized,
    /// child/router/leader → active with that role.
    public init(role deviceRole: ThreadDeviceRole, borderAgentRunning: Bool = true) {
        let status: InterfaceStatus
        let role: Role
        switch deviceRole {
        case .disabled: (status, role) = (.notInitialized, .disabledOrDetached)
        case .detached: (status, role) = (.initialized, .disabledOrDetached)
        case .child: (status, role) = (.active, .child)
        case .router: (status, role) = (.active, .router)
        case .leader: (status, role) = (.active, .leader)
        }
        self.init(
            connectionMode: borderAgentRunning ? .pskc : .disabled, interfaceStatus: status, availability: .high,
            role: role)
    }

    public var rawValue: UInt32 {
        var value = connectionMode.rawValue
        value |= interfaceStatus.rawValue << 3
        value |= availability.rawValue << 5
        value |= backboneRouterActive ? 1 << 7 : 0
        value |= backboneRouterPrimary ? 1 << 8 : 0
        value |= role.rawValue << 9
        value |= ephemeralKeySupported ? 1 << 11 : 0
        return value
    }
}
