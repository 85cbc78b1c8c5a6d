import MatterCrypto
import MatterMessage
import Testing

@testable import MatterInteraction

/// ReadRequest decoding, from a message chip-tool sent over a PASE session.
@Suite struct ReadRequestMessageTests {
    /// matter.js `packages/general/test/crypto/aes/CcmTest.ts`, vector "Matter message payload 1": a secure
    /// message on PASE session 0x351D (sender node ID 0, so the nonce ends in eight zero bytes) whose plaintext is
    /// a ReadRequest chip-tool sends while commissioning.
    static let key = hexBytes("bacb178b2588443d5d5b1e4559e7accc")
    static let header = hexBytes("001d350022145300")
    static let ciphertext = hexBytes(
        """
        ec2b931025dada82ed67521c966d2454d131a271023be699e4e2796650f568e590fd9b65f456c720a60a0da127eaa53974c5\
        d41d3d933ed7b58a9ce5b5cb96ad94a7762611c48774cf75458327e74c34668a45dc9943546f8a6aa1dcd40bd4b8014bef
        """)
    static let tag = hexBytes("b49954a097a60cbdff333ee3f2fd1f49")

    @Test func chipToolsReadRequestOpensAndDecodes() throws {
        let message = try SecureMessageCodec.open(
            Self.header + Self.ciphertext + Self.tag, key: Self.key, senderNodeID: 0)
        #expect(message.header.sessionID == 0x351D)
        #expect(message.header.messageCounter == 0x0053_1422)
        #expect(message.protocolHeader.protocolID == .interactionModel)
        #expect(message.protocolHeader.opcode == InteractionModelOpcode.readRequest.rawValue)
        #expect(message.protocolHeader.exchangeID == 0x048D)
        #expect(message.protocolHeader.isInitiator && message.protocolHeader.needsAcknowledgement)

        let request = try ReadRequestMessage(payload: message.payload)
        #expect(
            request.attributeRequests == [
                AttributePathIB(cluster: 0x31, attribute: 0xFFFC),
                AttributePathIB(endpoint: 0, cluster: 0x30, attribute: 0),
                AttributePathIB(endpoint: 0, cluster: 0x30, attribute: 1),
                AttributePathIB(endpoint: 0, cluster: 0x30, attribute: 2),
                AttributePathIB(endpoint: 0, cluster: 0x30, attribute: 3),
                AttributePathIB(endpoint: 0, cluster: 0x28, attribute: 2),
                AttributePathIB(endpoint: 0, cluster: 0x28, attribute: 4),
                AttributePathIB(cluster: 0x31, attribute: 3),
            ])
        #expect(request.fabricFiltered == true)
        #expect(request.interactionModelRevision == 1)
        #expect(request.eventRequestCount == nil)
        #expect(request.dataVersionFilters == nil)
    }

    @Test func encodedRequestsReadBack() throws {
        let request = ReadRequestMessage(
            attributeRequests: [AttributePathIB(endpoint: 0, cluster: 0x28), AttributePathIB(attribute: 0xFFFD)],
            dataVersionFilters: [DataVersionFilterIB(endpoint: 0, cluster: 0x28, dataVersion: 7)])
        #expect(try ReadRequestMessage(payload: request.encoded()) == request)
        // {0: [[2: 0, 3: 0x28]]}, as CHIP's writer puts it: a list per path, smallest integers.
        let single = ReadRequestMessage(
            attributeRequests: [AttributePathIB(endpoint: 0, cluster: 0x28)], fabricFiltered: nil,
            interactionModelRevision: nil)
        #expect(hexString(single.encoded()) == "15360017240200240328181818")
    }

    @Test(arguments: [
        // A wildcard cluster with a non-global attribute.
        ("153600172404011818290324ff0c18", "invalid path"),
        // Endpoint 0xFFFF.
        ("153600172502ffff1818290324ff0c18", "invalid path"),
        // A list index with a wildcard attribute.
        ("15360017240200240328240500181818", "invalid path"),
        // Neither attribute nor event paths.
        ("15290324ff0c18", "missing"),
        // AttributeRequests is not an array.
        ("1524000118", "wrong TLV type"),
        // Not TLV.
        ("15", "not TLV"),
        // Not a structure.
        ("1800", "not TLV"),
    ])
    func malformedRequestsAreRefused(hex: String, reason: String) {
        #expect {
            _ = try ReadRequestMessage(payload: hexBytes(hex))
        } throws: { error in
            "\(error)".contains(reason)
        }
    }
}
