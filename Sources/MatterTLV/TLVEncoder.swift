/// Encodes `TLVElement` values as Matter TLV (Matter Core Specification, Appendix A).
///
/// Integers, lengths and tags take the smallest encoding that holds them, as the CHIP writer does, so
/// the output for a given element is canonical.
public enum TLVEncoder {
    public static func encode(_ element: TLVElement) -> [UInt8] {
        var output: [UInt8] = []
        append(element, to: &output)
        return output
    }

    public static func encode(_ elements: [TLVElement]) -> [UInt8] {
        var output: [UInt8] = []
        for element in elements {
            append(element, to: &output)
        }
        return output
    }

    public static func append(_ element: TLVElement, to output: inout [UInt8]) {
        let (tagControl, tagBytes) = encodeTag(element.tag)
        func control(_ type: TLVElementType) {
            output.append(tagControl.rawValue << 5 | type.rawValue)
            output.append(contentsOf: tagBytes)
        }
        switch element.value {
        case .signed(let value):
            let width = signedWidth(value)
            control(TLVElementType(rawValue: TLVElementType.signed1.rawValue + widthCode(width))!)
            appendInteger(UInt64(bitPattern: value), width: width, to: &output)
        case .unsigned(let value):
            let width = unsignedWidth(value)
            control(TLVElementType(rawValue: TLVElementType.unsigned1.rawValue + widthCode(width))!)
            appendInteger(value, width: width, to: &output)
        case .bool(let value):
            control(value ? .boolTrue : .boolFalse)
        case .float(let value):
            control(.float32)
            appendInteger(UInt64(value.bitPattern), width: 4, to: &output)
        case .double(let value):
            control(.float64)
            appendInteger(value.bitPattern, width: 8, to: &output)
        case .utf8(let string):
            let bytes = Array(string.utf8)
            let width = unsignedWidth(UInt64(bytes.count))
            control(TLVElementType(rawValue: TLVElementType.utf8Length1.rawValue + widthCode(width))!)
            appendInteger(UInt64(bytes.count), width: width, to: &output)
            output.append(contentsOf: bytes)
        case .bytes(let bytes):
            let width = unsignedWidth(UInt64(bytes.count))
            control(TLVElementType(rawValue: TLVElementType.bytesLength1.rawValue + widthCode(width))!)
            appendInteger(UInt64(bytes.count), width: width, to: &output)
            output.append(contentsOf: bytes)
        case .null:
            control(.null)
        case .structure(let members), .array(let members), .list(let members):
            switch element.value {
            case .structure: control(.structure)
            case .array: control(.array)
            default: control(.list)
            }
            for member in members {
                append(member, to: &output)
            }
            output.append(TLVElementType.endOfContainer.rawValue)
        }
    }

    private static func encodeTag(_ tag: TLVTag) -> (TLVTagControl, [UInt8]) {
        switch tag {
        case .anonymous:
            return (.anonymous, [])
        case .context(let number):
            return (.context, [number])
        case .commonProfile(let number):
            return number <= 0xFFFF
                ? (.commonProfile2, littleEndian(UInt64(number), width: 2))
                : (.commonProfile4, littleEndian(UInt64(number), width: 4))
        case .implicitProfile(let number):
            return number <= 0xFFFF
                ? (.implicitProfile2, littleEndian(UInt64(number), width: 2))
                : (.implicitProfile4, littleEndian(UInt64(number), width: 4))
        case .fullyQualified(let vendor, let profile, let number):
            let prefix = littleEndian(UInt64(vendor), width: 2) + littleEndian(UInt64(profile), width: 2)
            return number <= 0xFFFF
                ? (.fullyQualified6, prefix + littleEndian(UInt64(number), width: 2))
                : (.fullyQualified8, prefix + littleEndian(UInt64(number), width: 4))
        }
    }

    private static func unsignedWidth(_ value: UInt64) -> Int {
        switch value {
        case 0...0xFF: 1
        case 0x100...0xFFFF: 2
        case 0x1_0000...0xFFFF_FFFF: 4
        default: 8
        }
    }

    private static func signedWidth(_ value: Int64) -> Int {
        switch value {
        case Int64(Int8.min)...Int64(Int8.max): 1
        case Int64(Int16.min)...Int64(Int16.max): 2
        case Int64(Int32.min)...Int64(Int32.max): 4
        default: 8
        }
    }

    /// The offset of a width within its family of element types: 1, 2, 4, 8 bytes → 0, 1, 2, 3.
    private static func widthCode(_ width: Int) -> UInt8 {
        UInt8(width.trailingZeroBitCount)
    }

    private static func appendInteger(_ value: UInt64, width: Int, to output: inout [UInt8]) {
        output.append(contentsOf: littleEndian(value, width: width))
    }

    private static func littleEndian(_ value: UInt64, width: Int) -> [UInt8] {
        (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
