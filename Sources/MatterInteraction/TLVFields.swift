import MatterTLV

/// Typed access to the context-tagged members of a decoded TLV structure or list, with
/// `InteractionModelError`s that name the field.
struct TLVFields {
    let members: [TLVElement]
    let container: String

    /// Decodes `bytes` as exactly one anonymous structure: the shape of every Interaction Model message.
    init(message bytes: [UInt8]) throws(InteractionModelError) {
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
        container = "message"
    }

    /// The members of `element`, which must be a structure (or a list, when `allowsList`).
    init(_ element: TLVElement, _ name: String, allowsList: Bool = false) throws(InteractionModelError) {
        switch element.value {
        case .structure(let members): self.members = members
        case .list(let members):
            guard allowsList else { throw .wrongType(name) }
            self.members = members
        case .signed, .unsigned, .bool, .float, .double, .utf8, .bytes, .null, .array: throw .wrongType(name)
        }
        container = name
    }

    func element(_ tag: UInt8) -> TLVElement? {
        members.first { $0.tag == .context(tag) }
    }

    func unsigned<T: FixedWidthInteger & UnsignedInteger>(
        _ tag: UInt8, _ field: String, as type: T.Type
    ) throws(InteractionModelError) -> T? {
        guard let element = element(tag) else { return nil }
        guard case .unsigned(let value) = element.value else { throw .wrongType(field) }
        guard let result = T(exactly: value) else { throw .valueOutOfRange(field: field, value: value) }
        return result
    }

    func bool(_ tag: UInt8, _ field: String) throws(InteractionModelError) -> Bool? {
        guard let element = element(tag) else { return nil }
        guard case .bool(let value) = element.value else { throw .wrongType(field) }
        return value
    }

    /// The members of an array field (nil when absent).
    func array(_ tag: UInt8, _ field: String) throws(InteractionModelError) -> [TLVElement]? {
        guard let element = element(tag) else { return nil }
        guard case .array(let members) = element.value else { throw .wrongType(field) }
        return members
    }
}
