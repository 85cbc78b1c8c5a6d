/// Seals one direction of a secured session (hap-reference.md §6; ADK `HAP/HAPIPSecurityProtocol.c`): each message split into frames of at most 1024
/// plaintext bytes, each written `length(LE16) ‖ ciphertext ‖ tag(16)` with the two length bytes as additional
/// data and the nonce `00000000 ‖ LE64(counter)`; the counter starts at 0 and counts frames.
///
/// The accessory seals with the session's AccessoryToControllerKey ("Control-Read-Encryption-Key").
public struct HAPFrameSealer<AEAD: HAPAEAD>: Sendable {
    private let key: [UInt8]
    private let aead: AEAD
    /// The counter of the next frame.
    public private(set) var counter: UInt64 = 0

    public init(key: [UInt8], aead: AEAD) {
        precondition(key.count == HAPFrame.keyLength, "a session key is 32 bytes")
        self.key = key
        self.aead = aead
    }

    /// The frames of `message`, in order (one frame, with no ciphertext, for an empty message).
    public mutating func seal(_ message: [UInt8]) throws(HAPWireError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(message.count + (message.count / HAPFrame.maximumLength + 1) * 18)
        var start = 0
        repeat {
            let end = min(start + HAPFrame.maximumLength, message.count)
            let length = HAPFrame.lengthBytes(end - start)
            let sealed: [UInt8]
            do {
                sealed = try aead.seal(
                    Array(message[start..<end]), key: key, nonce: HAPFrame.nonce(counter), additionalData: length)
            } catch {
                throw .frameSealingFailed(counter: counter)
            }
            guard sealed.count == end - start + HAPFrame.tagLength else { throw .frameSealingFailed(counter: counter) }
            output.append(contentsOf: length)
            output.append(contentsOf: sealed)
            counter += 1
            start = end
        } while start < message.count
        return output
    }
}
