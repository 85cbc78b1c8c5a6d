import FuzzSupport
import MatterMessage

/// The Matter message layer: message header, protocol header, unsecured messages and StatusReport decode → encode →
/// decode to the same value, take no more bytes than they are given, and encode canonically; secure messages
/// sealed with a key open to themselves, and nothing opens under the wrong sender node ID.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMatterMessage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    checkHeaders(bytes)
    if let message = try? Message.decodeUnsecured(bytes) {
        fuzzCheck(!message.header.isEncrypted, "decodeUnsecured returned an encrypted message")
        let encoded = message.encodedUnsecured()
        fuzzCheck(encoded.count <= bytes.count, "an unsecured message grew when encoded: \(hexString(encoded))")
        fuzzCheck(
            (try? Message.decodeUnsecured(encoded)) == message, "unsecured decode → encode → decode changed \(message)")
    }
    if let report = try? StatusReport.decode(bytes) {
        fuzzCheck(report.encoded() == bytes, "StatusReport decode → encode changed the bytes")
        _ = report.description
    }
    checkSecure(bytes)
    return 0
}

private func checkHeaders(_ bytes: [UInt8]) {
    if let (header, length) = try? MessageHeader.decode(bytes) {
        fuzzCheck(length <= bytes.count, "the message header took \(length) of \(bytes.count) bytes")
        let encoded = header.encoded()
        // Only reserved flag bits are dropped, so the length stays.
        fuzzCheck(encoded.count == length, "the message header re-encoded to \(encoded.count) bytes, not \(length)")
        let again = try? MessageHeader.decode(encoded)
        fuzzCheck(again?.header == header && again?.length == length, "message header decode → encode → decode")
    }
    if let (header, length) = try? ProtocolHeader.decode(bytes) {
        fuzzCheck(length <= bytes.count, "the protocol header took \(length) of \(bytes.count) bytes")
        let encoded = header.encoded()
        fuzzCheck(encoded.count <= length, "the protocol header grew when encoded")
        let again = try? ProtocolHeader.decode(encoded)
        fuzzCheck(
            again?.header == header && again?.length == encoded.count, "protocol header decode → encode → decode")
    }
}

/// The key of the seed corpus's secure message (matter.js `SecureSessionTest.ts`, in
/// Tests/MatterMessageTests/Fixtures/message-vectors.txt), so that seed and its mutations reach the decrypted part.
private let key: [UInt8] = [
    0xBA, 0xCB, 0x17, 0x8B, 0x25, 0x88, 0x44, 0x3D, 0x5D, 0x5B, 0x1E, 0x45, 0x59, 0xE7, 0xAC, 0xCC,
]

private func checkSecure(_ bytes: [UInt8]) {
    if let opened = try? SecureMessageCodec.open(bytes, key: key, senderNodeID: 0) {
        checkSealAndOpen(opened)
        fuzzCheck(
            (try? SecureMessageCodec.open(bytes, key: key, senderNodeID: 1)) == nil,
            "a message opened under two sender node IDs")
    }
    // A header that passes as secure, with the rest read as the plaintext protocol header and payload.
    guard let (header, length) = try? SecureMessageCodec.decodeHeader(bytes) else { return }
    fuzzCheck(header.isEncrypted && !header.isPrivacyEnhanced, "decodeHeader let through \(header)")
    let rest = Array(bytes[length...])
    guard let (protocolHeader, protocolLength) = try? ProtocolHeader.decode(rest) else { return }
    checkSealAndOpen(Message(header: header, protocolHeader: protocolHeader, payload: Array(rest[protocolLength...])))
}

private func checkSealAndOpen(_ message: Message) {
    let sealed: [UInt8]
    do {
        sealed = try SecureMessageCodec.seal(message, key: key, senderNodeID: 7)
    } catch {
        fatalError("property violated: \(message) cannot be sealed: \(error)")
    }
    let opened = try? SecureMessageCodec.open(sealed, key: key, senderNodeID: 7, maximumLength: sealed.count)
    fuzzCheck(opened == message, "seal → open changed \(message) into \(String(describing: opened))")
    fuzzCheck(
        (try? SecureMessageCodec.open(sealed, key: key, senderNodeID: 8, maximumLength: sealed.count)) == nil,
        "a message sealed for sender 7 opened as from sender 8")
}
