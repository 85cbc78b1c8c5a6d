import MatterCrypto

/// A validated NOC chain, RCAC → [ICAC →] NOC, and what AddNOC and CASE read from it.
///
/// The rules are those of CHIP `ChipCertificateSet::ValidateCert` and `FabricTable::VerifyCredentials`
/// (Matter Core §6.5.x "Certificate path validation"): the root is self-issued and self-signed, every
/// issuer/subject and key identifier pair matches, each signature verifies with its issuer's key, CA
/// certificates are CAs with keyCertSign within their path length, the NOC has digitalSignature and
/// serverAuth (what CHIP asks of it in AddNOC and CASE), no critical future extension, one fabric ID
/// throughout, valid node ID and CATs, and each certificate valid at the given time.
public struct OperationalCertificateChain: Hashable, Sendable {
    public let rcac: MatterCertificate
    public let icac: MatterCertificate?
    public let noc: MatterCertificate

    /// The NOC's node ID (operational).
    public let nodeID: UInt64
    /// The fabric ID the NOC names (and the CA certificates, where they name one).
    public let fabricID: UInt64
    /// The NOC's CASE Authenticated Tags.
    public let caseAuthenticatedTags: [UInt32]
    /// The root's public key: with the fabric ID, it names the fabric (compressed fabric ID, destination IDs).
    public let rootPublicKey: P256Point
    /// The node's operational public key (it must be the key of the CSR the node made).
    public let nodePublicKey: P256Point

    /// Validates the chain; `time` (seconds since the Matter epoch) checks each certificate's validity
    /// period, and `nil` skips that check, as CHIP's AddNOC does (its validity policy accepts any time).
    public init(
        rcac: MatterCertificate, icac: MatterCertificate?, noc: MatterCertificate, at time: UInt32?
    ) throws(CertificateValidationError) {
        try Self.check(rcac, .root, "RCAC", time: time)
        if let icac { try Self.check(icac, .intermediate, "ICAC", time: time) }
        try Self.check(noc, .node, "NOC", time: time)

        // The root is its own issuer: issuer == subject, AKID == SKID, and it verifies its own signature
        // (CHIP ValidateChipRCAC, called by AddTrustedRootCertificate).
        let rootKey = try Self.publicKey(rcac, "RCAC")
        guard rcac.issuer == rcac.subject, rcac.authorityKeyIdentifier == rcac.subjectKeyIdentifier else {
            throw .notSelfIssued
        }
        guard rcac.isSignatureValid(issuerPublicKey: rootKey) else { throw .badSignature("RCAC") }

        // Path: NOC (depth 0) ← ICAC (depth 1) ← RCAC (depth 1 or 2).
        let cas: [(MatterCertificate, String)] = (icac.map { [($0, "ICAC")] } ?? []) + [(rcac, "RCAC")]
        var child = (noc, "NOC")
        for (depth, (ca, name)) in cas.enumerated() {
            try Self.checkCA(ca, name, depth: depth + 1)
            guard child.0.issuer == ca.subject else { throw .issuerMismatch(child.1) }
            guard child.0.authorityKeyIdentifier == ca.subjectKeyIdentifier else {
                throw .keyIdentifierMismatch(child.1)
            }
            guard child.0.isSignatureValid(issuerPublicKey: try Self.publicKey(ca, name)) else {
                throw .badSignature(child.1)
            }
            child = (ca, name)
        }

        guard let usage = noc.keyUsage, usage.contains(.digitalSignature) else {
            throw .usageNotAllowed("the NOC's keyUsage lacks digitalSignature")
        }
        guard noc.extendedKeyUsage?.contains(.serverAuth) == true else {
            throw .usageNotAllowed("the NOC's extKeyUsage lacks serverAuth")
        }
        guard let nodeID = noc.subject.nodeID, nodeID.isOperationalNodeID else { throw .invalidNodeID }
        guard let fabricID = noc.subject.fabricID, fabricID != 0 else { throw .invalidFabricID }
        for ca in [icac, rcac].compactMap({ $0 }) {
            guard ca.subject.fabricID.map({ $0 == fabricID }) ?? true else { throw .fabricMismatch }
        }
        let tags = noc.subject.caseAuthenticatedTags
        // At most three, each with a version, no identifier twice (CHIP CATValues::AreValid, Matter Core §6.6.2.1.2).
        guard tags.count <= 3, Set(tags.map { $0 >> 16 }).count == tags.count else {
            throw .invalidCASEAuthenticatedTags
        }

        self.rcac = rcac
        self.icac = icac
        self.noc = noc
        self.nodeID = nodeID
        self.fabricID = fabricID
        caseAuthenticatedTags = tags
        rootPublicKey = rootKey
        nodePublicKey = try Self.publicKey(noc, "NOC")
    }

    /// Validates the TLV certificates as they arrive in AddTrustedRootCertificate and AddNOC.
    public init(rcac: [UInt8], icac: [UInt8]?, noc: [UInt8], at time: UInt32?) throws(CertificateValidationError) {
        func decode(_ bytes: [UInt8], _ name: String) throws(CertificateValidationError) -> MatterCertificate {
            do {
                return try MatterCertificate(tlv: bytes)
            } catch {
                throw .malformed(name, error)
            }
        }
        try self.init(
            rcac: decode(rcac, "RCAC"),
            icac: icac.map { (bytes) throws(CertificateValidationError) in try decode(bytes, "ICAC") },
            noc: decode(noc, "NOC"), at: time)
    }

    private static func check(
        _ certificate: MatterCertificate, _ kind: MatterCertificateKind, _ name: String, time: UInt32?
    ) throws(CertificateValidationError) {
        guard certificate.kind == kind else { throw .wrongKind(name) }
        guard certificate.subjectKeyIdentifier != nil, certificate.authorityKeyIdentifier != nil else {
            throw .missingKeyIdentifier(name)
        }
        for case .future(let der) in certificate.extensions {
            if (try? FutureExtension(der: der))?.isCritical != false {
                throw .usageNotAllowed("the \(name) has a critical unknown extension")
            }
        }
        if let time {
            guard time >= certificate.notBefore else { throw .notYetValid(name) }
            guard certificate.notAfter == 0 || time <= certificate.notAfter else { throw .expired(name) }
        }
    }

    private static func checkCA(_ ca: MatterCertificate, _ name: String, depth: Int) throws(CertificateValidationError)
    {
        guard ca.isCA else { throw .usageNotAllowed("the \(name) is not a CA") }
        guard ca.keyUsage?.contains(.keyCertSign) == true else {
            throw .usageNotAllowed("the \(name)'s keyUsage lacks keyCertSign")
        }
        // RFC 5280 §4.2.1.9: at most pathLength intermediate certificates below this one.
        if let pathLength = ca.pathLengthConstraint, depth - 1 > Int(pathLength) {
            throw .pathLengthExceeded(name)
        }
    }

    private static func publicKey(_ certificate: MatterCertificate, _ name: String) throws(CertificateValidationError)
        -> P256Point
    {
        do {
            return try certificate.publicKeyPoint()
        } catch {
            throw .malformed(name, error)
        }
    }
}

/// Why an operational certificate chain is not valid.
public enum CertificateValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    case malformed(String, CertificateFormatError)
    /// The subject does not make the certificate the kind its place needs (RCAC, ICAC, NOC).
    case wrongKind(String)
    case missingKeyIdentifier(String)
    case notSelfIssued
    case issuerMismatch(String)
    case keyIdentifierMismatch(String)
    case badSignature(String)
    case usageNotAllowed(String)
    case pathLengthExceeded(String)
    case notYetValid(String)
    case expired(String)
    case invalidNodeID
    case invalidFabricID
    case fabricMismatch
    case invalidCASEAuthenticatedTags

    public var description: String {
        switch self {
        case .malformed(let name, let error): "the \(name) is malformed: \(error)"
        case .wrongKind(let name): "the \(name)'s subject does not make it an \(name)"
        case .missingKeyIdentifier(let name): "the \(name) lacks its subject or authority key identifier"
        case .notSelfIssued: "the RCAC is not self-issued (issuer and subject, or its key identifiers, differ)"
        case .issuerMismatch(let name): "the \(name)'s issuer is not its CA's subject"
        case .keyIdentifierMismatch(let name):
            "the \(name)'s authority key identifier is not its CA's subject key identifier"
        case .badSignature(let name): "the \(name)'s signature does not verify with its issuer's key"
        case .usageNotAllowed(let reason): reason
        case .pathLengthExceeded(let name): "the \(name)'s path length constraint is exceeded"
        case .notYetValid(let name): "the \(name) is not valid yet"
        case .expired(let name): "the \(name) has expired"
        case .invalidNodeID: "the NOC's node ID is missing or not an operational node ID"
        case .invalidFabricID: "the NOC's fabric ID is missing or 0"
        case .fabricMismatch: "the CA certificates name another fabric ID than the NOC"
        case .invalidCASEAuthenticatedTags:
            "the NOC's CASE Authenticated Tags are more than three or repeat an identifier"
        }
    }
}
