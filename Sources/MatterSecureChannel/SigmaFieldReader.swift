import MatterCrypto
import MatterTLV

/// Field readers for CASE messages, with `CASEMessageError`s.
typealias SigmaFieldReader = TLVFieldReader<CASEMessageError>

extension CASEMessageError: TLVFieldError {}

/// Size limits of the CASE messages, so that no decoder works on more than a valid message can hold.
public enum SigmaLimits {
    /// The longest Matter TLV certificate (CHIP `kMaxCHIPCertLength`, Matter reference §4.1).
    public static let maximumCertificateByteCount = 400
    /// The longest Sigma payload accepted: the largest application payload of a message (CHIP
    /// `kMaxAppMessageLen`, Matter reference D). A Sigma2 with a NOC and an ICAC of 400 bytes each is about
    /// 1060 bytes, so every valid message fits.
    public static let maximumPayloadByteCount = 1200
    /// initiatorRandom and responderRandom (CHIP `kSigmaParamRandomNumberSize`).
    public static let randomByteCount = 32
    /// A resumption ID (CHIP `SessionResumptionStorage::kResumptionIdSize`).
    public static let resumptionIDByteCount = 16
    /// An AES-CCM tag, as the resumption MICs and the end of encrypted2/encrypted3 carry it.
    public static let micByteCount = 16
}

extension TLVFieldReader where Failure == CASEMessageError {
    /// Reads a Sigma payload: at most `SigmaLimits.maximumPayloadByteCount` bytes, one anonymous structure whose
    /// members have context tags in ascending order (unknown tags are allowed and ignored, as CHIP's
    /// sequential parsers skip what follows the fields they know).
    init(sigma payload: [UInt8]) throws(CASEMessageError) {
        guard payload.count <= SigmaLimits.maximumPayloadByteCount else {
            throw .tooLong(length: payload.count, maximum: SigmaLimits.maximumPayloadByteCount)
        }
        try self.init(payload: payload)
        var previous: UInt8?
        for member in members {
            guard case .context(let tag) = member.tag, previous.map({ tag > $0 }) ?? true else {
                throw .misplacedMember(member.tag)
            }
            previous = tag
        }
    }

    /// An optional byte string whose length must be in `length`.
    func bytes(_ tag: UInt8, _ field: String, length: ClosedRange<Int>) throws(CASEMessageError) -> [UInt8]? {
        guard let bytes = try bytes(tag, field) else { return nil }
        guard length.contains(bytes.count) else {
            let expected = length.count == 1 ? "\(length.lowerBound)" : "\(length.lowerBound) to \(length.upperBound)"
            throw .wrongLength(field: field, expected: expected, actual: bytes.count)
        }
        return bytes
    }

    /// An optional byte string of exactly `count` bytes.
    func bytes(_ tag: UInt8, _ field: String, count: Int) throws(CASEMessageError) -> [UInt8]? {
        try bytes(tag, field, length: count...count)
    }

    /// A required byte string whose length must be in `length`.
    func requiredBytes(_ tag: UInt8, _ field: String, length: ClosedRange<Int>) throws(CASEMessageError) -> [UInt8] {
        guard let bytes = try bytes(tag, field, length: length) else { throw .missingField(field) }
        return bytes
    }

    /// A required byte string of exactly `count` bytes.
    func requiredBytes(_ tag: UInt8, _ field: String, count: Int) throws(CASEMessageError) -> [UInt8] {
        try requiredBytes(tag, field, length: count...count)
    }

    /// A certificate field: 1 to `SigmaLimits.maximumCertificateByteCount` bytes.
    func certificate(_ tag: UInt8, _ field: String) throws(CASEMessageError) -> [UInt8]? {
        try bytes(tag, field, length: 1...SigmaLimits.maximumCertificateByteCount)
    }

    /// Tags 1–3 of TBEData2 and TBEData3: the sender's NOC, its optional ICAC and its signature (raw r ‖ s).
    func senderCredentials(_ sender: String) throws(CASEMessageError) -> (
        noc: [UInt8], icac: [UInt8]?, signature: [UInt8]
    ) {
        guard let noc = try certificate(1, sender + "NOC") else { throw .missingField(sender + "NOC") }
        let icac = try certificate(2, sender + "ICAC")
        return (noc, icac, try requiredBytes(3, "signature", count: P256Signature.rawByteCount))
    }

    /// An optional session parameters structure.
    func sessionParameters(_ tag: UInt8) throws(CASEMessageError) -> SessionParameters? {
        guard let element = element(tag) else { return nil }
        do {
            return try SessionParameters(element)
        } catch {
            throw .malformedSessionParameters(error)
        }
    }
}

extension Array where Element == TLVElement {
    /// Tags 1 and 2 of TBSData, TBEData2 and TBEData3 (the sender's NOC and optional ICAC), and tag 3 when
    /// given.
    static func senderCredentials(noc: [UInt8], icac: [UInt8]?, tag3: [UInt8]? = nil) -> [TLVElement] {
        var members = [TLVElement(tag: .context(1), .bytes(noc))]
        members.append(2, bytes: icac)
        members.append(3, bytes: tag3)
        return members
    }

    /// Appends a context-tagged byte string when `bytes` is not nil.
    mutating func append(_ tag: UInt8, bytes: [UInt8]?) {
        if let bytes { append(TLVElement(tag: .context(tag), .bytes(bytes))) }
    }
}
