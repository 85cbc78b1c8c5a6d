import MatterCredentials
import MatterCrypto
import MatterMessage

/// Why a CASE handshake ended without a session.
public enum CASEFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// A message of the handshake whose payload (or decrypted part) is not what Matter reference §5 describes.
    case malformedMessage(opcode: UInt8, CASEMessageError)
    /// A message that does not belong at this point of the handshake.
    case unexpectedMessage(opcode: UInt8)
    /// Sigma1's destination ID names none of this node's fabrics.
    case noSharedTrustRoots
    /// The initiator's ephemeral key is not a point on P-256.
    case invalidEphemeralKey(CryptoError)
    /// encrypted3 does not open under S3K: a different shared secret or IPK, or altered bytes.
    case decryptionFailed
    /// The peer's NOC (and ICAC) do not chain to the fabric's root, or break a rule of operational certificates.
    case invalidCredentials(CertificateValidationError)
    /// The peer's chain is valid under the fabric's root but names another fabric ID.
    case wrongFabric(fabricID: UInt64, expected: UInt64)
    /// The peer's signature over TBSData3 does not verify with its NOC's key.
    case invalidSignature
    /// The fabric the handshake began with was removed before it finished.
    case fabricRemoved(fabricIndex: UInt8)
    /// The initiator sent a StatusReport instead of the next message.
    case peerReportedFailure(StatusReport)
    /// The handshake did not finish within its timeout.
    case timedOut
    /// Every session ID is in use.
    case noSessionIDAvailable
    /// A cryptographic operation failed (libcrypto); the handshake cannot go on.
    case cryptoFailure(CryptoError)

    public var description: String {
        switch self {
        case .malformedMessage(let opcode, let error):
            "CASE message 0x\(String(opcode, radix: 16)) is malformed: \(error)"
        case .unexpectedMessage(let opcode): "CASE message 0x\(String(opcode, radix: 16)) was not expected now"
        case .noSharedTrustRoots: "the destination ID names none of this node's fabrics"
        case .invalidEphemeralKey(let error): "the initiator's ephemeral key is invalid: \(error)"
        case .decryptionFailed: "encrypted3 does not decrypt (another IPK or shared secret, or altered bytes)"
        case .invalidCredentials(let error): "the peer's operational certificates are not valid here: \(error)"
        case .wrongFabric(let fabricID, let expected):
            "the peer's NOC names fabric 0x\(String(fabricID, radix: 16, uppercase: true)), not "
                + "0x\(String(expected, radix: 16, uppercase: true))"
        case .invalidSignature: "the peer's Sigma3 signature does not verify"
        case .fabricRemoved(let index): "fabric \(index) was removed during the handshake"
        case .peerReportedFailure(let report): "the initiator gave up: \(report)"
        case .timedOut: "the CASE handshake took longer than its timeout"
        case .noSessionIDAvailable: "no free session ID for a new session"
        case .cryptoFailure(let error): "a cryptographic operation failed: \(error)"
        }
    }
}
