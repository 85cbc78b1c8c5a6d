/// The `T` key's bitmap: bit 1 TCP client, bit 2 TCP server (reference A.1; CHIP emits `T=2` or `T=6`).
public struct MatterTCPSupport: OptionSet, Hashable, Sendable {
    public var rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let client = MatterTCPSupport(rawValue: 1 << 1)
    public static let server = MatterTCPSupport(rawValue: 1 << 2)
}
