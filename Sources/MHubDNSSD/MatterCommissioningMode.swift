/// The `CM` key: whether and how a node's commissioning window is open (reference A.1; CHIP `Advertiser.h`
/// `enum CommissioningMode`).
public enum MatterCommissioningMode: UInt8, Hashable, Sendable {
    /// `CM=0`: the window is closed; the node is still discoverable (extended discovery).
    case disabled = 0
    /// `CM=1`: the basic commissioning window is open (the onboarding payload's passcode).
    case basic = 1
    /// `CM=2`: an enhanced commissioning window is open (a passcode from the Administrator Commissioning
    /// cluster).
    case enhanced = 2
}
