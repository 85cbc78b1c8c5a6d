/// RFC 5869's extract-then-expand over any HMAC, shared by `HKDFSHA256` and `HKDFSHA512`.
enum HKDF {
    /// `outputByteCount` bytes from `authenticationCode` (an HMAC whose output is `hashByteCount` long).
    ///
    /// An empty `salt` means `hashByteCount` zero bytes (RFC 5869 §2.2). The output is at most 255 blocks
    /// (§2.3); `name` says which HKDF refused a longer one.
    static func deriveKey(
        inputKeyMaterial: [UInt8], salt: [UInt8], info: [UInt8], outputByteCount: Int, hashByteCount: Int,
        name: String, authenticationCode: (_ key: [UInt8], _ message: [UInt8]) -> [UInt8]
    ) throws(CryptoError) -> [UInt8] {
        let maximum = 255 * hashByteCount
        guard (0...maximum).contains(outputByteCount) else {
            throw .invalidParameter("\(name) output must be at most \(maximum) bytes")
        }
        let extractSalt = salt.isEmpty ? [UInt8](repeating: 0, count: hashByteCount) : salt
        let pseudorandomKey = authenticationCode(extractSalt, inputKeyMaterial)
        var output: [UInt8] = []
        output.reserveCapacity(outputByteCount + hashByteCount)
        var block: [UInt8] = []
        var counter: UInt8 = 1
        while output.count < outputByteCount {
            block = authenticationCode(pseudorandomKey, block + info + [counter])
            output += block
            counter &+= 1
        }
        return Array(output.prefix(outputByteCount))
    }
}
