/// One Matter TLV element: a tag and a value.
public struct TLVElement: Hashable, Sendable {
    public var tag: TLVTag
    public var value: TLVValue

    public init(tag: TLVTag = .anonymous, _ value: TLVValue) {
        self.tag = tag
        self.value = value
    }

    /// The first member of a structure or list with this tag, if the value is a container.
    public func member(_ tag: TLVTag) -> TLVElement? {
        value.members?.first { $0.tag == tag }
    }
}

/// The value of a Matter TLV element (Matter Core Specification, Appendix A.7.2 "Element types").
public enum TLVValue: Hashable, Sendable {
    case signed(Int64)
    case unsigned(UInt64)
    case bool(Bool)
    case float(Float)
    case double(Double)
    case utf8(String)
    case bytes([UInt8])
    case null
    /// Members carry distinct non-anonymous tags.
    case structure([TLVElement])
    /// Members are anonymous.
    case array([TLVElement])
    /// Members carry any tags, in order.
    case list([TLVElement])

    /// The members of a container value; `nil` for a primitive.
    public var members: [TLVElement]? {
        switch self {
        case .structure(let members), .array(let members), .list(let members): members
        case .signed, .unsigned, .bool, .float, .double, .utf8, .bytes, .null: nil
        }
    }

    /// The value as an unsigned integer, if it is a non-negative integer of either signedness.
    public var unsignedValue: UInt64? {
        switch self {
        case .unsigned(let value): value
        case .signed(let value): value >= 0 ? UInt64(value) : nil
        default: nil
        }
    }
}

/// The element type field: the lower five bits of a TLV control byte (Appendix A.7.2).
enum TLVElementType: UInt8 {
    case signed1 = 0x00
    case signed2, signed4, signed8
    case unsigned1 = 0x04
    case unsigned2, unsigned4, unsigned8
    case boolFalse = 0x08
    case boolTrue
    case float32 = 0x0A
    case float64
    case utf8Length1 = 0x0C
    case utf8Length2, utf8Length4, utf8Length8
    case bytesLength1 = 0x10
    case bytesLength2, bytesLength4, bytesLength8
    case null = 0x14
    case structure = 0x15
    case array, list
    case endOfContainer = 0x18
}
