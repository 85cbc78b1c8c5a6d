import MatterTLV

/// Reads the context-tagged members of an attestation TLV structure in order, each where it must be.
struct AttestationFields {
    private let members: [TLVElement]
    private(set) var index = 0

    init(_ members: [TLVElement]) {
        self.members = members
    }

    /// Whether the next member carries context tag `tag`.
    func has(_ tag: UInt8) -> Bool {
        index < members.count && members[index].tag == .context(tag)
    }

    /// The members not read yet.
    var rest: ArraySlice<TLVElement> { members[index...] }

    private mutating func take(_ tag: UInt8, _ field: String) throws(AttestationError) -> TLVValue {
        guard has(tag) else { throw .missingField(field) }
        index += 1
        return members[index - 1].value
    }

    mutating func unsigned<T: FixedWidthInteger & UnsignedInteger>(
        _ tag: UInt8, _ field: String, as type: T.Type
    ) throws(AttestationError) -> T {
        guard case .unsigned(let value) = try take(tag, field) else { throw .wrongType(field) }
        guard let result = T(exactly: value) else {
            throw .invalidValue(field: field, reason: "\(value) does not fit \(T.self)")
        }
        return result
    }

    mutating func bytes(_ tag: UInt8, _ field: String) throws(AttestationError) -> [UInt8] {
        guard case .bytes(let bytes) = try take(tag, field) else { throw .wrongType(field) }
        return bytes
    }

    mutating func string(_ tag: UInt8, _ field: String) throws(AttestationError) -> String {
        guard case .utf8(let string) = try take(tag, field) else { throw .wrongType(field) }
        return string
    }

    mutating func array(_ tag: UInt8, _ field: String) throws(AttestationError) -> [TLVElement] {
        guard case .array(let members) = try take(tag, field) else { throw .wrongType(field) }
        return members
    }
}
