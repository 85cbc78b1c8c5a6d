import MatterCrypto

/// A Matter operational certificate (RCAC, ICAC or NOC) in the Matter TLV form that AddTrustedRootCertificate,
/// AddNOC and CASE carry (Matter Core §6.5; CHIP `src/credentials/CHIPCert.h`).
///
/// The fields are those of the TLV structure; the signature algorithm (ecdsa-with-SHA256), public key algorithm
/// (id-ecPublicKey) and curve (prime256v1) are the only ones Matter defines, so they are implied. The
/// signature is over the X.509 TBSCertificate that `tbsCertificateDER` rebuilds.
public struct MatterCertificate: Hashable, Sendable {
    /// kMaxCHIPCertLength: the largest TLV certificate CHIP accepts.
    public static let maximumTLVLength = 400

    /// The serial number: the content octets of the X.509 INTEGER (1–20 bytes, RFC 5280 §4.1.2.2).
    public var serialNumber: [UInt8]
    public var issuer: DistinguishedName
    /// Seconds since the Matter epoch, 2000-01-01T00:00:00Z.
    public var notBefore: UInt32
    /// Seconds since the Matter epoch; 0 means no well-defined expiration (X.509 99991231235959Z).
    public var notAfter: UInt32
    public var subject: DistinguishedName
    /// The subject's P-256 public key, uncompressed (65 bytes).
    public var publicKey: [UInt8]
    public var extensions: [CertificateExtension]
    /// The issuer's ECDSA-SHA256 signature, raw r ‖ s (64 bytes).
    public var signature: [UInt8]

    public init(
        serialNumber: [UInt8], issuer: DistinguishedName, notBefore: UInt32, notAfter: UInt32,
        subject: DistinguishedName, publicKey: [UInt8], extensions: [CertificateExtension], signature: [UInt8]
    ) {
        self.serialNumber = serialNumber
        self.issuer = issuer
        self.notBefore = notBefore
        self.notAfter = notAfter
        self.subject = subject
        self.publicKey = publicKey
        self.extensions = extensions
        self.signature = signature
    }

    /// The subject's public key as a point on P-256.
    public func publicKeyPoint() throws(CertificateFormatError) -> P256Point {
        do {
            return try P256Point(uncompressed: publicKey)
        } catch {
            throw .invalidValue(field: "ec-pub-key", reason: "not a point on P-256")
        }
    }

    /// basicConstraints: whether the subject is a CA (false when the extension is absent).
    public var isCA: Bool {
        for case .basicConstraints(let isCA, _) in extensions { return isCA }
        return false
    }

    /// basicConstraints' path length constraint, if any.
    public var pathLengthConstraint: UInt8? {
        for case .basicConstraints(_, let pathLength) in extensions { return pathLength }
        return nil
    }

    /// keyUsage, if present.
    public var keyUsage: KeyUsage? {
        for case .keyUsage(let usage) in extensions { return usage }
        return nil
    }

    /// extKeyUsage's purposes, if present.
    public var extendedKeyUsage: [KeyPurpose]? {
        for case .extendedKeyUsage(let purposes) in extensions { return purposes }
        return nil
    }

    /// The subject key identifier (20 bytes), if present.
    public var subjectKeyIdentifier: [UInt8]? {
        for case .subjectKeyIdentifier(let id) in extensions { return id }
        return nil
    }

    /// The authority key identifier (20 bytes), if present.
    public var authorityKeyIdentifier: [UInt8]? {
        for case .authorityKeyIdentifier(let id) in extensions { return id }
        return nil
    }

    /// The kind of certificate its subject makes it (CHIP `ChipDN::GetCertType`), if the subject is well-formed.
    public var kind: MatterCertificateKind? {
        MatterCertificateKind(subject: subject)
    }
}

/// What a Matter certificate is, from the identifier attribute in its subject (CHIP `ChipDN::GetCertType`).
public enum MatterCertificateKind: Hashable, Sendable {
    /// A root CA (subject holds matter-rcac-id).
    case root
    /// An intermediate CA (matter-icac-id).
    case intermediate
    /// A node operational certificate (matter-node-id, with matter-fabric-id).
    case node
    /// A firmware signing certificate (matter-firmware-signing-id).
    case firmwareSigning

    /// The kind the subject names: exactly one identifier attribute and at most one fabric ID, which a node
    /// certificate must have. `nil` for any other subject.
    init?(subject: DistinguishedName) {
        var kind: MatterCertificateKind?
        var fabricIDs = 0
        for attribute in subject.attributes {
            let found: MatterCertificateKind?
            switch attribute {
            case .matterRCACID: found = .root
            case .matterICACID: found = .intermediate
            case .matterNodeID: found = .node
            case .matterFirmwareSigningID: found = .firmwareSigning
            case .matterFabricID:
                fabricIDs += 1
                found = nil
            case .text, .matterCASEAuthenticatedTag: found = nil
            }
            if let found {
                guard kind == nil else { return nil }
                kind = found
            }
        }
        guard let kind, fabricIDs <= 1, kind != .node || fabricIDs == 1 else { return nil }
        self = kind
    }
}
