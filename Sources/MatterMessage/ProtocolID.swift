/// A protocol: vendor ID and protocol number (CHIP `src/protocols/Protocols.h`).
public struct ProtocolID: Hashable, Sendable, CustomStringConvertible {
    /// 0x0000 for the Matter standard protocols.
    public var vendorID: UInt16
    public var protocolNumber: UInt16

    public init(vendorID: UInt16 = 0, protocolNumber: UInt16) {
        self.vendorID = vendorID
        self.protocolNumber = protocolNumber
    }

    /// The 32-bit form used in a StatusReport: vendor << 16 | protocol
    /// (CHIP `Protocols::Id::ToFullyQualifiedSpecForm`).
    public init(fullyQualified value: UInt32) {
        self.init(vendorID: UInt16(value >> 16), protocolNumber: UInt16(truncatingIfNeeded: value))
    }

    public var fullyQualified: UInt32 {
        UInt32(vendorID) << 16 | UInt32(protocolNumber)
    }

    public static let secureChannel = ProtocolID(protocolNumber: 0x0000)
    public static let interactionModel = ProtocolID(protocolNumber: 0x0001)
    public static let bdx = ProtocolID(protocolNumber: 0x0002)
    public static let userDirectedCommissioning = ProtocolID(protocolNumber: 0x0003)
    public static let echo = ProtocolID(protocolNumber: 0x0004)

    public var description: String {
        "0x" + hex(vendorID, width: 4) + ":0x" + hex(protocolNumber, width: 4)
    }
}

func hex(_ value: some BinaryInteger, width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}
