/// An ASN.1 OBJECT IDENTIFIER, kept as its DER content octets (X.690 §8.19), so comparing two is comparing bytes.
public struct OID: Hashable, Sendable, CustomStringConvertible {
    /// The content octets: base-128 sub-identifiers, the first holding 40 · arc1 + arc2.
    public let encoded: [UInt8]

    /// The identifier of `arcs` (at least two; the first 0, 1 or 2; the second below 40 unless the first is 2).
    public init(_ arcs: UInt64...) {
        precondition(arcs.count >= 2 && arcs[0] <= 2 && (arcs[0] == 2 || arcs[1] < 40), "not an OID: \(arcs)")
        var bytes: [UInt8] = []
        for arc in [arcs[0] * 40 + arcs[1]] + arcs.dropFirst(2) {
            var group = [UInt8(arc & 0x7F)]
            var rest = arc >> 7
            while rest > 0 {
                group.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
                rest >>= 7
            }
            bytes += group
        }
        encoded = bytes
    }

    /// The identifier whose content octets are `encoded`, if they are well-formed: not empty, each
    /// sub-identifier minimal (no leading 0x80) and the last one complete.
    public init?(encoded: [UInt8]) {
        guard let last = encoded.last, last & 0x80 == 0 else { return nil }
        var startsSubidentifier = true
        for byte in encoded {
            if startsSubidentifier, byte == 0x80 { return nil }
            startsSubidentifier = byte & 0x80 == 0
        }
        self.encoded = encoded
    }

    /// The dotted form, e.g. `1.2.840.10045.4.3.2`.
    public var description: String {
        var arcs: [UInt64] = []
        var value: UInt64 = 0
        for byte in encoded {
            value = value << 7 | UInt64(byte & 0x7F)
            if byte & 0x80 == 0 {
                arcs.append(value)
                value = 0
            }
        }
        guard let first = arcs.first else { return "" }
        let head: [UInt64] = first < 80 ? [first / 40, first % 40] : [2, first - 80]
        return (head + arcs.dropFirst()).map(String.init).joined(separator: ".")
    }
}

/// The object identifiers of Matter credentials (CHIP `src/lib/asn1/gen_asn1oid.py`; RFC 5280, RFC 5480,
/// RFC 5652, RFC 5758, RFC 2986).
extension OID {
    /// id-ecPublicKey (RFC 5480).
    public static let ecPublicKey = OID(1, 2, 840, 10045, 2, 1)
    /// prime256v1, secp256r1 (RFC 5480).
    public static let prime256v1 = OID(1, 2, 840, 10045, 3, 1, 7)
    /// ecdsa-with-SHA256 (RFC 5758 §3.2).
    public static let ecdsaWithSHA256 = OID(1, 2, 840, 10045, 4, 3, 2)
    /// id-sha256 (RFC 5754 §2.2).
    public static let sha256 = OID(2, 16, 840, 1, 101, 3, 4, 2, 1)
    /// id-data (RFC 5652 §4).
    public static let cmsData = OID(1, 2, 840, 113549, 1, 7, 1)
    /// id-signedData (RFC 5652 §5.1).
    public static let cmsSignedData = OID(1, 2, 840, 113549, 1, 7, 2)

    public static let basicConstraints = OID(2, 5, 29, 19)
    public static let keyUsage = OID(2, 5, 29, 15)
    public static let extendedKeyUsage = OID(2, 5, 29, 37)
    public static let subjectKeyIdentifier = OID(2, 5, 29, 14)
    public static let authorityKeyIdentifier = OID(2, 5, 29, 35)

    /// The Matter attestation DN attributes (Matter Core §6.2.2.2): Vendor ID and Product ID.
    public static let matterVendorID = OID(1, 3, 6, 1, 4, 1, 37244, 2, 1)
    public static let matterProductID = OID(1, 3, 6, 1, 4, 1, 37244, 2, 2)
}
