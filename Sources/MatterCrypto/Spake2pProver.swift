/// The commissioner side of SPAKE2+: the share X, then checking the verifier's answer.
///
/// Matter reference C.3: X = x·G + w0·M; on receiving Y, Z = x·(Y − w0·N), V = w1·(Y − w0·N).
public struct Spake2pProver: Sendable {
    public let keys: Spake2pPasscodeKeys
    /// X, the prover's share (Pake1 `pA`).
    public let pA: P256Point
    private let x: P256Scalar

    /// A prover with a fresh random x from `generator`.
    public init(keys: Spake2pPasscodeKeys, using generator: inout some RandomNumberGenerator) throws(CryptoError) {
        try self.init(keys: keys, x: P256Scalar.random(using: &generator))
    }

    /// A prover with the given secret x (for the published test vectors).
    public init(keys: Spake2pPasscodeKeys, x: P256Scalar) throws(CryptoError) {
        guard !x.isZero else { throw .invalidParameter("the SPAKE2+ secret x must not be 0") }
        self.keys = keys
        self.x = x
        pA = try P256Point.combination(generatorScalar: x, point: Spake2p.m, scalar: keys.w0)
    }

    /// The key schedule for the verifier's share Y (`pB`); check `confirmationB` against the received cB.
    public func finish(
        context: [UInt8], proverIdentity: [UInt8] = [], verifierIdentity: [UInt8] = [], pB: [UInt8]
    ) throws(CryptoError) -> Spake2pKeySchedule {
        let y = try P256Point(uncompressed: pB)
        let unblinded = try y.subtracting(Spake2p.n.multiplied(by: keys.w0))
        let z = try unblinded.multiplied(by: x)
        let v = try unblinded.multiplied(by: keys.w1)
        return try Spake2pKeySchedule(
            context: context, proverIdentity: proverIdentity, verifierIdentity: verifierIdentity, x: pA, y: y, z: z,
            v: v, w0: keys.w0)
    }
}
