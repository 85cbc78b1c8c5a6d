import MatterTLV

/// The errors of a decoder that reads TLV fields in a fixed order: MatterTLV's field errors, and one for
/// an element where none may stand.
protocol SequentialTLVFieldError: TLVFieldError {
    static func unexpectedElement(_ description: String) -> Self
}

/// Reads the members of a TLV container one after the other, each with the context tag it must have, as
/// CHIP's decoders of certificates and attestation data read them (`reader.Next(ContextTag(n))`).
struct TLVFieldSequence<Failure: SequentialTLVFieldError> {
    private let members: [TLVElement]
    private var index = 0

    init(_ members: [TLVElement]) {
        self.members = members
    }

    /// The members of `bytes`, which must be exactly one anonymous structure nested at most `maximumDepth` deep.
    init(structure bytes: [UInt8], maximumDepth: Int) throws(Failure) {
        let element: TLVElement
        do {
            element = try TLVDecoder(maximumDepth: maximumDepth).decodeElement(bytes)
        } catch {
            throw .notTLV(error)
        }
        guard element.tag == .anonymous, case .structure(let members) = element.value else {
            throw .notAnonymousStructure
        }
        self.init(members)
    }

    /// Whether the next member carries context tag `tag`.
    func has(_ tag: UInt8) -> Bool {
        index < members.count && members[index].tag == .context(tag)
    }

    /// The members not read yet.
    var rest: ArraySlice<TLVElement> { members[index...] }

    private mutating func take(_ tag: UInt8, _ field: String) throws(Failure) -> TLVValue {
        guard has(tag) else { throw .missingField(field) }
        index += 1
        return members[index - 1].value
    }

    mutating func unsigned<T: FixedWidthInteger & UnsignedInteger>(
        _ tag: UInt8, _ field: String, as type: T.Type
    ) throws(Failure) -> T {
        guard case .unsigned(let value) = try take(tag, field) else { throw .wrongType(field) }
        guard let result = T(exactly: value) else { throw .valueOutOfRange(field: field, value: value) }
        return result
    }

    mutating func optionalUnsigned<T: FixedWidthInteger & UnsignedInteger>(
        _ tag: UInt8, _ field: String, as type: T.Type
    ) throws(Failure) -> T? {
        guard has(tag) else { return nil }
        return try unsigned(tag, field, as: type)
    }

    mutating func bytes(_ tag: UInt8, _ field: String) throws(Failure) -> [UInt8] {
        guard case .bytes(let bytes) = try take(tag, field) else { throw .wrongType(field) }
        return bytes
    }

    mutating func optionalBytes(_ tag: UInt8, _ field: String) throws(Failure) -> [UInt8]? {
        guard has(tag) else { return nil }
        return try bytes(tag, field)
    }

    mutating func bool(_ tag: UInt8, _ field: String) throws(Failure) -> Bool {
        guard case .bool(let value) = try take(tag, field) else { throw .wrongType(field) }
        return value
    }

    mutating func string(_ tag: UInt8, _ field: String) throws(Failure) -> String {
        guard case .utf8(let string) = try take(tag, field) else { throw .wrongType(field) }
        return string
    }

    mutating func list(_ tag: UInt8, _ field: String) throws(Failure) -> [TLVElement] {
        guard case .list(let members) = try take(tag, field) else { throw .wrongType(field) }
        return members
    }

    mutating func array(_ tag: UInt8, _ field: String) throws(Failure) -> [TLVElement] {
        guard case .array(let members) = try take(tag, field) else { throw .wrongType(field) }
        return members
    }

    /// Every member must have been read.
    func finish() throws(Failure) {
        guard index == members.count else { throw .unexpectedElement("\(members[index].tag)") }
    }
}

extension CertificateFormatError: SequentialTLVFieldError {
    public static func valueOutOfRange(field: String, value: UInt64) -> CertificateFormatError {
        .invalidValue(field: field, reason: "\(value) is out of range")
    }

    static func unexpectedElement(_ description: String) -> CertificateFormatError {
        .unexpectedField(description)
    }
}

extension AttestationError: SequentialTLVFieldError {
    public static func valueOutOfRange(field: String, value: UInt64) -> AttestationError {
        .invalidValue(field: field, reason: "\(value) is out of range")
    }

    static func unexpectedElement(_ description: String) -> AttestationError {
        .invalidValue(field: "structure", reason: "unexpected element \(description)")
    }
}
