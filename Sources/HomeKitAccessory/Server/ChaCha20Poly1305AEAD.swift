import MatterCrypto

/// The session's cipher (reference section 6): ChaCha20-Poly1305 from MatterCrypto, for the frame codec.
public struct ChaCha20Poly1305AEAD: HAPAEAD {
    public init() {}

    public func seal(_ plaintext: [UInt8], key: [UInt8], nonce: [UInt8], additionalData: [UInt8]) throws -> [UInt8] {
        try ChaCha20Poly1305.seal(plaintext, key: key, nonce: nonce, additionalData: additionalData)
    }

    public func open(_ sealed: [UInt8], key: [UInt8], nonce: [UInt8], additionalData: [UInt8]) throws -> [UInt8] {
        try ChaCha20Poly1305.open(sealed, key: key, nonce: nonce, additionalData: additionalData)
    }
}
