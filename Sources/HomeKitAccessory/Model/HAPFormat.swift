/// A characteristic's value format, as `/accessories` names it (HAP R14 Table 6-5).
public enum HAPFormat: String, Hashable, Sendable, CaseIterable {
    case bool
    case uint8
    case uint16
    case uint32
    case uint64
    case int
    case float
    case string
    case tlv8
    case data

    /// Whether its values are whole numbers.
    public var isInteger: Bool {
        switch self {
        case .uint8, .uint16, .uint32, .uint64, .int: true
        case .bool, .float, .string, .tlv8, .data: false
        }
    }

    /// The range its values may take, for the integer formats.
    public var integerRange: ClosedRange<Double>? {
        switch self {
        case .uint8: 0...Double(UInt8.max)
        case .uint16: 0...Double(UInt16.max)
        case .uint32: 0...Double(UInt32.max)
        case .uint64: 0...Double(UInt64.max)
        case .int: Double(Int32.min)...Double(Int32.max)
        case .bool, .float, .string, .tlv8, .data: nil
        }
    }
}
