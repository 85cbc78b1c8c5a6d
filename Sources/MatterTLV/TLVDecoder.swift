/// Decodes Matter TLV (Matter Core Specification, Appendix A) into `TLVElement` values.
///
/// All integers are little-endian. Like the CHIP reader, it does not police which tags a container's
/// members carry; callers that care check that themselves.
public struct TLVDecoder: Sendable {
    /// The deepest container nesting accepted; deeper input fails instead of exhausting the stack.
    public var maximumDepth: Int

    public init(maximumDepth: Int = 32) {
        self.maximumDepth = maximumDepth
    }

    /// Decodes exactly one element that spans all of `bytes`.
    public func decodeElement(_ bytes: some Collection<UInt8>) throws(TLVDecodingError) -> TLVElement {
        var cursor = Cursor(bytes: Array(bytes))
        guard let element = try decodeNext(&cursor, depth: 0) else {
            throw .unexpectedEndOfContainer(offset: 0)
        }
        guard cursor.isAtEnd else { throw .trailingBytes(offset: cursor.offset) }
        return element
    }

    /// Decodes a sequence of top-level elements that spans all of `bytes`.
    public func decodeElements(_ bytes: some Collection<UInt8>) throws(TLVDecodingError) -> [TLVElement] {
        var cursor = Cursor(bytes: Array(bytes))
        var elements: [TLVElement] = []
        while !cursor.isAtEnd {
            let start = cursor.offset
            guard let element = try decodeNext(&cursor, depth: 0) else {
                throw .unexpectedEndOfContainer(offset: start)
            }
            elements.append(element)
        }
        return elements
    }

    /// Decodes the next element, or returns `nil` at an end-of-container marker.
    private func decodeNext(_ cursor: inout Cursor, depth: Int) throws(TLVDecodingError) -> TLVElement? {
        let start = cursor.offset
        let control = try cursor.byte(elementStart: start)
        guard let type = TLVElementType(rawValue: control & 0x1F) else {
            throw .reservedElementType(control & 0x1F, offset: start)
        }
        // Every 3-bit value is a tag control, so this cannot fail.
        let tagControl = TLVTagControl(rawValue: control >> 5)!
        if type == .endOfContainer {
            return nil
        }
        let tag = try readTag(tagControl, &cursor, elementStart: start)
        let value = try readValue(type, &cursor, elementStart: start, depth: depth)
        return TLVElement(tag: tag, value)
    }

    private func readTag(
        _ control: TLVTagControl,
        _ cursor: inout Cursor,
        elementStart: Int
    ) throws(TLVDecodingError) -> TLVTag {
        switch control {
        case .anonymous: return .anonymous
        case .context: return .context(try cursor.byte(elementStart: elementStart))
        case .commonProfile2: return .commonProfile(UInt32(try cursor.integer(2, elementStart: elementStart)))
        case .commonProfile4: return .commonProfile(UInt32(try cursor.integer(4, elementStart: elementStart)))
        case .implicitProfile2: return .implicitProfile(UInt32(try cursor.integer(2, elementStart: elementStart)))
        case .implicitProfile4: return .implicitProfile(UInt32(try cursor.integer(4, elementStart: elementStart)))
        case .fullyQualified6, .fullyQualified8:
            let vendor = UInt16(try cursor.integer(2, elementStart: elementStart))
            let profile = UInt16(try cursor.integer(2, elementStart: elementStart))
            let width = control == .fullyQualified6 ? 2 : 4
            let number = UInt32(try cursor.integer(width, elementStart: elementStart))
            return .fullyQualified(vendorID: vendor, profile: profile, tag: number)
        }
    }

    private func readValue(
        _ type: TLVElementType,
        _ cursor: inout Cursor,
        elementStart: Int,
        depth: Int
    ) throws(TLVDecodingError) -> TLVValue {
        switch type {
        case .signed1, .signed2, .signed4, .signed8:
            let width = 1 << Int(type.rawValue - TLVElementType.signed1.rawValue)
            let raw = try cursor.integer(width, elementStart: elementStart)
            let shift = UInt64(64 - 8 * width)
            return .signed(Int64(bitPattern: raw << shift) >> shift)
        case .unsigned1, .unsigned2, .unsigned4, .unsigned8:
            let width = 1 << Int(type.rawValue - TLVElementType.unsigned1.rawValue)
            return .unsigned(try cursor.integer(width, elementStart: elementStart))
        case .boolFalse: return .bool(false)
        case .boolTrue: return .bool(true)
        case .float32: return .float(Float(bitPattern: UInt32(try cursor.integer(4, elementStart: elementStart))))
        case .float64: return .double(Double(bitPattern: try cursor.integer(8, elementStart: elementStart)))
        case .utf8Length1, .utf8Length2, .utf8Length4, .utf8Length8:
            let width = 1 << Int(type.rawValue - TLVElementType.utf8Length1.rawValue)
            let bytes = try cursor.lengthPrefixed(width, elementStart: elementStart)
            guard let string = String(validating: bytes, as: UTF8.self) else {
                throw .invalidUTF8(offset: elementStart)
            }
            return .utf8(string)
        case .bytesLength1, .bytesLength2, .bytesLength4, .bytesLength8:
            let width = 1 << Int(type.rawValue - TLVElementType.bytesLength1.rawValue)
            return .bytes(Array(try cursor.lengthPrefixed(width, elementStart: elementStart)))
        case .null: return .null
        case .structure, .array, .list:
            guard depth < maximumDepth else { throw .nestingTooDeep(limit: maximumDepth) }
            var members: [TLVElement] = []
            while true {
                guard !cursor.isAtEnd else { throw .truncated(offset: elementStart) }
                guard let member = try decodeNext(&cursor, depth: depth + 1) else { break }
                members.append(member)
            }
            switch type {
            case .structure: return .structure(members)
            case .array: return .array(members)
            default: return .list(members)
            }
        case .endOfContainer:
            throw .unexpectedEndOfContainer(offset: elementStart)
        }
    }
}

/// A read position in a byte array; every read is bounds-checked.
private struct Cursor {
    let bytes: [UInt8]
    var offset = 0

    var isAtEnd: Bool { offset == bytes.count }

    mutating func byte(elementStart: Int) throws(TLVDecodingError) -> UInt8 {
        guard offset < bytes.count else { throw .truncated(offset: elementStart) }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// Reads a little-endian unsigned integer of `width` bytes.
    mutating func integer(_ width: Int, elementStart: Int) throws(TLVDecodingError) -> UInt64 {
        guard bytes.count - offset >= width else { throw .truncated(offset: elementStart) }
        var value: UInt64 = 0
        for index in 0..<width {
            value |= UInt64(bytes[offset + index]) << (8 * index)
        }
        offset += width
        return value
    }

    mutating func lengthPrefixed(_ width: Int, elementStart: Int) throws(TLVDecodingError) -> ArraySlice<UInt8> {
        let lengthOffset = offset
        let length = try integer(width, elementStart: elementStart)
        guard length <= UInt64(bytes.count - offset) else { throw .lengthTooLarge(offset: lengthOffset) }
        let end = offset + Int(length)
        defer { offset = end }
        return bytes[offset..<end]
    }
}
