/// The ports the hub's records point at: the ports it really serves.
public struct AdvertisingPorts: Hashable, Sendable {
    /// The secured Matter port, for `_matterc._udp` and `_matter._tcp` (reference A.0).
    public var matter: UInt16
    /// The User Directed Commissioning port as bound, for `_matterd._udp` (reference A.0, E).
    public var udc: UInt16

    public init(matter: UInt16, udc: UInt16) {
        self.matter = matter
        self.udc = udc
    }
}
