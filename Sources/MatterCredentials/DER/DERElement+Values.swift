/// Typed readings of primitive DER values, each checked against the DER rules of ITU-T X.690 §8 and §10.
extension DERElement {
    /// The content of an INTEGER in its minimal two's-complement form (X.690 §8.3.2).
    public func integerContent() throws(DERDecodingError) -> ArraySlice<UInt8> {
        try checkTag(DERTag.integer)
        guard let first = content.first else { throw .invalidValue("an empty INTEGER", offset: offset) }
        if content.count > 1 {
            let second = content[content.startIndex + 1]
            guard !(first == 0x00 && second & 0x80 == 0), !(first == 0xFF && second & 0x80 != 0) else {
                throw .invalidValue("an INTEGER that is not minimal", offset: offset)
            }
        }
        return content
    }

    /// A non-negative INTEGER that fits in 63 bits (versions, path lengths).
    public func smallInteger() throws(DERDecodingError) -> Int64 {
        let content = try integerContent()
        guard content.first! & 0x80 == 0 else { throw .invalidValue("a negative INTEGER", offset: offset) }
        let significant = content.drop { $0 == 0 }
        guard significant.count <= 7 else { throw .invalidValue("an INTEGER too large", offset: offset) }
        return significant.reduce(0) { $0 << 8 | Int64($1) }
    }

    /// A BOOLEAN: one byte, 0x00 or 0xFF in DER (X.690 §11.1).
    public func boolean() throws(DERDecodingError) -> Bool {
        try checkTag(DERTag.boolean)
        guard content.count == 1, content.first == 0x00 || content.first == 0xFF else {
            throw .invalidValue("a BOOLEAN that is not 0x00 or 0xFF", offset: offset)
        }
        return content.first == 0xFF
    }

    /// An OBJECT IDENTIFIER (X.690 §8.19).
    public func objectIdentifier() throws(DERDecodingError) -> OID {
        try checkTag(DERTag.objectIdentifier)
        guard let oid = OID(encoded: Array(content)) else {
            throw .invalidValue("a malformed OBJECT IDENTIFIER", offset: offset)
        }
        return oid
    }

    /// A BIT STRING with no unused bits: its whole bytes (public keys, signatures).
    public func bitStringBytes() throws(DERDecodingError) -> ArraySlice<UInt8> {
        try checkTag(DERTag.bitString)
        guard content.first == 0 else { throw .invalidValue("a BIT STRING with unused bits", offset: offset) }
        return content.dropFirst()
    }

    /// A BIT STRING of named bits as an integer whose bit i is the string's bit i (bit 0 first), as CHIP's
    /// `ASN1Reader::GetBitString` reads a KeyUsage; the unused trailing bits must be zero (X.690 §11.2.1).
    public func namedBits() throws(DERDecodingError) -> UInt32 {
        try checkTag(DERTag.bitString)
        guard let unused = content.first, unused < 8, content.count <= 5 else {
            throw .invalidValue("a BIT STRING of named bits that is malformed or longer than 32 bits", offset: offset)
        }
        let bits = content.dropFirst()
        guard unused == 0 || !bits.isEmpty else {
            throw .invalidValue("an empty BIT STRING with unused bits", offset: offset)
        }
        guard bits.last.map({ $0 & ((1 << unused) - 1) == 0 }) ?? true else {
            throw .invalidValue("a BIT STRING whose unused bits are not zero", offset: offset)
        }
        var value: UInt32 = 0
        for (index, byte) in bits.enumerated() {
            value |= UInt32(byte.bitReversed) << (8 * index)
        }
        return value
    }

    /// An OCTET STRING's bytes.
    public func octetString() throws(DERDecodingError) -> ArraySlice<UInt8> {
        try checkTag(DERTag.octetString)
        return content
    }

    /// A UTF8String, PrintableString or IA5String (the string types a Matter DN carries), with its type.
    public func directoryString() throws(DERDecodingError) -> (String, tag: UInt8) {
        switch tag {
        case DERTag.utf8String:
            guard let string = String(validating: content, as: UTF8.self) else {
                throw .invalidValue("a UTF8String that is not UTF-8", offset: offset)
            }
            return (string, tag)
        case DERTag.printableString:
            guard content.allSatisfy(\.isPrintableStringCharacter) else {
                throw .invalidValue("a PrintableString with a character outside its set", offset: offset)
            }
            return (String(decoding: content, as: UTF8.self), tag)
        case DERTag.ia5String:
            guard content.allSatisfy({ $0 < 0x80 }) else {
                throw .invalidValue("an IA5String with a byte above 0x7F", offset: offset)
            }
            return (String(decoding: content, as: UTF8.self), tag)
        default:
            throw .invalidValue("a string type other than UTF8String, PrintableString or IA5String", offset: offset)
        }
    }

    /// A UTCTime (YYMMDDHHMMSSZ, years 1950–2049) or GeneralizedTime (YYYYMMDDHHMMSSZ), as RFC 5280 §4.1.2.5
    /// requires them in certificates.
    public func time() throws(DERDecodingError) -> UTCDateTime {
        let digits = Array(content)
        let expectedCount: Int
        switch tag {
        case DERTag.utcTime: expectedCount = 13
        case DERTag.generalizedTime: expectedCount = 15
        default: throw .unexpectedTag(expected: DERTag.utcTime, found: tag, offset: offset)
        }
        guard digits.count == expectedCount, digits.last == UInt8(ascii: "Z"),
            digits.dropLast().allSatisfy({ (0x30...0x39).contains($0) })
        else { throw .invalidValue("a time that is not YYMMDDHHMMSSZ or YYYYMMDDHHMMSSZ", offset: offset) }
        func number(_ start: Int, _ count: Int) -> Int {
            digits[start..<start + count].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        var year: Int
        var index: Int
        if tag == DERTag.utcTime {
            year = number(0, 2)
            year += year >= 50 ? 1900 : 2000
            index = 2
        } else {
            year = number(0, 4)
            index = 4
        }
        let fields = (0..<5).map { number(index + 2 * $0, 2) }
        index += 10
        guard
            let time = UTCDateTime(
                year: year, month: fields[0], day: fields[1], hour: fields[2], minute: fields[3], second: fields[4])
        else { throw .invalidValue("a time with a field out of range", offset: offset) }
        return time
    }
}

extension UInt8 {
    /// The byte with its bit order reversed (DER bit strings count bit 0 from the most significant bit).
    var bitReversed: UInt8 {
        var value = self
        value = (value & 0xF0) >> 4 | (value & 0x0F) << 4
        value = (value & 0xCC) >> 2 | (value & 0x33) << 2
        value = (value & 0xAA) >> 1 | (value & 0x55) << 1
        return value
    }

    /// Whether the byte is in PrintableString's set (X.680 §41.4): letters, digits, space and '()+,-./:=?.
    var isPrintableStringCharacter: Bool {
        switch self {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            Array(" '()+,-./:=?".utf8).contains(self)
        }
    }
}
