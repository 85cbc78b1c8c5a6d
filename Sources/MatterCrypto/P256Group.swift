internal import CCrypto

/// libcrypto's P-256 group, created once, and small owners of the C objects the point arithmetic uses.
///
/// Only this file and the P-256 value types touch `EC_GROUP`, `EC_POINT` and `BIGNUM`.
final class P256Group: @unchecked Sendable {
    // @unchecked: the group and its order are never changed after init; libcrypto allows concurrent
    // read-only use of one EC_GROUP.
    static let shared = P256Group()

    let group: OpaquePointer
    let order: OpaquePointer

    private init() {
        guard let group = EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1), let order = EC_GROUP_get0_order(group)
        else { preconditionFailure("libcrypto has no P-256 group") }
        self.group = group
        self.order = order
    }

    /// A new point owned by the returned handle.
    func makePoint() throws(CryptoError) -> ECPointHandle {
        guard let point = EC_POINT_new(group) else { throw .libraryFailure("EC_POINT_new") }
        return ECPointHandle(point)
    }

    /// Decodes a 65-byte uncompressed point (0x04 ‖ X ‖ Y) and checks that it lies on the curve.
    func decode(_ bytes: [UInt8]) throws(CryptoError) -> ECPointHandle {
        guard bytes.count == P256Point.byteCount, bytes[0] == 0x04 else { throw .invalidPoint }
        let point = try makePoint()
        guard EC_POINT_oct2point(group, point.pointer, bytes, bytes.count, nil) == 1,
            EC_POINT_is_on_curve(group, point.pointer, nil) == 1,
            EC_POINT_is_at_infinity(group, point.pointer) == 0
        else { throw .invalidPoint }
        return point
    }

    /// The uncompressed encoding of `point`; the point at infinity has none.
    func encode(_ point: ECPointHandle) throws(CryptoError) -> [UInt8] {
        guard EC_POINT_is_at_infinity(group, point.pointer) == 0 else { throw .pointAtInfinity }
        var bytes = [UInt8](repeating: 0, count: P256Point.byteCount)
        let written = EC_POINT_point2oct(
            group, point.pointer, POINT_CONVERSION_UNCOMPRESSED, &bytes, bytes.count, nil)
        guard written == P256Point.byteCount else { throw .libraryFailure("EC_POINT_point2oct") }
        return bytes
    }

    /// A big number holding the 32-byte big-endian `bytes`.
    func bigNumber(_ bytes: [UInt8]) throws(CryptoError) -> BigNumberHandle {
        guard let number = BN_bin2bn(bytes, Int32(bytes.count), nil) else { throw .libraryFailure("BN_bin2bn") }
        return BigNumberHandle(number)
    }
}

/// Owns one `EC_POINT`.
final class ECPointHandle {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        EC_POINT_free(pointer)
    }
}

/// Owns one `BIGNUM`, cleared when freed because it may hold a secret scalar.
final class BigNumberHandle {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        BN_clear_free(pointer)
    }

    /// The value as exactly `count` big-endian bytes.
    func bytes(count: Int) throws(CryptoError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        guard BN_bn2binpad(pointer, &bytes, Int32(count)) == Int32(count) else {
            throw .libraryFailure("BN_bn2binpad")
        }
        return bytes
    }
}
