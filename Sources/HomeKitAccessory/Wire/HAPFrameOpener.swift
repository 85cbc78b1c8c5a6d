/// Opens one direction of a secured session (hap-reference.md §6; ADK `HAP/HAPIPSecurityProtocol.c`): `append(_:)` the bytes as they arrive, then call
/// `next()` until it returns nil; each call yields one frame's plaintext once the whole frame is there.
///
/// A frame announcing more than 1024 bytes, or one whose tag does not verify, ends the session: that error, and
/// the same error on every later call (the owner closes the connection; HAP has no resynchronising). The buffer
/// holds what was appended and not yet opened; a frame is at most 1042 bytes.
///
/// The accessory opens with the session's ControllerToAccessoryKey ("Control-Write-Encryption-Key").
public struct HAPFrameOpener<AEAD: HAPAEAD>: Sendable {
    private let key: [UInt8]
    private let aead: AEAD
    private var buffer: [UInt8] = []
    private var failure: HAPWireError?
    /// The counter of the next frame.
    public private(set) var counter: UInt64 = 0

    public init(key: [UInt8], aead: AEAD) {
        precondition(key.count == HAPFrame.keyLength, "a session key is 32 bytes")
        self.key = key
        self.aead = aead
    }

    /// Buffers received bytes; nothing is opened until `next()`.
    public mutating func append(_ bytes: some Collection<UInt8>) {
        guard failure == nil else { return }
        buffer.append(contentsOf: bytes)
    }

    /// The plaintext of the next whole frame, or nil while it has not all arrived.
    public mutating func next() throws(HAPWireError) -> [UInt8]? {
        if let failure { throw failure }
        guard buffer.count >= 2 else { return nil }
        let length = Int(buffer[0]) | Int(buffer[1]) << 8
        guard length <= HAPFrame.maximumLength else { return try fail(.frameTooLong(length: length)) }
        let frameLength = 2 + length + HAPFrame.tagLength
        guard buffer.count >= frameLength else { return nil }
        let plaintext: [UInt8]
        do {
            plaintext = try aead.open(
                Array(buffer[2..<frameLength]), key: key, nonce: HAPFrame.nonce(counter),
                additionalData: Array(buffer[0..<2]))
        } catch {
            return try fail(.frameAuthenticationFailed(counter: counter))
        }
        guard plaintext.count == length else { return try fail(.frameAuthenticationFailed(counter: counter)) }
        buffer.removeFirst(frameLength)
        counter += 1
        return plaintext
    }

    private mutating func fail(_ error: HAPWireError) throws(HAPWireError) -> [UInt8]? {
        failure = error
        buffer = []
        throw error
    }
}
