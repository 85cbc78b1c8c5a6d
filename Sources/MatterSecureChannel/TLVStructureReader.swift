import MatterTLV

/// Typed access to the context-tagged members of a decoded TLV structure, with `PASEMessageError`s.
struct TLVStructureReader {
    let members: [TLVElement]

    /// Decodes `bytes` as exactly one anonymous structure.
    init(payload bytes: [UInt8]) throws(PASEMessageError) {
        let element: TLVElement
        do {
            element = try TLVDecoder().decodeElement(bytes)
        } catch {
            throw .notTLV(error)
        }
        guard element.tag == .anonymous, case .structure(let members) = element.value else {
            throw .notAnonymousStructure
        }
        self.members = members
    }

    init(structure element: TLVElement, field: String) throws(PASEMessageError) {
        guard case .structure(let members) = element.value else { throw .wrongType(field) }
        self.members = members
    }

    func element(_ tag: UInt8) -> TLVElement? {
        members.first { $0.tag == .context(tag) }
    }

    func bytes(_ tag: UInt8, _ field: String, length: ClosedRange<Int>) throws(PASEMessageError) -> [UInt8] {
        guard let element = element(tag) else { throw .missingField(field) }
        guard case .bytes(let bytes) = element.value else { throw .wrongType(field) }
        guard length.contains(bytes.count) else {
            let expected = length.count == 1 ? "\(length.lowerBound)" : "\(length.lowerBound) to \(length.upperBound)"
            throw .wrongLength(field: field, expected: expected, actual: bytes.count)
        }
        return bytes
    }

    func unsigned<T: FixedWidthInteger & UnsignedInteger>(
        _ tag: UInt8, _ field: String, as type: T.Type
    ) throws(PASEMessageError) -> T {
        guard let value = try optionalUnsigned(tag, field, as: type) else { throw .missingField(field) }
        return value
    }

    func optionalUnsigned<T: FixedWidthInteger & UnsignedInteger>(
        _ tag: UInt8, _ field: String, as type: T.Type
    ) throws(PASEMessageError) -> T? {
        guard let element = element(tag) else { return nil }
        guard case .unsigned(let value) = element.value else { throw .wrongType(field) }
        guard let result = T(exactly: value) else { throw .valueOutOfRange(field: field, value: value) }
        return result
    }

    func bool(_ tag: UInt8, _ field: String) throws(PASEMessageError) -> Bool {
        guard let element = element(tag) else { throw .missingField(field) }
        guard case .bool(let value) = element.value else { throw .wrongType(field) }
        return value
    }
}
