/// The SPAKE2+ secrets w0 and w1 that a setup passcode stretches to.
///
/// Matter reference C.2 (CHIP `CHIPCryptoPAL.cpp` `Spake2pVerifier::ComputeWS` and `Generate`):
/// ws = PBKDF2-HMAC-SHA256(passcode as 4 little-endian bytes, salt, iterations, 80 bytes);
/// w0 = ws[0..<40] mod n, w1 = ws[40..<80] mod n. The prover (commissioner) keeps both; the verifier
/// (device) keeps only w0 and L = w1·G, see `verifier`.
public struct Spake2pPasscodeKeys: Hashable, Sendable {
    /// Iteration counts Matter accepts (`kSpake2p_Min_PBKDF_Iterations`, `kSpake2p_Max_PBKDF_Iterations`).
    public static let iterationRange: ClosedRange<UInt32> = 1000...100_000
    /// Salt lengths Matter accepts (`kSpake2p_Min_PBKDF_Salt_Length`, `kSpake2p_Max_PBKDF_Salt_Length`).
    public static let saltLengthRange: ClosedRange<Int> = 16...32
    /// Bytes of each half of ws: a field element plus 8 (`kSpake2p_WS_Length`), so the reduction is unbiased.
    static let halfLength = 40

    public let w0: P256Scalar
    public let w1: P256Scalar

    public init(w0: P256Scalar, w1: P256Scalar) {
        self.w0 = w0
        self.w1 = w1
    }

    /// Stretches `passcode` with PBKDF2; the salt and iteration count must be in Matter's ranges.
    public init(passcode: UInt32, salt: [UInt8], iterations: UInt32) throws(CryptoError) {
        let ws = try Self.stretch(passcode: passcode, salt: salt, iterations: iterations)
        w0 = try P256Scalar(reducing: Array(ws[0..<Self.halfLength]))
        w1 = try P256Scalar(reducing: Array(ws[Self.halfLength..<2 * Self.halfLength]))
    }

    /// ws: the 80 PBKDF2 bytes before reduction.
    static func stretch(passcode: UInt32, salt: [UInt8], iterations: UInt32) throws(CryptoError) -> [UInt8] {
        guard saltLengthRange.contains(salt.count) else {
            throw .invalidParameter("a SPAKE2+ salt is 16 to 32 bytes long, not \(salt.count)")
        }
        guard iterationRange.contains(iterations) else {
            throw .invalidParameter("SPAKE2+ PBKDF2 iterations must be 1000 to 100000, not \(iterations)")
        }
        let password = (0..<4).map { UInt8(truncatingIfNeeded: passcode >> (8 * $0)) }
        return try PBKDF2SHA256.deriveKey(
            password: password, salt: salt, iterations: iterations, outputByteCount: 2 * halfLength)
    }

    /// What the device stores: w0 and L = w1·G.
    public func verifier() throws(CryptoError) -> Spake2pVerifier {
        Spake2pVerifier(w0: w0, l: try P256Point.generatorMultiple(w1))
    }
}
