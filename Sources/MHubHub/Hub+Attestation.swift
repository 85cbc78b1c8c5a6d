import MHubJSON
import MHubProtocol
import MatterCredentials

/// The public part of the hub's attestation identity (no private key), as the daemon loaded or made it: what a
/// controller checks when it commissions the hub (docs/matter.md, "Attestation").
public struct HubAttestation: Hashable, Sendable {
    public var vendorID: UInt16
    public var productID: UInt16
    /// DER certificates.
    public var paa: [UInt8]
    public var pai: [UInt8]
    public var dac: [UInt8]
    /// The signed Certification Declaration (CMS, DER).
    public var certificationDeclaration: [UInt8]
    /// The devices on the network's PAA (DER), the root their own DACs chain to.
    public var devicePAA: [UInt8]?

    public init(_ identity: AttestationIdentity, devicePAA: [UInt8]? = nil) {
        self.devicePAA = devicePAA
        vendorID = identity.vendorID
        productID = identity.productID
        paa = identity.paa
        pai = identity.pai
        dac = identity.dac
        certificationDeclaration = identity.certificationDeclaration
    }

    /// The parts as an input journal wrote them.
    init(
        vendorID: UInt16, productID: UInt16, paa: [UInt8], pai: [UInt8], dac: [UInt8],
        certificationDeclaration: [UInt8],
        devicePAA: [UInt8]?
    ) {
        self.devicePAA = devicePAA
        self.vendorID = vendorID
        self.productID = productID
        self.paa = paa
        self.pai = pai
        self.dac = dac
        self.certificationDeclaration = certificationDeclaration
    }
}

extension Hub {
    /// The daemon loaded (or made) the hub's attestation identity.
    public mutating func attestationKnown(_ attestation: HubAttestation) -> HubOutcome {
        run.attestation = attestation
        return HubOutcome()
    }

    /// `get_attestation`: the PAA → PAI → DAC chain and the CD, each with what a person checks and its DER.
    func getAttestation(_: GetAttestation) throws(HubError) -> AttestationInfo {
        guard let attestation = run.attestation else {
            throw HubError(
                .sessionState, "the hub's Matter node is off (matter.enabled): it has no attestation identity")
        }
        var declaration = AttestationInfo.Declaration(derBase64: Base64.encode(attestation.certificationDeclaration))
        if let envelope = try? CertificationDeclarationEnvelope(der: attestation.certificationDeclaration),
            let content = try? CertificationDeclaration(tlv: envelope.content)
        {
            declaration.content = AttestationInfo.Declaration.Content(
                vendorID: Int64(content.vendorID), productIDs: content.productIDs.map(Int64.init),
                deviceTypeID: Int64(content.deviceTypeID), certificateID: content.certificateID,
                certificationType: Int64(content.certificationType),
                signerKeyID: HexText.encode(envelope.signerKeyIdentifier, uppercase: true))
        }
        return AttestationInfo(
            vendorID: Int64(attestation.vendorID), productID: Int64(attestation.productID),
            paa: Self.certificateInfo(attestation.paa), pai: Self.certificateInfo(attestation.pai),
            dac: Self.certificateInfo(attestation.dac), certificationDeclaration: declaration,
            devicePAA: attestation.devicePAA.map(Self.certificateInfo))
    }

    static func certificateInfo(_ der: [UInt8]) -> AttestationInfo.Certificate {
        guard let certificate = try? X509Certificate(der: der) else {
            return AttestationInfo.Certificate(derBase64: Base64.encode(der))
        }
        return AttestationInfo.Certificate(
            derBase64: Base64.encode(der), subject: distinguishedName(certificate),
            notBefore: certificate.notBefore.description, notAfter: certificate.notAfter.description,
            subjectKeyID: certificate.subjectKeyIdentifier.map { HexText.encode($0, uppercase: true) },
            authorityKeyID: certificate.authorityKeyIdentifier.map { HexText.encode($0, uppercase: true) },
            derBytes: Int64(der.count))
    }

    /// `CN=…, VID=FFF1, PID=8001` (the Matter VID/PID attributes by their short names).
    static func distinguishedName(_ certificate: X509Certificate) -> String {
        certificate.subject.joined().map { attribute in
            let name: String =
                switch attribute.type {
                case .matterVendorID: "VID"
                case .matterProductID: "PID"
                case OID(2, 5, 4, 3): "CN"
                case OID(2, 5, 4, 10): "O"
                default: attribute.type.description
                }
            return "\(name)=\(String(decoding: attribute.value, as: UTF8.self))"
        }.joined(separator: ", ")
    }
}
