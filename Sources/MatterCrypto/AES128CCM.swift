internal import CCrypto

/// AES-128 in CCM mode (NIST SP 800-38C, RFC 3610) with Matter's sizes: 13-byte nonce, 16-byte tag.
///
/// Matter encrypts every secure-session message this way (CHIP `CHIPCryptoPAL.h` `kAES_CCM128_Key_Length`,
/// `kAES_CCM128_Nonce_Length`, `kAES_CCM128_Tag_Length`).
public enum AES128CCM {
    public static let keyByteCount = 16
    public static let nonceByteCount = 13
    public static let tagByteCount = 16

    /// Encrypts `plaintext` and authenticates it with `additionalData`; returns ciphertext ‖ tag.
    public static func seal(
        _ plaintext: [UInt8], key: [UInt8], nonce: [UInt8], additionalData: [UInt8]
    ) throws(CryptoError) -> [UInt8] {
        try checkNonce(nonce, allowed: nonceByteCount...nonceByteCount)
        return try seal(plaintext, key: key, nonce: nonce, additionalData: additionalData, tagByteCount: tagByteCount)
    }

    /// Checks the tag at the end of `sealed` (ciphertext ‖ tag) and returns the plaintext.
    public static func open(
        _ sealed: [UInt8], key: [UInt8], nonce: [UInt8], additionalData: [UInt8]
    ) throws(CryptoError) -> [UInt8] {
        try checkNonce(nonce, allowed: nonceByteCount...nonceByteCount)
        return try open(sealed, key: key, nonce: nonce, additionalData: additionalData, tagByteCount: tagByteCount)
    }

    // MARK: general sizes, for the published test vectors

    /// CCM with any nonce length of 7–13 bytes and an even tag length of 4–16 bytes.
    static func seal(
        _ plaintext: [UInt8], key: [UInt8], nonce: [UInt8], additionalData: [UInt8], tagByteCount: Int
    ) throws(CryptoError) -> [UInt8] {
        try checkSizes(key: key, nonce: nonce, tagByteCount: tagByteCount)
        guard let context = EVP_CIPHER_CTX_new() else { throw .libraryFailure("EVP_CIPHER_CTX_new") }
        defer { EVP_CIPHER_CTX_free(context) }
        var output = [UInt8](repeating: 0, count: plaintext.count + tagByteCount)
        let failure: String? = output.withUnsafeMutableBufferPointer { out -> String? in
            let ciphertext = out.baseAddress!
            var length: Int32 = 0
            guard EVP_EncryptInit_ex(context, EVP_aes_128_ccm(), nil, nil, nil) == 1,
                EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_AEAD_SET_IVLEN, Int32(nonce.count), nil) == 1,
                EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_AEAD_SET_TAG, Int32(tagByteCount), nil) == 1,
                EVP_EncryptInit_ex(context, nil, nil, key, nonce) == 1
            else { return "EVP_EncryptInit_ex" }
            // CCM needs the message length before the additional data (OpenSSL EVP_EncryptInit(3), "CCM mode").
            guard EVP_EncryptUpdate(context, nil, &length, nil, Int32(plaintext.count)) == 1 else {
                return "EVP_EncryptUpdate(length)"
            }
            if !additionalData.isEmpty {
                guard EVP_EncryptUpdate(context, nil, &length, additionalData, Int32(additionalData.count)) == 1 else {
                    return "EVP_EncryptUpdate(additional data)"
                }
            }
            let status = plaintext.withNonNullBytes { input in
                EVP_EncryptUpdate(context, ciphertext, &length, input, Int32(plaintext.count))
            }
            guard status == 1,
                EVP_EncryptFinal_ex(context, ciphertext + plaintext.count, &length) == 1,
                EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_AEAD_GET_TAG, Int32(tagByteCount), ciphertext + plaintext.count)
                    == 1
            else { return "EVP_EncryptUpdate" }
            return nil
        }
        if let failure { throw .libraryFailure(failure) }
        return output
    }

    /// The inverse of `seal(_:key:nonce:additionalData:tagByteCount:)`.
    static func open(
        _ sealed: [UInt8], key: [UInt8], nonce: [UInt8], additionalData: [UInt8], tagByteCount: Int
    ) throws(CryptoError) -> [UInt8] {
        try checkSizes(key: key, nonce: nonce, tagByteCount: tagByteCount)
        guard sealed.count >= tagByteCount else {
            throw .invalidLength(what: "a sealed message", expected: "at least \(tagByteCount)", actual: sealed.count)
        }
        let ciphertext = Array(sealed.dropLast(tagByteCount))
        var tag = Array(sealed.suffix(tagByteCount))
        guard let context = EVP_CIPHER_CTX_new() else { throw .libraryFailure("EVP_CIPHER_CTX_new") }
        defer { EVP_CIPHER_CTX_free(context) }
        var plaintext = [UInt8](repeating: 0, count: max(ciphertext.count, 1))
        var length: Int32 = 0
        guard EVP_DecryptInit_ex(context, EVP_aes_128_ccm(), nil, nil, nil) == 1,
            EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_AEAD_SET_IVLEN, Int32(nonce.count), nil) == 1,
            EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_AEAD_SET_TAG, Int32(tagByteCount), &tag) == 1,
            EVP_DecryptInit_ex(context, nil, nil, key, nonce) == 1,
            EVP_DecryptUpdate(context, nil, &length, nil, Int32(ciphertext.count)) == 1
        else { throw .libraryFailure("EVP_DecryptInit_ex") }
        if !additionalData.isEmpty {
            guard EVP_DecryptUpdate(context, nil, &length, additionalData, Int32(additionalData.count)) == 1 else {
                throw .libraryFailure("EVP_DecryptUpdate(additional data)")
            }
        }
        // In CCM the tag is checked by this one update call: it fails when the tag does not match.
        let status = ciphertext.withNonNullBytes { input in
            plaintext.withUnsafeMutableBufferPointer { out in
                EVP_DecryptUpdate(context, out.baseAddress, &length, input, Int32(ciphertext.count))
            }
        }
        guard status == 1 else { throw .authenticationFailed }
        return Array(plaintext.prefix(ciphertext.count))
    }

    private static func checkSizes(key: [UInt8], nonce: [UInt8], tagByteCount: Int) throws(CryptoError) {
        guard key.count == keyByteCount else {
            throw .invalidLength(what: "an AES-128 key", expected: "\(keyByteCount)", actual: key.count)
        }
        try checkNonce(nonce, allowed: 7...13)
        guard (4...16).contains(tagByteCount), tagByteCount % 2 == 0 else {
            throw .invalidParameter("a CCM tag is 4, 6, …, 16 bytes long, not \(tagByteCount)")
        }
    }

    private static func checkNonce(_ nonce: [UInt8], allowed: ClosedRange<Int>) throws(CryptoError) {
        guard allowed.contains(nonce.count) else {
            let (low, high) = (allowed.lowerBound, allowed.upperBound)
            let expected = low == high ? "\(low)" : "\(low) to \(high)"
            throw .invalidLength(what: "a CCM nonce", expected: expected, actual: nonce.count)
        }
    }
}
