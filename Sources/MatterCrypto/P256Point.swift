internal import CCrypto

/// A point on the NIST P-256 curve other than the point at infinity, kept in its uncompressed encoding.
///
/// Every way to make one checks that it lies on the curve (SPAKE2+ `PointIsValid`, CHIP
/// `Spake2p_P256_SHA256_HKDF_HMAC::PointIsValid`). Operations whose result is the point at infinity throw
/// `CryptoError.pointAtInfinity`.
public struct P256Point: Hashable, Sendable {
    /// Length of the uncompressed encoding: 0x04 ‖ X (32) ‖ Y (32).
    public static let byteCount = 65

    /// The uncompressed encoding.
    public let uncompressed: [UInt8]

    /// Decodes 65 bytes (0x04 ‖ X ‖ Y), refusing anything that is not a point on the curve.
    public init(uncompressed bytes: [UInt8]) throws(CryptoError) {
        let group = P256Group.shared
        uncompressed = try group.encode(group.decode(bytes))
    }

    private init(trusted bytes: [UInt8]) {
        uncompressed = bytes
    }

    /// The group's generator G (SPAKE2+ calls it P).
    public static let generator: P256Point = {
        let group = P256Group.shared
        guard let point = EC_GROUP_get0_generator(group.group), let copy = EC_POINT_dup(point, group.group),
            let bytes = try? group.encode(ECPointHandle(copy))
        else { preconditionFailure("libcrypto's P-256 group has no generator") }
        return P256Point(trusted: bytes)
    }()

    /// scalar · G.
    public static func generatorMultiple(_ scalar: P256Scalar) throws(CryptoError) -> P256Point {
        try combination(generatorScalar: scalar, point: nil, scalar: nil)
    }

    /// scalar · self.
    public func multiplied(by scalar: P256Scalar) throws(CryptoError) -> P256Point {
        try Self.combination(generatorScalar: nil, point: self, scalar: scalar)
    }

    /// self + other.
    public func adding(_ other: P256Point) throws(CryptoError) -> P256Point {
        let group = P256Group.shared
        let left = try group.decode(uncompressed)
        let right = try group.decode(other.uncompressed)
        let sum = try group.makePoint()
        guard EC_POINT_add(group.group, sum.pointer, left.pointer, right.pointer, nil) == 1 else {
            throw .libraryFailure("EC_POINT_add")
        }
        return P256Point(trusted: try group.encode(sum))
    }

    /// −self: the same X with Y negated (never the point at infinity).
    public func negated() -> P256Point {
        let group = P256Group.shared
        guard let point = try? group.decode(uncompressed),
            EC_POINT_invert(group.group, point.pointer, nil) == 1,
            let bytes = try? group.encode(point)
        else { preconditionFailure("EC_POINT_invert failed on a valid point") }
        return P256Point(trusted: bytes)
    }

    /// self − other.
    public func subtracting(_ other: P256Point) throws(CryptoError) -> P256Point {
        try adding(other.negated())
    }

    /// a · G + b · Q in one libcrypto call (`EC_POINT_mul`); either term may be left out.
    static func combination(
        generatorScalar: P256Scalar?, point: P256Point?, scalar: P256Scalar?
    ) throws(CryptoError) -> P256Point {
        let group = P256Group.shared
        let result = try group.makePoint()
        let a = try generatorScalar.map { (scalar) throws(CryptoError) in try group.bigNumber(scalar.bytes) }
        let q = try point.map { (point) throws(CryptoError) in try group.decode(point.uncompressed) }
        let b = try scalar.map { (scalar) throws(CryptoError) in try group.bigNumber(scalar.bytes) }
        guard let context = BN_CTX_new() else { throw .libraryFailure("BN_CTX_new") }
        defer { BN_CTX_free(context) }
        let status = EC_POINT_mul(group.group, result.pointer, a?.pointer, q?.pointer, b?.pointer, context)
        guard status == 1 else { throw .libraryFailure("EC_POINT_mul") }
        return P256Point(trusted: try group.encode(result))
    }
}
