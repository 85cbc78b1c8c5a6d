import MatterCrypto
import MatterMessage

/// What a PASE responder (the commissionee) knows: its SPAKE2+ verifier and the PBKDF parameters it was
/// made with, plus its own session parameters and timeout.
public struct PASEResponderConfiguration: Hashable, Sendable {
    public let verifier: Spake2pVerifier
    public let iterations: UInt32
    public let salt: [UInt8]
    /// Sent as responderSessionParams (PBKDFParamResponse tag 5).
    public var sessionParameters: SessionParameters?
    /// How long a handshake may take from its PBKDFParamRequest (CHIP `kPASESessionEstablishmentTimeout`,
    /// 60 s; Matter reference C.3 "Timeouts").
    public var establishmentTimeoutMilliseconds: UInt64

    /// Checks the salt length and iteration count against Matter's limits (Matter reference C.2).
    public init(
        verifier: Spake2pVerifier, iterations: UInt32, salt: [UInt8], sessionParameters: SessionParameters? = nil,
        establishmentTimeoutMilliseconds: UInt64 = 60_000
    ) throws(CryptoError) {
        guard Spake2pPasscodeKeys.saltLengthRange.contains(salt.count) else {
            throw .invalidParameter("a SPAKE2+ salt is 16 to 32 bytes long, not \(salt.count)")
        }
        guard Spake2pPasscodeKeys.iterationRange.contains(iterations) else {
            throw .invalidParameter("SPAKE2+ PBKDF2 iterations must be 1000 to 100000, not \(iterations)")
        }
        self.verifier = verifier
        self.iterations = iterations
        self.salt = salt
        self.sessionParameters = sessionParameters
        self.establishmentTimeoutMilliseconds = establishmentTimeoutMilliseconds
    }
}
