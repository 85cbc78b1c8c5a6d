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

    public init(_ identity: AttestationIdentity) {
        vendorID = identity.vendorID
        productID = identity.productID
        paa = identity.paa
        pai = identity.pai
        dac = identity.dac
        certificationDeclaration = identity.certificationDeclaration
    }

    /// The parts as an input journal wrote them.
    init(
        vendorID: UInt16, productID: UInt16, paa: [UInt8], pai: [UInt8], dac: [UInt8], certificationDeclaration: [UInt8]
    ) {
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
        self.attestation = attestation
        return HubOutcome()
    }

    /// `get_attestation`: the PAA → PAI → DAC chain and the CD, each with what a person checks and its DER in
    /// Base64 (so `mhubctl hub attestation --paa-der FILE` can write the PAA for a controller's trust store).
    func getAttestation(_ args: inout Arguments) throws(HubError) -> JSONValue {
        try args.rejectUnknown(command: .getAttestation)
        guard let attestation else {
            throw HubError(
                .sessionState, "the hub's Matter node is off (matter.enabled): it has no attestation identity")
        }
        var declaration: JSONValue = ["der_base64": .string(Base64.encode(attestation.certificationDeclaration))]
        if let envelope = try? CertificationDeclarationEnvelope(der: attestation.certificationDeclaration),
            let content = try? CertificationDeclaration(tlv: envelope.content)
        {
            declaration = [
                "vendor_id": .integer(Int64(content.vendorID)),
                "product_ids": .array(content.productIDs.map { .integer(Int64($0)) }),
                "device_type_id": .integer(Int64(content.deviceTypeID)),
                "certificate_id": .string(content.certificateID),
                "certification_type": .integer(Int64(content.certificationType)),
                "signer_key_id": .string(hexText(envelope.signerKeyIdentifier)),
                "der_base64": .string(Base64.encode(attestation.certificationDeclaration)),
            ]
        }
        return [
            "vendor_id": .integer(Int64(attestation.vendorID)), "product_id": .integer(Int64(attestation.productID)),
            "paa": Self.certificateJSON(attestation.paa), "pai": Self.certificateJSON(attestation.pai),
            "dac": Self.certificateJSON(attestation.dac), "certification_declaration": declaration,
        ]
    }

    static func certificateJSON(_ der: [UInt8]) -> JSONValue {
        guard let certificate = try? X509Certificate(der: der) else {
            return ["der_base64": .string(Base64.encode(der))]
        }
        return [
            "subject": .string(distinguishedName(certificate)),
            "not_before": .string(certificate.notBefore.description),
            "not_after": .string(certificate.notAfter.description),
            "subject_key_id": certificate.subjectKeyIdentifier.map { .string(hexText($0)) } ?? .null,
            "authority_key_id": certificate.authorityKeyIdentifier.map { .string(hexText($0)) } ?? .null,
            "der_bytes": .integer(Int64(der.count)), "der_base64": .string(Base64.encode(der)),
        ]
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

func hexText(_ bytes: [UInt8]) -> String {
    bytes.map { byte in
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }.joined()
}
