import MatterTLV

/// The content of a Certification Declaration, `cd_content` (Matter Core §6.3.1; CHIP
/// `src/credentials/CertificationDeclaration.cpp` `EncodeCertificationElements`/`DecodeCertificationElements`).
///
/// It travels signed, inside the CMS envelope of `CertificationDeclarationEnvelope`.
public struct CertificationDeclaration: Hashable, Sendable {
    /// The only format version (the controller checks `format_version == 1`).
    public static let currentFormatVersion: UInt16 = 1
    /// kMaxProductIdsCountPerCD.
    public static let maximumProductIDCount = 100
    /// kCertificateIdLength.
    public static let certificateIDLength = 19

    public var formatVersion: UInt16
    public var vendorID: UInt16
    /// 1 to 100 product IDs.
    public var productIDs: [UInt16]
    public var deviceTypeID: UInt32
    /// Exactly 19 characters, e.g. "ZIG20142ZB330003-24".
    public var certificateID: String
    public var securityLevel: UInt8
    public var securityInformation: UInt16
    public var versionNumber: UInt16
    /// 0 development and test, 1 provisional, 2 official.
    public var certificationType: UInt8
    /// The DAC origin vendor and product ID (both or neither).
    public var dacOrigin: DACOrigin?
    /// The PAAs (by subject key identifier) allowed to have issued the device's PAI (newer CDs, tag 11).
    public var authorizedPAAList: [[UInt8]]?

    /// The vendor and product ID of the DAC's origin when it differs from the CD's own.
    public struct DACOrigin: Hashable, Sendable {
        public var vendorID: UInt16
        public var productID: UInt16

        public init(vendorID: UInt16, productID: UInt16) {
            self.vendorID = vendorID
            self.productID = productID
        }
    }

    public init(
        formatVersion: UInt16 = currentFormatVersion, vendorID: UInt16, productIDs: [UInt16], deviceTypeID: UInt32,
        certificateID: String, securityLevel: UInt8 = 0, securityInformation: UInt16 = 0, versionNumber: UInt16,
        certificationType: UInt8, dacOrigin: DACOrigin? = nil, authorizedPAAList: [[UInt8]]? = nil
    ) {
        self.formatVersion = formatVersion
        self.vendorID = vendorID
        self.productIDs = productIDs
        self.deviceTypeID = deviceTypeID
        self.certificateID = certificateID
        self.securityLevel = securityLevel
        self.securityInformation = securityInformation
        self.versionNumber = versionNumber
        self.certificationType = certificationType
        self.dacOrigin = dacOrigin
        self.authorizedPAAList = authorizedPAAList
    }

    /// Decodes `cd_content`: the fields in order, as CHIP reads them; elements after the last known field are
    /// skipped, as CHIP's decoder does.
    public init(tlv bytes: [UInt8]) throws(AttestationError) {
        var fields = try TLVFieldSequence<AttestationError>(structure: bytes, maximumDepth: 2)
        formatVersion = try fields.unsigned(0, "format_version", as: UInt16.self)
        vendorID = try fields.unsigned(1, "vendor_id", as: UInt16.self)
        let products = try fields.array(2, "product_id_array")
        guard (1...Self.maximumProductIDCount).contains(products.count) else {
            throw .invalidValue(field: "product_id_array", reason: "must hold 1 to 100 product IDs")
        }
        productIDs = try products.map { (element) throws(AttestationError) in
            guard element.tag == .anonymous, case .unsigned(let value) = element.value, let id = UInt16(exactly: value)
            else { throw .wrongType("product_id_array") }
            return id
        }
        deviceTypeID = try fields.unsigned(3, "device_type_id", as: UInt32.self)
        certificateID = try fields.string(4, "certificate_id")
        guard certificateID.utf8.count == Self.certificateIDLength else {
            throw .invalidValue(field: "certificate_id", reason: "must be 19 characters long")
        }
        securityLevel = try fields.unsigned(5, "security_level", as: UInt8.self)
        securityInformation = try fields.unsigned(6, "security_information", as: UInt16.self)
        versionNumber = try fields.unsigned(7, "version_number", as: UInt16.self)
        certificationType = try fields.unsigned(8, "certification_type", as: UInt8.self)
        if fields.has(9) {
            dacOrigin = DACOrigin(
                vendorID: try fields.unsigned(9, "dac_origin_vendor_id", as: UInt16.self),
                productID: try fields.unsigned(10, "dac_origin_product_id", as: UInt16.self))
        } else {
            dacOrigin = nil
        }
        if fields.has(11) {
            authorizedPAAList = try fields.array(11, "authorized_paa_list").map { (element) throws(AttestationError) in
                guard case .bytes(let id) = element.value, id.count == 20 else {
                    throw .wrongType("authorized_paa_list")
                }
                return id
            }
        } else {
            authorizedPAAList = nil
        }
    }

    /// The `cd_content` TLV, as CHIP's `EncodeCertificationElements` writes it.
    public var tlvEncoded: [UInt8] {
        var members: [TLVElement] = [
            TLVElement(tag: .context(0), .unsigned(UInt64(formatVersion))),
            TLVElement(tag: .context(1), .unsigned(UInt64(vendorID))),
            TLVElement(tag: .context(2), .array(productIDs.map { TLVElement(.unsigned(UInt64($0))) })),
            TLVElement(tag: .context(3), .unsigned(UInt64(deviceTypeID))),
            TLVElement(tag: .context(4), .utf8(certificateID)),
            TLVElement(tag: .context(5), .unsigned(UInt64(securityLevel))),
            TLVElement(tag: .context(6), .unsigned(UInt64(securityInformation))),
            TLVElement(tag: .context(7), .unsigned(UInt64(versionNumber))),
            TLVElement(tag: .context(8), .unsigned(UInt64(certificationType))),
        ]
        if let dacOrigin {
            members.append(TLVElement(tag: .context(9), .unsigned(UInt64(dacOrigin.vendorID))))
            members.append(TLVElement(tag: .context(10), .unsigned(UInt64(dacOrigin.productID))))
        }
        if let authorizedPAAList {
            members.append(TLVElement(tag: .context(11), .array(authorizedPAAList.map { TLVElement(.bytes($0)) })))
        }
        return TLVEncoder.encode(TLVElement(.structure(members)))
    }
}
