/// The AEAD that protects a secured session's frames: ChaCha20-Poly1305 (RFC 8439; hap-reference.md §6).
///
/// A protocol so that the frame codec stays pure and this target needs no crypto library: the daemon passes
/// `MatterCrypto`'s ChaCha20-Poly1305, and tests a fake. The shapes are `MatterCrypto.ChaCha20Poly1305`'s.
public protocol HAPAEAD: Sendable {
    /// The ciphertext followed by the 16-byte tag.
    func seal(_ plaintext: [UInt8], key: [UInt8], nonce: [UInt8], additionalData: [UInt8]) throws -> [UInt8]
    /// The plaintext of ciphertext ‖ tag; throws when the tag does not verify.
    func open(_ sealed: [UInt8], key: [UInt8], nonce: [UInt8], additionalData: [UInt8]) throws -> [UInt8]
}

/// What both directions of the frame codec share (hap-reference.md §6; ADK `HAP/HAPIPSecurityProtocol.h`).
public enum HAPFrame {
    /// The most plaintext one frame carries (ADK `kHAPIPSecurityProtocol_MaxFrameBytes`).
    public static let maximumLength = 1024
    /// The Poly1305 tag after each frame's ciphertext.
    public static let tagLength = 16
    /// ChaCha20-Poly1305's key size.
    public static let keyLength = 32

    /// The 12-byte nonce of frame `counter`: four zero bytes, then the counter as a little-endian UInt64.
    public static func nonce(_ counter: UInt64) -> [UInt8] {
        [0, 0, 0, 0] + (0..<8).map { UInt8(truncatingIfNeeded: counter >> (8 * $0)) }
    }

    /// The frame's length as its two little-endian bytes, which are also its additional authenticated data.
    static func lengthBytes(_ length: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: length), UInt8(truncatingIfNeeded: length >> 8)]
    }
}
