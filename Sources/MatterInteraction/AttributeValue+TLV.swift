import MatterDataModel
import MatterTLV

extension AttributeValue {
    /// The value as the TLV an AttributeDataIB's Data carries (Matter Core Specification 7.19, "Data model
    /// types to TLV"): integers in their smallest encoding, as CHIP's `TLVWriter::Put` writes them; lists
    /// as TLV arrays; structures with their field IDs as context tags, in tag order.
    ///
    /// A float goes out as a single-precision TLV float when that loses nothing, else as a double: the
    /// value carries no declared width. A structure field ID above 255 cannot be a context tag and is
    /// left out (no cluster mhub models has one).
    public var tlvValue: TLVValue {
        switch self {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .signed(let value): return .signed(value)
        case .unsigned(let value): return .unsigned(value)
        case .float(let value):
            let single = Float(value)
            return Double(single) == value || value.isNaN ? .float(single) : .double(value)
        case .string(let value): return .utf8(value)
        case .bytes(let value): return .bytes(value)
        case .list(let items): return .array(items.map { TLVElement($0.tlvValue) })
        case .structure(let fields):
            let members = fields.keys.sorted().compactMap { key -> TLVElement? in
                guard let tag = UInt8(exactly: key), let value = fields[key] else { return nil }
                return TLVElement(tag: .context(tag), value.tlvValue)
            }
            return .structure(members)
        }
    }

    /// Reads attribute data back from TLV (for tests and peers written in Swift).
    public init(tlv value: TLVValue) throws(InteractionModelError) {
        switch value {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .signed(let value): self = .signed(value)
        case .unsigned(let value): self = .unsigned(value)
        case .float(let value): self = .float(Double(value))
        case .double(let value): self = .float(value)
        case .utf8(let value): self = .string(value)
        case .bytes(let value): self = .bytes(value)
        case .array(let items), .list(let items):
            var values: [AttributeValue] = []
            for item in items {
                values.append(try AttributeValue(tlv: item.value))
            }
            self = .list(values)
        case .structure(let members):
            var fields: [UInt32: AttributeValue] = [:]
            for member in members {
                guard case .context(let tag) = member.tag else { throw .wrongType("structure field tag") }
                fields[UInt32(tag)] = try AttributeValue(tlv: member.value)
            }
            self = .structure(fields)
        }
    }
}
