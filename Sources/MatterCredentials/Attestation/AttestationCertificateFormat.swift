import MatterCrypto

/// Matter's rules for device attestation certificates, as a controller checks them before trusting a DAC chain
/// (CHIP `CHIPCryptoPALOpenSSL.cpp VerifyAttestationCertificateFormat`, `ExtractVIDPIDFromX509Cert`;
/// `DefaultDeviceAttestationVerifier.cpp` for which attributes each kind must carry; matter-commissionee.md §2.3).
public struct AttestationCertificateFormat: Hashable, Sendable {
    /// kMaxDERCertLength.
    public static let maximumDERLength = 600

    public let certificate: X509Certificate
    public let kind: AttestationCertificateKind
    public let vendorID: UInt16?
    public let productID: UInt16?
    public let publicKey: P256Point
    public let subjectKeyIdentifier: [UInt8]
    public let authorityKeyIdentifier: [UInt8]?

    /// Checks `der` against the rules for `kind`, naming the first rule it breaks.
    public init(der: [UInt8], kind: AttestationCertificateKind) throws(AttestationError) {
        guard der.count <= Self.maximumDERLength else {
            throw .tooLarge(
                what: "\(kind.rawValue.uppercased()) certificate", size: der.count, limit: Self.maximumDERLength)
        }
        let certificate: X509Certificate
        do {
            certificate = try X509Certificate(der: der)
        } catch {
            throw .notDER(error)
        }
        let name = kind.rawValue.uppercased()
        func fail(_ reason: String) -> AttestationError { .invalidValue(field: name, reason: reason) }

        guard certificate.version == 2 else { throw fail("not an X.509 v3 certificate") }
        guard !certificate.serialNumber.isEmpty else { throw fail("no serial number") }
        let ecdsa = DER.ecdsaWithSHA256Algorithm
        guard certificate.signatureAlgorithm == ecdsa, certificate.outerSignatureAlgorithm == ecdsa else {
            throw fail("the signature algorithm is not ecdsa-with-SHA256")
        }
        guard
            certificate.publicKeyAlgorithm
                == DER.p256PublicKeyAlgorithm,
            let key = certificate.p256PublicKey
        else { throw fail("the public key is not an uncompressed P-256 point") }

        // basicConstraints: critical, exactly once, with the kind's values.
        let constraints = certificate.extensions(.basicConstraints)
        guard constraints.count == 1, constraints[0].isCritical else {
            throw fail("basicConstraints must appear once, critical")
        }
        let (isCA, pathLength) = try Self.basicConstraints(constraints[0].value, fail)
        switch kind {
        case .dac:
            guard !isCA, pathLength == nil else {
                throw fail("basicConstraints must be CA:FALSE without a path length")
            }
        case .pai:
            guard isCA, pathLength == 0 else { throw fail("basicConstraints must be CA:TRUE, pathlen:0") }
        case .paa:
            guard isCA, pathLength == nil || pathLength == 1 else {
                throw fail("basicConstraints must be CA:TRUE with no path length or pathlen:1")
            }
        }

        // keyUsage: critical, exactly once; the DAC exactly digitalSignature, the CAs keyCertSign and cRLSign
        // and at most digitalSignature besides.
        let usages = certificate.extensions(.keyUsage)
        guard usages.count == 1, usages[0].isCritical else { throw fail("keyUsage must appear once, critical") }
        let usage: KeyUsage
        do {
            let bits = try DERReader.single(usages[0].value).namedBits()
            guard let raw = UInt16(exactly: bits) else { throw fail("keyUsage has bits beyond decipherOnly") }
            usage = KeyUsage(rawValue: raw)
        } catch let error as AttestationError {
            throw error
        } catch {
            throw fail("keyUsage is not a BIT STRING")
        }
        switch kind {
        case .dac:
            guard usage == .digitalSignature else { throw fail("keyUsage must be exactly digitalSignature") }
        case .pai, .paa:
            guard usage.isSuperset(of: [.keyCertSign, .cRLSign]),
                KeyUsage([.keyCertSign, .cRLSign, .digitalSignature]).isSuperset(of: usage)
            else { throw fail("keyUsage must be keyCertSign and cRLSign (and at most digitalSignature)") }
        }

        // Key identifiers: non-critical and 20 bytes; the AKID mandatory but on the PAA.
        let subjectIDs = certificate.extensions(.subjectKeyIdentifier)
        guard subjectIDs.count == 1, !subjectIDs[0].isCritical, let skid = certificate.subjectKeyIdentifier,
            skid.count == 20
        else { throw fail("the subject key identifier must appear once, non-critical, 20 bytes") }
        let authorityIDs = certificate.extensions(.authorityKeyIdentifier)
        let akid = certificate.authorityKeyIdentifier
        if kind != .paa || !authorityIDs.isEmpty {
            guard authorityIDs.count == 1, !authorityIDs[0].isCritical, let akid, akid.count == 20 else {
                throw fail("the authority key identifier must appear once, non-critical, with a 20-byte keyIdentifier")
            }
        }

        // VID and PID: exactly four uppercase hex digits each; DAC both, PAI the VID, PAA no PID.
        let vendorID = try Self.identifier(certificate, .matterVendorID, "VID", fail)
        let productID = try Self.identifier(certificate, .matterProductID, "PID", fail)
        switch kind {
        case .dac:
            guard vendorID != nil, productID != nil else { throw fail("a DAC must carry a VID and a PID") }
        case .pai:
            guard vendorID != nil else { throw fail("a PAI must carry a VID") }
        case .paa:
            guard productID == nil else { throw fail("a PAA must not carry a PID") }
        }

        self.certificate = certificate
        self.kind = kind
        self.vendorID = vendorID
        self.productID = productID
        publicKey = key
        subjectKeyIdentifier = skid
        authorityKeyIdentifier = akid
    }

    private static func basicConstraints(
        _ value: [UInt8], _ fail: (String) -> AttestationError
    ) throws(AttestationError) -> (Bool, Int64?) {
        do {
            var members = try DERReader.single(value).members()
            let flag = try members.optional(DERTag.boolean)?.boolean()
            let pathLength = try members.optional(DERTag.integer)?.smallInteger()
            try members.finish()
            guard flag != false else { throw fail("basicConstraints writes cA FALSE, which DER leaves out") }
            return (flag ?? false, pathLength)
        } catch let error as AttestationError {
            throw error
        } catch {
            throw fail("basicConstraints is malformed")
        }
    }

    /// The subject's VID or PID attribute: at most one, four uppercase hex digits.
    private static func identifier(
        _ certificate: X509Certificate, _ type: OID, _ label: String, _ fail: (String) -> AttestationError
    ) throws(AttestationError) -> UInt16? {
        let attributes = certificate.subjectAttributes(type)
        guard attributes.count <= 1 else { throw fail("more than one \(label) attribute") }
        guard let attribute = attributes.first else { return nil }
        let hexDigits = attribute.value.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x46).contains($0) }
        guard attribute.value.count == 4, hexDigits,
            let value = UInt16(String(decoding: attribute.value, as: UTF8.self), radix: 16)
        else { throw fail("the \(label) must be exactly four uppercase hex digits") }
        return value
    }
}

/// A device attestation chain PAA → PAI → DAC checked as a controller checks it (DefaultDACVerifier, §2.2
/// items 2, 3, 5–7): each format, VIDs and PIDs consistent, each link by key identifier and signature, and every
/// certificate valid at the DAC's notBefore (the time the chain is verified at) and the DAC at `time`.
public struct AttestationChain: Hashable, Sendable {
    public let paa: AttestationCertificateFormat
    public let pai: AttestationCertificateFormat
    public let dac: AttestationCertificateFormat

    public init(paa: [UInt8], pai: [UInt8], dac: [UInt8], at time: UTCDateTime) throws(AttestationError) {
        let paa = try AttestationCertificateFormat(der: paa, kind: .paa)
        let pai = try AttestationCertificateFormat(der: pai, kind: .pai)
        let dac = try AttestationCertificateFormat(der: dac, kind: .dac)
        func fail(_ reason: String) -> AttestationError { .invalidValue(field: "attestation chain", reason: reason) }
        guard pai.vendorID == dac.vendorID else { throw fail("the PAI's VID is not the DAC's") }
        guard pai.productID == nil || pai.productID == dac.productID else {
            throw fail("the PAI's PID is not the DAC's")
        }
        guard paa.vendorID == nil || paa.vendorID == pai.vendorID else { throw fail("the PAA's VID is not the PAI's") }
        guard pai.authorityKeyIdentifier == paa.subjectKeyIdentifier else {
            throw fail("the PAI's AKID is not the PAA's SKID")
        }
        guard dac.authorityKeyIdentifier == pai.subjectKeyIdentifier else {
            throw fail("the DAC's AKID is not the PAI's SKID")
        }
        guard paa.certificate.issuer == paa.certificate.subject,
            paa.certificate.isSignatureValid(issuerKey: paa.publicKey)
        else { throw .badSignature("PAA") }
        guard pai.certificate.issuer == paa.certificate.subject,
            pai.certificate.isSignatureValid(issuerKey: paa.publicKey)
        else { throw .badSignature("PAI") }
        guard dac.certificate.issuer == pai.certificate.subject,
            dac.certificate.isSignatureValid(issuerKey: pai.publicKey)
        else { throw .badSignature("DAC") }
        let verificationTime = dac.certificate.notBefore
        for (certificate, name) in [(paa, "PAA"), (pai, "PAI"), (dac, "DAC")] {
            guard certificate.certificate.notBefore <= verificationTime,
                verificationTime <= certificate.certificate.notAfter
            else { throw fail("the \(name) is not valid at the DAC's notBefore") }
        }
        guard dac.certificate.notBefore < time, time < dac.certificate.notAfter else {
            throw fail("the DAC is not valid at \(time)")
        }
        self.paa = paa
        self.pai = pai
        self.dac = dac
    }
}
