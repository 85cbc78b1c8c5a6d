/// How a device expects to be put into commissioning mode (Matter Core Specification 5.1.3, "Custom Flow").
///
/// The QR code carries it in two bits; value 3 is reserved and fails validation.
public enum CommissioningFlow: UInt8, Sendable, CaseIterable, Hashable {
    /// Commissionable as soon as it is powered.
    case standard = 0
    /// The user must act on the device first (CHIP `kUserActionRequired`).
    case userIntent = 1
    /// The vendor's instructions say how; a manual code for this flow carries vendor and product IDs.
    case custom = 2
    case reserved = 3

    /// The stable name used in `mhubctl` output and arguments.
    public var name: String {
        switch self {
        case .standard: "standard"
        case .userIntent: "user-intent"
        case .custom: "custom"
        case .reserved: "reserved"
        }
    }

    public init?(name: String) {
        guard let flow = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = flow
    }
}
