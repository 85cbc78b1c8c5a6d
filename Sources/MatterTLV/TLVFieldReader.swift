/// The errors a message codec reports when reading a TLV structure's fields: its own error type, so each codec
/// keeps its messages and callers see one type (the PASE and Interaction Model errors conform).
public protocol TLVFieldError: Error {
    static func notTLV(_ error: TLVDecodingError) -> Self
    static var notAnonymousStructure: Self { get }
    static func missingField(_ field: String) -> Self
    static func wrongType(_ field: String) -> Self
    static func valueOutOfRange(field: String, value: UInt64) -> Self
}

/// Typed access to the context-tagged members of a decoded TLV structure (or list), throwing `Failure`s that
/// name the field. Absent optional fields read as nil; the `required…` readers throw `missingField`.
public struct TLVFieldReader<Failure: TLVFieldError> {
    public let members: [TLVElement]

    /// Decodes `bytes` as exactly one anonymous structure: the shape of every Secure Channel and Interaction
    /// Model message.
    public init(payload bytes: [UInt8]) throws(Failure) {
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

    /// The members of `element`, which must be a structure (or a list, when `allowsList`).
    public init(_ element: TLVElement, _ name: String, allowsList: Bool = false) throws(Failure) {
        switch element.value {
        case .structure(let members): self.members = members
        case .list(let members):
            guard allowsList else { throw .wrongType(name) }
            self.members = members
        case .signed, .unsigned, .bool, .float, .double, .utf8, .bytes, .null, .array: throw .wrongType(name)
        }
    }

    public func element(_ tag: UInt8) -> TLVElement? {
        members.first { $0.tag == .context(tag) }
    }

    public func unsigned<T: FixedWidthInteger & UnsignedInteger>(
        _ tag: UInt8, _ field: String, as type: T.Type
    ) throws(Failure) -> T? {
        guard let element = element(tag) else { return nil }
        guard case .unsigned(let value) = element.value else { throw .wrongType(field) }
        guard let result = T(exactly: value) else { throw .valueOutOfRange(field: field, value: value) }
        return result
    }

    public func requiredUnsigned<T: FixedWidthInteger & UnsignedInteger>(
        _ tag: UInt8, _ field: String, as type: T.Type
    ) throws(Failure) -> T {
        guard let value = try unsigned(tag, field, as: type) else { throw .missingField(field) }
        return value
    }

    public func bool(_ tag: UInt8, _ field: String) throws(Failure) -> Bool? {
        guard let element = element(tag) else { return nil }
        guard case .bool(let value) = element.value else { throw .wrongType(field) }
        return value
    }

    public func requiredBool(_ tag: UInt8, _ field: String) throws(Failure) -> Bool {
        guard let value = try bool(tag, field) else { throw .missingField(field) }
        return value
    }

    public func bytes(_ tag: UInt8, _ field: String) throws(Failure) -> [UInt8]? {
        guard let element = element(tag) else { return nil }
        guard case .bytes(let bytes) = element.value else { throw .wrongType(field) }
        return bytes
    }

    /// The members of an array field (nil when absent).
    public func array(_ tag: UInt8, _ field: String) throws(Failure) -> [TLVElement]? {
        guard let element = element(tag) else { return nil }
        guard case .array(let members) = element.value else { throw .wrongType(field) }
        return members
    }
}
