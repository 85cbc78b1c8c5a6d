import MatterCrypto
import MatterTLV

/// The AttestationElements of an AttestationResponse (Matter Core §11.18.6.1 / §6.2.3; CHIP
/// `DeviceAttestationConstructor.cpp` `ConstructAttestationElements` / `DeconstructAttestationElements`):
/// `{1: certification_declaration, 2: attestation_nonce, 3: timestamp, [4: firmware_information],
/// vendor-reserved elements with profile tags}`.
public struct AttestationElements: Hashable, Sendable {
    /// kMaxResponseLength: the largest AttestationElements a controller accepts.
    public static let maximumLength = 900

    /// The signed CD (the CMS envelope's DER).
    public var certificationDeclaration: [UInt8]
    /// The controller's 32-byte AttestationNonce, echoed.
    public var attestationNonce: [UInt8]
    /// Seconds since the Matter epoch, or 0 (what the SDK sends).
    public var timestamp: UInt32
    public var firmwareInformation: [UInt8]?
    public var vendorReserved: [VendorReservedElement]

    public init(
        certificationDeclaration: [UInt8], attestationNonce: [UInt8], timestamp: UInt32 = 0,
        firmwareInformation: [UInt8]? = nil, vendorReserved: [VendorReservedElement] = []
    ) {
        self.certificationDeclaration = certificationDeclaration
        self.attestationNonce = attestationNonce
        self.timestamp = timestamp
        self.firmwareInformation = firmwareInformation
        self.vendorReserved = vendorReserved
    }

    /// Decodes AttestationElements: context tags 1, 2, 3 in that order, then 4 if present, then only
    /// profile-tagged vendor elements; at most 900 bytes; the nonce 32 bytes.
    public init(tlv bytes: [UInt8]) throws(AttestationError) {
        var fields = try TLVFieldSequence<AttestationError>(
            elements: bytes, "AttestationElements", limit: Self.maximumLength)
        certificationDeclaration = try fields.bytes(1, "certification_declaration")
        attestationNonce = try fields.nonce(2, "attestation_nonce")
        timestamp = try fields.unsigned(3, "timestamp", as: UInt32.self)
        firmwareInformation = try fields.optionalBytes(4, "firmware_information")
        vendorReserved = try VendorReservedElement.decode(fields.rest)
    }

    public var tlvEncoded: [UInt8] {
        var members = [
            TLVElement(tag: .context(1), .bytes(certificationDeclaration)),
            TLVElement(tag: .context(2), .bytes(attestationNonce)),
            TLVElement(tag: .context(3), .unsigned(UInt64(timestamp))),
        ]
        if let firmwareInformation { members.append(TLVElement(tag: .context(4), .bytes(firmwareInformation))) }
        members += vendorReserved.map(\.tlvElement)
        return TLVEncoder.encode(TLVElement(.structure(members)))
    }
}

/// The NOCSRElements of a CSRResponse (Matter Core §11.18.6.5 / §6.4.6.1; CHIP `ConstructNOCSRElements`):
/// `{1: csr (PKCS#10 DER), 2: CSRNonce, [3, 4, 5: vendor_reserved bytes]}`.
public struct NOCSRElements: Hashable, Sendable {
    /// kMaxRspLen.
    public static let maximumLength = 900

    public var csr: [UInt8]
    /// The controller's 32-byte CSRNonce, echoed.
    public var csrNonce: [UInt8]
    /// vendor_reserved1 … vendor_reserved3, each optional.
    public var vendorReserved: [[UInt8]?]

    public init(csr: [UInt8], csrNonce: [UInt8], vendorReserved: [[UInt8]?] = []) {
        self.csr = csr
        self.csrNonce = csrNonce
        self.vendorReserved = vendorReserved
    }

    /// Decodes NOCSRElements: tag 1 first (ExampleOperationalCredentialsIssuer reads it so), then 2, then
    /// the optional 3, 4, 5 in order, nothing else; at most 900 bytes; the nonce 32 bytes.
    public init(tlv bytes: [UInt8]) throws(AttestationError) {
        var fields = try TLVFieldSequence<AttestationError>(elements: bytes, "NOCSRElements", limit: Self.maximumLength)
        csr = try fields.bytes(1, "csr")
        csrNonce = try fields.nonce(2, "CSRNonce")
        var reserved: [[UInt8]?] = []
        for tag: UInt8 in 3...5 {
            reserved.append(try fields.optionalBytes(tag, "vendor_reserved\(tag - 2)"))
        }
        try fields.finish()
        while reserved.last.map({ $0 == nil }) ?? false { reserved.removeLast() }
        vendorReserved = reserved
    }

    public var tlvEncoded: [UInt8] {
        var members = [TLVElement(tag: .context(1), .bytes(csr)), TLVElement(tag: .context(2), .bytes(csrNonce))]
        for (index, reserved) in vendorReserved.prefix(3).enumerated() {
            if let reserved { members.append(TLVElement(tag: .context(UInt8(3 + index)), .bytes(reserved))) }
        }
        return TLVEncoder.encode(TLVElement(.structure(members)))
    }
}

/// A vendor-reserved attestation element: bytes under a fully qualified tag (CHIP
/// `DeviceAttestationVendorReserved.h`).
public struct VendorReservedElement: Hashable, Sendable {
    public var vendorID: UInt16
    public var profile: UInt16
    public var tag: UInt32
    public var data: [UInt8]

    public init(vendorID: UInt16, profile: UInt16, tag: UInt32, data: [UInt8]) {
        self.vendorID = vendorID
        self.profile = profile
        self.tag = tag
        self.data = data
    }

    var tlvElement: TLVElement {
        TLVElement(tag: .fullyQualified(vendorID: vendorID, profile: profile, tag: tag), .bytes(data))
    }

    static func decode(_ members: ArraySlice<TLVElement>) throws(AttestationError) -> [VendorReservedElement] {
        try members.map { (member) throws(AttestationError) in
            guard case .fullyQualified(let vendor, let profile, let tag) = member.tag else {
                throw .invalidValue(
                    field: "AttestationElements", reason: "an element that is neither 1–4 nor vendor-reserved")
            }
            guard case .bytes(let data) = member.value else { throw .wrongType("vendor-reserved element") }
            return VendorReservedElement(vendorID: vendor, profile: profile, tag: tag, data: data)
        }
    }
}

/// The attestation signatures of AttestationResponse and CSRResponse: ECDSA-SHA256 with the DAC key over
/// `elements ‖ attestation challenge`, raw r ‖ s (Matter Core §6.2.3, §6.4.6.1; CHIP
/// `DeviceAttestationVerifier.cpp ValidateAttestationSignature`).
public enum AttestationSignature {
    /// The 16-byte attestation challenge of the PASE (or CASE) session.
    public static let challengeLength = 16

    public static func sign(
        elements: [UInt8], challenge: [UInt8], with dacKey: P256KeyPair
    ) throws(CryptoError) -> P256Signature {
        guard challenge.count == challengeLength else {
            throw .invalidLength(what: "an attestation challenge", expected: "16", actual: challenge.count)
        }
        return try dacKey.signature(for: elements + challenge)
    }

    public static func isValid(
        _ signature: P256Signature, elements: [UInt8], challenge: [UInt8], dacPublicKey: P256Point
    ) -> Bool {
        (try? dacPublicKey.isValidSignature(signature, for: elements + challenge)) ?? false
    }
}

extension TLVFieldSequence<AttestationError> {
    /// The members of attestation elements of at most `limit` bytes: one flat anonymous structure.
    init(elements bytes: [UInt8], _ what: String, limit: Int) throws(AttestationError) {
        guard bytes.count <= limit else { throw .tooLarge(what: what, size: bytes.count, limit: limit) }
        try self.init(structure: bytes, maximumDepth: 1)
    }

    /// A 32-byte nonce, echoed from the controller's request.
    mutating func nonce(_ tag: UInt8, _ field: String) throws(AttestationError) -> [UInt8] {
        let nonce = try bytes(tag, field)
        guard nonce.count == 32 else { throw .invalidValue(field: field, reason: "must be 32 bytes long") }
        return nonce
    }
}
