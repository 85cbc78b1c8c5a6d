import MatterCrypto

/// Builds DER encodings (ITU-T X.690 §10) as byte arrays: each function returns one whole element.
///
/// Containers take their members already encoded, so a structure reads top-down like its ASN.1.
public enum DER {
    /// An element: identifier, shortest definite length, content.
    public static func element(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        [tag] + length(content.count) + content
    }

    public static func sequence(_ members: [[UInt8]]) -> [UInt8] {
        element(DERTag.sequence, members.flatMap { $0 })
    }

    public static func set(_ members: [[UInt8]]) -> [UInt8] {
        element(DERTag.set, members.flatMap { $0 })
    }

    /// `[number] EXPLICIT`: the context-specific constructed tag around already encoded members.
    public static func explicit(_ number: UInt8, _ members: [[UInt8]]) -> [UInt8] {
        element(DERTag.contextConstructed(number), members.flatMap { $0 })
    }

    /// An X.509 `Extension ::= SEQUENCE { extnID, critical BOOLEAN DEFAULT FALSE, extnValue OCTET STRING }`
    /// around the extension's own DER (`critical` written only when true, as DER wants a DEFAULT left out).
    public static func `extension`(_ oid: OID, critical: Bool, _ value: [UInt8]) -> [UInt8] {
        sequence([objectIdentifier(oid)] + (critical ? [boolean(true)] : []) + [octetString(value)])
    }

    /// AlgorithmIdentifier { ecdsa-with-SHA256 }, the parameters absent (RFC 5758 §3.2): every signature Matter
    /// credentials carry.
    public static let ecdsaWithSHA256Algorithm = sequence([objectIdentifier(.ecdsaWithSHA256)])

    /// AlgorithmIdentifier { id-ecPublicKey, prime256v1 } (RFC 5480 §2.1.1): every key Matter credentials carry.
    public static let p256PublicKeyAlgorithm = sequence([objectIdentifier(.ecPublicKey), objectIdentifier(.prime256v1)])

    /// SubjectPublicKeyInfo of a P-256 point.
    public static func subjectPublicKeyInfo(_ point: P256Point) -> [UInt8] {
        subjectPublicKeyInfo(uncompressed: point.uncompressed)
    }

    /// SubjectPublicKeyInfo of an uncompressed P-256 point's bytes, as a certificate carries them.
    public static func subjectPublicKeyInfo(uncompressed bytes: [UInt8]) -> [UInt8] {
        sequence([p256PublicKeyAlgorithm, bitString(bytes)])
    }

    /// An INTEGER whose content octets are given as they are (already minimal two's complement).
    public static func integer(content: [UInt8]) -> [UInt8] {
        element(DERTag.integer, content)
    }

    /// An INTEGER holding the unsigned big-endian `magnitude`: leading zeros dropped, a zero byte added
    /// before a set top bit.
    public static func integer(unsigned magnitude: some Collection<UInt8>) -> [UInt8] {
        var significant = Array(magnitude.drop { $0 == 0 })
        if significant.first.map({ $0 & 0x80 != 0 }) ?? true {
            significant.insert(0, at: 0)
        }
        return integer(content: significant)
    }

    /// An INTEGER holding a non-negative value.
    public static func integer(_ value: Int64) -> [UInt8] {
        precondition(value >= 0, "only non-negative INTEGERs are written")
        return integer(unsigned: (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) })
    }

    public static func boolean(_ value: Bool) -> [UInt8] {
        element(DERTag.boolean, [value ? 0xFF : 0x00])
    }

    public static func objectIdentifier(_ oid: OID) -> [UInt8] {
        element(DERTag.objectIdentifier, oid.encoded)
    }

    public static func octetString(_ bytes: some Collection<UInt8>) -> [UInt8] {
        element(DERTag.octetString, Array(bytes))
    }

    /// A BIT STRING of whole bytes (no unused bits).
    public static func bitString(_ bytes: some Collection<UInt8>) -> [UInt8] {
        element(DERTag.bitString, [0] + Array(bytes))
    }

    /// A BIT STRING of named bits, bit i of `value` being the string's bit i, trailing zero bits left out
    /// (X.690 §11.2.2), as CHIP's `ASN1Writer::PutBitString(uint32_t)` writes a KeyUsage.
    public static func namedBits(_ value: UInt32) -> [UInt8] {
        guard value != 0 else { return element(DERTag.bitString, [0]) }
        let highestBit = 31 - value.leadingZeroBitCount
        let byteCount = highestBit / 8 + 1
        let bytes = (0..<byteCount).map { UInt8(truncatingIfNeeded: value >> (8 * $0)).bitReversed }
        return element(DERTag.bitString, [UInt8(7 - highestBit % 8)] + bytes)
    }

    /// A string element of type `tag` (UTF8String, PrintableString, IA5String).
    public static func string(_ tag: UInt8, _ string: String) -> [UInt8] {
        element(tag, Array(string.utf8))
    }

    /// UTCTime for the years 1950–2049, GeneralizedTime otherwise (RFC 5280 §4.1.2.5).
    public static func time(_ time: UTCDateTime) -> [UInt8] {
        func digits(_ value: Int, _ width: Int) -> [UInt8] {
            (0..<width).reversed().map { UInt8(ascii: "0") + UInt8(value / Int(pow10($0)) % 10) }
        }
        let rest =
            digits(time.month, 2) + digits(time.day, 2) + digits(time.hour, 2) + digits(time.minute, 2)
            + digits(time.second, 2) + [UInt8(ascii: "Z")]
        if (1950...2049).contains(time.year) {
            return element(DERTag.utcTime, digits(time.year % 100, 2) + rest)
        }
        return element(DERTag.generalizedTime, digits(time.year, 4) + rest)
    }

    /// The length octets: short form below 128, else the long form with the fewest bytes.
    static func length(_ count: Int) -> [UInt8] {
        guard count >= 0x80 else { return [UInt8(count)] }
        var bytes: [UInt8] = []
        var rest = count
        while rest > 0 {
            bytes.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        }
        return [0x80 | UInt8(bytes.count)] + bytes
    }

    private static func pow10(_ exponent: Int) -> Int {
        (0..<exponent).reduce(1) { result, _ in result * 10 }
    }
}
