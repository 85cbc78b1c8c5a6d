/// A certificate's issuer or subject: relative distinguished names of one attribute each, in order.
///
/// Matter Core §6.5.6 (Matter TLV DN encoding); CHIP `ChipDN` in `src/credentials/CHIPCert.h`. CHIP keeps at
/// most five attributes (`CHIP_CONFIG_CERT_MAX_RDN_ATTRIBUTES`), so decoders refuse more.
public struct DistinguishedName: Hashable, Sendable {
    public static let maximumAttributeCount = 5

    public var attributes: [DistinguishedNameAttribute]

    public init(_ attributes: [DistinguishedNameAttribute]) {
        self.attributes = attributes
    }

    /// The Matter node ID (an NOC's subject).
    public var nodeID: UInt64? {
        attributes.lazy.compactMap { if case .matterNodeID(let id) = $0 { id } else { nil } }.first
    }

    /// The fabric ID (an NOC's subject; optional in CA certificates).
    public var fabricID: UInt64? {
        attributes.lazy.compactMap { if case .matterFabricID(let id) = $0 { id } else { nil } }.first
    }

    /// The RCAC ID (a root's subject and issuer, an ICAC's or NOC's issuer).
    public var rcacID: UInt64? {
        attributes.lazy.compactMap { if case .matterRCACID(let id) = $0 { id } else { nil } }.first
    }

    /// The ICAC ID (an ICAC's subject, an NOC's issuer under an ICAC).
    public var icacID: UInt64? {
        attributes.lazy.compactMap { if case .matterICACID(let id) = $0 { id } else { nil } }.first
    }

    /// The CASE Authenticated Tags, in order (an NOC carries at most three, Matter Core §6.6.2.1.2).
    public var caseAuthenticatedTags: [UInt32] {
        attributes.compactMap { if case .matterCASEAuthenticatedTag(let tag) = $0 { tag } else { nil } }
    }
}

/// One DN attribute (CHIP `ChipRDN`): a standard X.520 string attribute or one of Matter's identifiers.
public enum DistinguishedNameAttribute: Hashable, Sendable {
    /// A standard string attribute; `printable` selects PrintableString over UTF8String in X.509 (TLV tag bit
    /// 0x80). A DomainComponent is always an IA5String in X.509 whatever the flag says.
    case text(TextAttributeType, String, printable: Bool)
    case matterNodeID(UInt64)
    case matterFirmwareSigningID(UInt64)
    case matterICACID(UInt64)
    case matterRCACID(UInt64)
    case matterFabricID(UInt64)
    /// A CASE Authenticated Tag: identifier (high 16 bits) and version (low 16 bits, never 0).
    case matterCASEAuthenticatedTag(UInt32)

    /// The TLV tag number: the attribute's CHIP OID enum (`gen_asn1oid.py`), with 0x80 for a PrintableString.
    public var tlvTag: UInt8 {
        switch self {
        case .text(let type, _, let printable): type.rawValue | (printable ? 0x80 : 0)
        case .matterNodeID: 17
        case .matterFirmwareSigningID: 18
        case .matterICACID: 19
        case .matterRCACID: 20
        case .matterFabricID: 21
        case .matterCASEAuthenticatedTag: 22
        }
    }

    /// The attribute type's OID.
    public var oid: OID {
        switch self {
        case .text(let type, _, _): type.oid
        case .matterNodeID: Self.matterOID(1)
        case .matterFirmwareSigningID: Self.matterOID(2)
        case .matterICACID: Self.matterOID(3)
        case .matterRCACID: Self.matterOID(4)
        case .matterFabricID: Self.matterOID(5)
        case .matterCASEAuthenticatedTag: Self.matterOID(6)
        }
    }

    /// 1.3.6.1.4.1.37244.1.`number`: the Matter operational DN attributes (Matter Core §6.5.6.1).
    static func matterOID(_ number: UInt64) -> OID {
        OID(1, 3, 6, 1, 4, 1, 37244, 1, number)
    }
}

/// The standard X.520 attribute types a Matter certificate's DN may hold, numbered as CHIP's OID enum.
public enum TextAttributeType: UInt8, Hashable, Sendable, CaseIterable {
    case commonName = 1
    case surname = 2
    case serialNumber = 3
    case countryName = 4
    case localityName = 5
    case stateOrProvinceName = 6
    case organizationName = 7
    case organizationalUnitName = 8
    case title = 9
    case name = 10
    case givenName = 11
    case initials = 12
    case generationQualifier = 13
    case dnQualifier = 14
    case pseudonym = 15
    case domainComponent = 16

    /// 2.5.4.x (X.520), or 0.9.2342.19200300.100.1.25 for DomainComponent (RFC 4519).
    public var oid: OID {
        switch self {
        case .commonName: OID(2, 5, 4, 3)
        case .surname: OID(2, 5, 4, 4)
        case .serialNumber: OID(2, 5, 4, 5)
        case .countryName: OID(2, 5, 4, 6)
        case .localityName: OID(2, 5, 4, 7)
        case .stateOrProvinceName: OID(2, 5, 4, 8)
        case .organizationName: OID(2, 5, 4, 10)
        case .organizationalUnitName: OID(2, 5, 4, 11)
        case .title: OID(2, 5, 4, 12)
        case .name: OID(2, 5, 4, 41)
        case .givenName: OID(2, 5, 4, 42)
        case .initials: OID(2, 5, 4, 43)
        case .generationQualifier: OID(2, 5, 4, 44)
        case .dnQualifier: OID(2, 5, 4, 46)
        case .pseudonym: OID(2, 5, 4, 65)
        case .domainComponent: OID(0, 9, 2342, 19_200_300, 100, 1, 25)
        }
    }
}

extension UInt32 {
    /// Whether the value is a valid CASE Authenticated Tag: its version (low 16 bits) is not 0 (Matter Core
    /// §6.6.2.1.2; CHIP `IsValidCASEAuthTag`).
    var isValidCASEAuthenticatedTag: Bool {
        self & 0xFFFF != 0
    }
}

extension UInt64 {
    /// Whether the value is an operational node ID, 0x1 … 0xFFFF_FFEF_FFFF_FFFF (Matter Core §2.5.5.1; CHIP
    /// `IsOperationalNodeId`).
    public var isOperationalNodeID: Bool {
        (1...0xFFFF_FFEF_FFFF_FFFF).contains(self)
    }
}
