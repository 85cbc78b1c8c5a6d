import MatterCrypto
import MatterMessage

/// Why a PASE handshake ended without a session.
public enum PASEFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// A message of the handshake whose payload is not what Matter reference C.1 describes.
    case malformedMessage(opcode: UInt8, PASEMessageError)
    /// A message that does not belong at this point of the handshake.
    case unexpectedMessage(opcode: UInt8)
    /// The prover's share is not a usable point.
    case invalidShare(CryptoError)
    /// The prover's confirmation cA is wrong: almost always a wrong passcode.
    case confirmationMismatch
    /// The initiator sent a StatusReport instead of the next message.
    case peerReportedFailure(StatusReport)
    /// The handshake did not finish within the establishment timeout.
    case timedOut
    /// Every session ID is in use.
    case noSessionIDAvailable
    /// Deriving keys failed (libcrypto); the handshake cannot go on.
    case cryptoFailure(CryptoError)

    public var description: String {
        switch self {
        case .malformedMessage(let opcode, let error):
            "PASE message 0x\(String(opcode, radix: 16)) is malformed: \(error)"
        case .unexpectedMessage(let opcode): "PASE message 0x\(String(opcode, radix: 16)) was not expected now"
        case .invalidShare(let error): "the initiator's SPAKE2+ share is invalid: \(error)"
        case .confirmationMismatch: "the initiator's key confirmation does not match (wrong passcode?)"
        case .peerReportedFailure(let report): "the initiator gave up: \(report)"
        case .timedOut: "the PASE handshake took longer than its timeout"
        case .noSessionIDAvailable: "no free session ID for a new session"
        case .cryptoFailure(let error): "a cryptographic operation failed: \(error)"
        }
    }
}
