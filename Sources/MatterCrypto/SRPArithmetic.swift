internal import CCrypto

/// Arithmetic modulo HomeKit's SRP prime N on libcrypto BIGNUMs, for one SRP computation.
///
/// Owns a `BN_CTX` and N; the numbers it makes are `BigNumberHandle`s, cleared when freed because b, x and S
/// are secrets. Values go in and come out as big-endian bytes, so no BIGNUM outlives the computation.
final class SRPArithmetic {
    private let context: OpaquePointer
    private let modulus: BigNumberHandle

    init() throws(CryptoError) {
        guard let context = BN_CTX_new() else { throw .libraryFailure("BN_CTX_new") }
        self.context = context
        do {
            modulus = try Self.number(HAPSRPGroup.prime)
        } catch {
            BN_CTX_free(context)
            throw error
        }
    }

    deinit {
        BN_CTX_free(context)
    }

    /// The number whose big-endian bytes are `bytes`.
    ///
    /// A secret one (an exponent) is flagged `BN_FLG_CONSTTIME`, so that `BN_mod_exp` takes the
    /// constant-time path, as the ADK flags b (`HAPOpenSSL.c`).
    static func number(_ bytes: [UInt8], secret: Bool = false) throws(CryptoError) -> BigNumberHandle {
        guard let number = BN_bin2bn(bytes, Int32(bytes.count), nil) else { throw .libraryFailure("BN_bin2bn") }
        if secret {
            BN_set_flags(number, BN_FLG_CONSTTIME)
        }
        return BigNumberHandle(number)
    }

    /// `base`^`exponent` mod N.
    func power(_ base: BigNumberHandle, _ exponent: BigNumberHandle) throws(CryptoError) -> BigNumberHandle {
        let result = try Self.empty()
        guard BN_mod_exp(result.pointer, base.pointer, exponent.pointer, modulus.pointer, context) == 1 else {
            throw .libraryFailure("BN_mod_exp")
        }
        return result
    }

    /// `a` · `b` mod N.
    func product(_ a: BigNumberHandle, _ b: BigNumberHandle) throws(CryptoError) -> BigNumberHandle {
        let result = try Self.empty()
        guard BN_mod_mul(result.pointer, a.pointer, b.pointer, modulus.pointer, context) == 1 else {
            throw .libraryFailure("BN_mod_mul")
        }
        return result
    }

    /// `a` + `b` mod N.
    func sum(_ a: BigNumberHandle, _ b: BigNumberHandle) throws(CryptoError) -> BigNumberHandle {
        let result = try Self.empty()
        guard BN_mod_add(result.pointer, a.pointer, b.pointer, modulus.pointer, context) == 1 else {
            throw .libraryFailure("BN_mod_add")
        }
        return result
    }

    /// `a` − `b` mod N, in [0, N).
    func difference(_ a: BigNumberHandle, _ b: BigNumberHandle) throws(CryptoError) -> BigNumberHandle {
        let result = try Self.empty()
        guard BN_mod_sub(result.pointer, a.pointer, b.pointer, modulus.pointer, context) == 1 else {
            throw .libraryFailure("BN_mod_sub")
        }
        return result
    }

    /// `a` mod N, in [0, N).
    func reduced(_ a: BigNumberHandle) throws(CryptoError) -> BigNumberHandle {
        let result = try Self.empty()
        // BN_mod is a macro over BN_div; BN_nnmod is a function and never negative.
        guard BN_nnmod(result.pointer, a.pointer, modulus.pointer, context) == 1 else {
            throw .libraryFailure("BN_nnmod")
        }
        return result
    }

    /// Whether `a` is 0.
    func isZero(_ a: BigNumberHandle) -> Bool {
        BN_is_zero(a.pointer) == 1
    }

    /// The value below N as 384 big-endian bytes: PAD(value).
    func padded(_ a: BigNumberHandle) throws(CryptoError) -> [UInt8] {
        try a.bytes(count: HAPSRPGroup.byteCount)
    }

    private static func empty() throws(CryptoError) -> BigNumberHandle {
        guard let number = BN_new() else { throw .libraryFailure("BN_new") }
        return BigNumberHandle(number)
    }
}
