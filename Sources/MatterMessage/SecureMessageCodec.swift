import MatterCrypto

/// Encrypts and decrypts secure-session messages with AES-128-CCM, without privacy obfuscation.
///
/// Matter reference D, "AES-CCM" (CHIP `src/transport/CryptoContext.cpp` `BuildNonce`,
/// `GetAdditionalAuthData`; `SecureMessageCodec.cpp`): the encoded message header is the additional data,
/// the protocol header and payload are encrypted, and the 16-byte tag (MIC) follows.
public enum SecureMessageCodec {
    /// The 13-byte nonce: security flags ‖ message counter (LE32) ‖ sender's node ID (LE64).
    ///
    /// For unicast sessions the node ID is the sending node's own ID in the session, which is 0
    /// (`kUndefinedNodeId`) on both sides of a PASE session.
    public static func nonce(securityFlags: UInt8, messageCounter: UInt32, senderNodeID: UInt64) -> [UInt8] {
        var nonce: [UInt8] = [securityFlags]
        nonce.appendLittleEndian(messageCounter)
        nonce.appendLittleEndian(senderNodeID)
        return nonce
    }

    /// The bytes of `message` encrypted with `key`; `senderNodeID` is this node's ID in the session.
    public static func seal(_ message: Message, key: [UInt8], senderNodeID: UInt64) throws(CryptoError) -> [UInt8] {
        let header = message.header.encoded()
        let nonce = nonce(
            securityFlags: message.header.securityFlags, messageCounter: message.header.messageCounter,
            senderNodeID: senderNodeID)
        let sealed = try AES128CCM.seal(
            message.protocolHeader.encoded() + message.payload, key: key, nonce: nonce, additionalData: header)
        return header + sealed
    }

    /// Decrypts and reads a secure message; `senderNodeID` is the peer's node ID in the session.
    ///
    /// The header is checked first and refused if it is not encrypted or uses privacy obfuscation. The
    /// received header bytes, not a re-encoding, are the additional data and give the nonce's flags.
    /// A key of the wrong length also reads as `authenticationFailed`: nothing can be opened with it.
    public static func open(
        _ bytes: [UInt8], key: [UInt8], senderNodeID: UInt64, maximumLength: Int = Message.maximumUDPLength
    ) throws(MessageDecodingError) -> Message {
        let (header, headerLength) = try decodeHeader(bytes, maximumLength: maximumLength)
        let body = Array(bytes[headerLength...])
        guard body.count >= AES128CCM.tagByteCount else {
            throw .truncated(field: "message integrity check", needed: AES128CCM.tagByteCount, available: body.count)
        }
        let nonce = nonce(
            securityFlags: bytes[3], messageCounter: header.messageCounter, senderNodeID: senderNodeID)
        let plaintext: [UInt8]
        do {
            plaintext = try AES128CCM.open(
                body, key: key, nonce: nonce, additionalData: Array(bytes[..<headerLength]))
        } catch {
            throw .authenticationFailed
        }
        let (protocolHeader, protocolLength) = try ProtocolHeader.decode(plaintext)
        return Message(header: header, protocolHeader: protocolHeader, payload: Array(plaintext[protocolLength...]))
    }

    /// Reads and checks only the header of a secure message, to find its session before decrypting.
    public static func decodeHeader(
        _ bytes: [UInt8], maximumLength: Int = Message.maximumUDPLength
    ) throws(MessageDecodingError) -> (header: MessageHeader, length: Int) {
        guard bytes.count <= maximumLength else { throw .tooLong(length: bytes.count, maximum: maximumLength) }
        let (header, length) = try MessageHeader.decode(bytes)
        guard header.isEncrypted else { throw .unexpectedEncryption(encrypted: false) }
        guard !header.isPrivacyEnhanced else { throw .privacyNotSupported }
        return (header, length)
    }
}
