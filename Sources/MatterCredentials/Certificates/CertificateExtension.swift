/// One extension of a Matter certificate, in the order the certificate lists them (Matter Core §6.5.11; TLV
/// context tags 1–6 of the extensions list, CHIP `CHIPCert.h` `kTag_BasicConstraints` …).
public enum CertificateExtension: Hashable, Sendable {
    /// basicConstraints (critical in X.509): whether the subject is a CA, and its path length constraint.
    case basicConstraints(isCA: Bool, pathLength: UInt8?)
    /// keyUsage (critical in X.509).
    case keyUsage(KeyUsage)
    /// extKeyUsage (critical in X.509): CHIP's key purpose numbers, in order.
    case extendedKeyUsage([KeyPurpose])
    /// subjectKeyIdentifier: 20 bytes.
    case subjectKeyIdentifier([UInt8])
    /// authorityKeyIdentifier's keyIdentifier: 20 bytes.
    case authorityKeyIdentifier([UInt8])
    /// Any other extension, kept as its whole DER `Extension` SEQUENCE (its OID must be one Matter does not know).
    case future([UInt8])

    /// The extension's context tag in the TLV extensions list.
    public var tlvTag: UInt8 {
        switch self {
        case .basicConstraints: 1
        case .keyUsage: 2
        case .extendedKeyUsage: 3
        case .subjectKeyIdentifier: 4
        case .authorityKeyIdentifier: 5
        case .future: 6
        }
    }
}

/// X.509 key usage bits (RFC 5280 §4.2.1.3), numbered as CHIP's `KeyUsageFlags`: bit i is the BIT STRING's bit i.
public struct KeyUsage: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16

    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    public static let digitalSignature = KeyUsage(rawValue: 0x0001)
    public static let nonRepudiation = KeyUsage(rawValue: 0x0002)
    public static let keyEncipherment = KeyUsage(rawValue: 0x0004)
    public static let dataEncipherment = KeyUsage(rawValue: 0x0008)
    public static let keyAgreement = KeyUsage(rawValue: 0x0010)
    public static let keyCertSign = KeyUsage(rawValue: 0x0020)
    public static let cRLSign = KeyUsage(rawValue: 0x0040)
    public static let encipherOnly = KeyUsage(rawValue: 0x0080)
    public static let decipherOnly = KeyUsage(rawValue: 0x0100)

    /// The bits CHIP's converters accept (`KeyUsageFlags::HasOnly` in CHIPCertToX509.cpp and
    /// CHIPCertFromX509.cpp lists encipherOnly twice and decipherOnly never, so decipherOnly is refused).
    public static let convertible = KeyUsage(rawValue: 0x00FF)
}

/// An extended key usage purpose, numbered as CHIP's OID enum (`gen_asn1oid.py`, category KeyPurpose).
public enum KeyPurpose: UInt8, Hashable, Sendable, CaseIterable {
    case serverAuth = 1
    case clientAuth = 2
    case codeSigning = 3
    case emailProtection = 4
    case timeStamping = 5
    case ocspSigning = 6

    /// id-kp-* (RFC 5280 §4.2.1.12).
    public var oid: OID {
        switch self {
        case .serverAuth: OID(1, 3, 6, 1, 5, 5, 7, 3, 1)
        case .clientAuth: OID(1, 3, 6, 1, 5, 5, 7, 3, 2)
        case .codeSigning: OID(1, 3, 6, 1, 5, 5, 7, 3, 3)
        case .emailProtection: OID(1, 3, 6, 1, 5, 5, 7, 3, 4)
        case .timeStamping: OID(1, 3, 6, 1, 5, 5, 7, 3, 8)
        case .ocspSigning: OID(1, 3, 6, 1, 5, 5, 7, 3, 9)
        }
    }
}
