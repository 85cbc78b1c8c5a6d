internal import CCrypto

/// Owns one libcrypto `EVP_PKEY` on P-256, built from our own value types for one signing, verifying call.
///
/// Keys are made with `EVP_PKEY_fromdata` (the OpenSSL 3 way; the `EC_KEY` API is deprecated there).
final class EVPKey {
    let pointer: OpaquePointer

    private init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        EVP_PKEY_free(pointer)
    }

    /// A public key: the point only.
    static func publicKey(_ point: P256Point) throws(CryptoError) -> EVPKey {
        try make(publicKey: point, privateKey: nil)
    }

    /// A key pair: the scalar and its point.
    static func keyPair(privateKey: P256Scalar, publicKey: P256Point) throws(CryptoError) -> EVPKey {
        try make(publicKey: publicKey, privateKey: privateKey)
    }

    private static func make(publicKey: P256Point, privateKey: P256Scalar?) throws(CryptoError) -> EVPKey {
        // The builder keeps the pointers it is given until OSSL_PARAM_BLD_to_param copies the values, and the
        // parameters it returns keep pointing at the key names: names and the group are static strings, the
        // point and the scalar stay alive until the copy.
        let scalar = try privateKey.map { (key) throws(CryptoError) in try P256Group.shared.bigNumber(key.bytes) }
        let built = publicKey.uncompressed.withUnsafeBytes { point -> UnsafeMutablePointer<OSSL_PARAM>? in
            guard let builder = OSSL_PARAM_BLD_new() else { return nil }
            defer { OSSL_PARAM_BLD_free(builder) }
            guard OSSL_PARAM_BLD_push_utf8_string(builder, Self.groupName.cString, Self.prime256v1.cString, 0) == 1,
                OSSL_PARAM_BLD_push_octet_string(builder, Self.publicKeyName.cString, point.baseAddress, point.count)
                    == 1
            else { return nil }
            if let scalar, OSSL_PARAM_BLD_push_BN(builder, Self.privateKeyName.cString, scalar.pointer) != 1 {
                return nil
            }
            return OSSL_PARAM_BLD_to_param(builder)
        }
        guard let values = built else { throw .libraryFailure("OSSL_PARAM_BLD") }
        defer { OSSL_PARAM_free(values) }
        guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else {
            throw .libraryFailure("EVP_PKEY_CTX_new_from_name")
        }
        defer { EVP_PKEY_CTX_free(context) }
        // EVP_PKEY_PUBLIC_KEY and EVP_PKEY_KEYPAIR are composite macros Swift cannot import: spelled out here.
        let parameters = OSSL_KEYMGMT_SELECT_DOMAIN_PARAMETERS | OSSL_KEYMGMT_SELECT_OTHER_PARAMETERS
        let publicSelection = parameters | OSSL_KEYMGMT_SELECT_PUBLIC_KEY
        let selection = privateKey == nil ? publicSelection : publicSelection | OSSL_KEYMGMT_SELECT_PRIVATE_KEY
        var key: OpaquePointer?
        guard EVP_PKEY_fromdata_init(context) == 1,
            EVP_PKEY_fromdata(context, &key, Int32(selection), values) == 1, let key
        else { throw .libraryFailure("EVP_PKEY_fromdata") }
        return EVPKey(key)
    }

    // OSSL_PKEY_PARAM_GROUP_NAME, OSSL_PKEY_PARAM_PUB_KEY, OSSL_PKEY_PARAM_PRIV_KEY and SN_X9_62_prime256v1 as
    // strings whose storage never moves (a Swift String passed as `const char *` lives for one call only).
    private static let groupName: StaticString = "group"
    private static let publicKeyName: StaticString = "pub"
    private static let privateKeyName: StaticString = "priv"
    private static let prime256v1: StaticString = "prime256v1"

    /// ECDSA with SHA-256 over `message`: the DER `ECDSA-Sig-Value` libcrypto produces.
    func signSHA256(_ message: [UInt8]) throws(CryptoError) -> [UInt8] {
        guard let context = EVP_MD_CTX_new() else { throw .libraryFailure("EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, pointer) == 1 else {
            throw .libraryFailure("EVP_DigestSignInit")
        }
        // 72 bytes is the largest P-256 ECDSA-Sig-Value: two 33-byte INTEGERs with headers and the SEQUENCE's.
        var signature = [UInt8](repeating: 0, count: 80)
        var length = signature.count
        let status = message.withNonNullBytes { input in
            EVP_DigestSign(context, &signature, &length, input, message.count)
        }
        guard status == 1 else { throw .libraryFailure("EVP_DigestSign") }
        return Array(signature.prefix(length))
    }

    /// Whether `signature` (DER `ECDSA-Sig-Value`) is this key's ECDSA-SHA256 signature of `message`.
    func verifySHA256(_ signature: [UInt8], for message: [UInt8]) throws(CryptoError) -> Bool {
        guard let context = EVP_MD_CTX_new() else { throw .libraryFailure("EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, pointer) == 1 else {
            throw .libraryFailure("EVP_DigestVerifyInit")
        }
        let status = message.withNonNullBytes { input in
            EVP_DigestVerify(context, signature, signature.count, input, message.count)
        }
        // 1 is a good signature, 0 a bad one; a negative value is a malformed one, which is also a bad one.
        return status == 1
    }
}

extension StaticString {
    /// The string's NUL-terminated bytes, which live as long as the program.
    fileprivate var cString: UnsafePointer<CChar> {
        UnsafeRawPointer(utf8Start).assumingMemoryBound(to: CChar.self)
    }
}
