/// The transports a device can be discovered on (the QR code's 8-bit "rendezvous information").
///
/// Bits from CHIP `src/setup_payload/SetupPayload.h` `RendezvousInformationFlag`; bits 6 and 7 are
/// reserved and fail validation in produce mode.
public struct DiscoveryCapabilities: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let softAP = DiscoveryCapabilities(rawValue: 1 << 0)
    public static let ble = DiscoveryCapabilities(rawValue: 1 << 1)
    public static let onNetwork = DiscoveryCapabilities(rawValue: 1 << 2)
    public static let wifiPAF = DiscoveryCapabilities(rawValue: 1 << 3)
    public static let nfc = DiscoveryCapabilities(rawValue: 1 << 4)
    public static let thread = DiscoveryCapabilities(rawValue: 1 << 5)

    /// Every bit the specification assigns.
    public static let known: DiscoveryCapabilities = [.softAP, .ble, .onNetwork, .wifiPAF, .nfc, .thread]

    /// Each assigned bit with its stable name, in bit order.
    public static let named: [(DiscoveryCapabilities, String)] = [
        (.softAP, "soft-ap"), (.ble, "ble"), (.onNetwork, "on-network"),
        (.wifiPAF, "wifi-paf"), (.nfc, "nfc"), (.thread, "thread"),
    ]

    /// The names of the bits set; a reserved bit shows as `bit6` or `bit7`.
    public var names: [String] {
        var names = Self.named.filter { contains($0.0) }.map(\.1)
        for bit in 6..<8 where rawValue & (1 << bit) != 0 {
            names.append("bit\(bit)")
        }
        return names
    }

    public init?(name: String) {
        guard let entry = Self.named.first(where: { $0.1 == name }) else { return nil }
        self = entry.0
    }
}
