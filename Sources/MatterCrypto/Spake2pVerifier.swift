/// The device side of SPAKE2+: w0 and L = w1·G, and the answer to a prover's share.
///
/// In Matter's PASE the commissionee (responder) is the verifier (Matter reference C.2, C.3). It stores
/// 97 bytes, w0 ‖ L (`kSpake2p_VerifierSerialized_Length`).
public struct Spake2pVerifier: Hashable, Sendable {
    public static let serializedByteCount = P256Scalar.byteCount + P256Point.byteCount

    public let w0: P256Scalar
    public let l: P256Point

    public init(w0: P256Scalar, l: P256Point) {
        self.w0 = w0
        self.l = l
    }

    /// Reads w0 (32 bytes) ‖ L (65 bytes), checking that w0 is below n and L lies on the curve.
    public init(serialized: [UInt8]) throws(CryptoError) {
        guard serialized.count == Self.serializedByteCount else {
            throw .invalidLength(what: "a SPAKE2+ verifier", expected: "97", actual: serialized.count)
        }
        w0 = try P256Scalar(bytes: Array(serialized[0..<P256Scalar.byteCount]))
        l = try P256Point(uncompressed: Array(serialized[P256Scalar.byteCount...]))
    }

    public var serialized: [UInt8] {
        w0.bytes + l.uncompressed
    }

    /// Answers the prover's share X with a fresh random y from `generator`.
    public func respond(
        context: [UInt8], proverIdentity: [UInt8] = [], verifierIdentity: [UInt8] = [], pA: [UInt8],
        using generator: inout some RandomNumberGenerator
    ) throws(CryptoError) -> Spake2pVerifierRound {
        try respond(
            context: context, proverIdentity: proverIdentity, verifierIdentity: verifierIdentity, pA: pA,
            y: P256Scalar.random(using: &generator))
    }

    /// Answers the prover's share X (`pA`) with the given secret y.
    ///
    /// Y = y·G + w0·N, Z = y·(X − w0·M), V = y·L. X must be a valid point (`PointIsValid`); y must not be 0.
    /// Passing y directly is for the published test vectors; a real exchange draws it at random.
    public func respond(
        context: [UInt8], proverIdentity: [UInt8] = [], verifierIdentity: [UInt8] = [], pA: [UInt8], y: P256Scalar
    ) throws(CryptoError) -> Spake2pVerifierRound {
        guard !y.isZero else { throw .invalidParameter("the SPAKE2+ secret y must not be 0") }
        let x = try P256Point(uncompressed: pA)
        let shareY = try P256Point.combination(generatorScalar: y, point: Spake2p.n, scalar: w0)
        let unblinded = try x.subtracting(Spake2p.m.multiplied(by: w0))
        let z = try unblinded.multiplied(by: y)
        let v = try l.multiplied(by: y)
        let schedule = try Spake2pKeySchedule(
            context: context, proverIdentity: proverIdentity, verifierIdentity: verifierIdentity, x: x, y: shareY,
            z: z, v: v, w0: w0)
        return Spake2pVerifierRound(pB: shareY, z: z, v: v, schedule: schedule)
    }
}

/// One verifier exchange after the prover's share arrived: what to send back and what to expect.
public struct Spake2pVerifierRound: Sendable {
    /// Y, the verifier's share (Pake2 `pB`).
    public let pB: P256Point
    let z: P256Point
    let v: P256Point
    let schedule: Spake2pKeySchedule

    init(pB: P256Point, z: P256Point, v: P256Point, schedule: Spake2pKeySchedule) {
        self.pB = pB
        self.z = z
        self.v = v
        self.schedule = schedule
    }

    /// cB, the verifier's key confirmation (Pake2 `cB`).
    public var cB: [UInt8] {
        schedule.confirmationB
    }

    /// Ke, the shared secret; valid only once `confirms(cA:)` returned true.
    public var sharedSecret: [UInt8] {
        schedule.ke
    }

    /// Whether the prover's confirmation cA (Pake3) is HMAC(KcA, Y), compared in constant time.
    public func confirms(cA: [UInt8]) -> Bool {
        ConstantTime.equal(cA, schedule.confirmationA)
    }
}
