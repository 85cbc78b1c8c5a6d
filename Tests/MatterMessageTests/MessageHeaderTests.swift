import MHubTestSupport
import Testing

@testable import MatterMessage

/// The message header and protocol header codecs (Matter reference D).
@Suite struct MessageHeaderTests {
    @Test func capturedSecureHeader() throws {
        // The header of the matter.js captured message: flags 0, session 0x351d, unicast, counter 0x00531422.
        let (header, length) = try MessageHeader.decode(bytes(fromHex: "001d35002214530099"))
        #expect(length == 8)
        #expect(header == MessageHeader(sessionID: 0x351D, messageCounter: 0x0053_1422))
        #expect(header.isEncrypted)
        #expect(header.encoded() == bytes(fromHex: "001d350022145300"))
    }

    @Test func unsecuredInitiatorHeader() throws {
        // PASE from an initiator: session 0, S flag and an ephemeral source node ID.
        let header = MessageHeader(messageCounter: 0x0102_0304, sourceNodeID: 0x1122_3344_5566_7788)
        let encoded = header.encoded()
        #expect(hexString(encoded) == "0400000004030201" + "8877665544332211")
        #expect(!header.isEncrypted)
        #expect(try MessageHeader.decode(encoded).header == header)
    }

    @Test func everyOptionalFieldRoundTrips() throws {
        let headers = [
            MessageHeader(sessionID: 7, messageCounter: 1, destination: .node(0xAABB)),
            MessageHeader(
                sessionID: 9, sessionType: .group, isControlMessage: true, messageCounter: 2,
                sourceNodeID: 3, destination: .group(0x1234), messageExtensions: [1, 2, 3]),
            MessageHeader(sessionID: 1, isPrivacyEnhanced: true, messageCounter: .max, messageExtensions: []),
        ]
        for header in headers {
            let encoded = header.encoded()
            let (decoded, length) = try MessageHeader.decode(encoded + [0xEE])
            #expect(decoded == header)
            #expect(length == encoded.count)
        }
        #expect(headers[1].securityFlags == 0x40 | 0x20 | 0x01)
        #expect(headers[2].securityFlags == 0x80 | 0x20)
        #expect(headers[1].encoded()[0] == 0x04 | 0x02)
    }

    @Test func malformedHeadersGiveTypedErrors() {
        #expect(throws: MessageDecodingError.unsupportedVersion(1)) {
            try MessageHeader.decode(bytes(fromHex: "1000000000000000"))
        }
        #expect(throws: MessageDecodingError.reservedDestinationSize) {
            try MessageHeader.decode(bytes(fromHex: "0300000000000000" + "0000000000000000"))
        }
        #expect(throws: MessageDecodingError.reservedSessionType(2)) {
            try MessageHeader.decode(bytes(fromHex: "0000000200000000"))
        }
        #expect(throws: MessageDecodingError.groupDestinationOnUnicastSession) {
            try MessageHeader.decode(bytes(fromHex: "0200000000000000" + "0100"))
        }
        // The extensions length claims more bytes than there are.
        #expect(throws: MessageDecodingError.truncated(field: "message extensions", needed: 5, available: 4)) {
            try MessageHeader.decode(bytes(fromHex: "0000002000000000" + "0500" + "01020304"))
        }
    }

    @Test func everyTruncationIsAnError() {
        let full = MessageHeader(
            sessionID: 9, sessionType: .group, messageCounter: 2, sourceNodeID: 3, destination: .group(0x1234),
            messageExtensions: [1, 2, 3]
        ).encoded()
        for length in 0..<full.count {
            #expect(throws: MessageDecodingError.self) { try MessageHeader.decode(Array(full.prefix(length))) }
        }
        let protocolHeader = ProtocolHeader(
            isInitiator: true, needsAcknowledgement: true, opcode: 1, exchangeID: 2,
            protocolID: ProtocolID(vendorID: 0xFFF1, protocolNumber: 3), acknowledgedMessageCounter: 4,
            securedExtensions: [9, 9]
        ).encoded()
        for length in 0..<protocolHeader.count {
            #expect(throws: MessageDecodingError.self) {
                try ProtocolHeader.decode(Array(protocolHeader.prefix(length)))
            }
        }
    }

    @Test func protocolHeaderLayout() throws {
        // The captured message's protocol header: A and R, opcode 0x05, exchange 0x048d, IM, ack 0x00531422.
        let header = ProtocolHeader(
            isInitiator: false, needsAcknowledgement: true, opcode: 0x05, exchangeID: 0x048D,
            protocolID: .interactionModel, acknowledgedMessageCounter: 0x0053_1422)
        #expect(hexString(header.encoded()) == "06058d04010022145300")
        // The vendor ID comes before the protocol ID (CHIP PayloadHeader::Encode).
        let vendor = ProtocolHeader(
            isInitiator: true, needsAcknowledgement: false, opcode: 0x20, exchangeID: 1,
            protocolID: ProtocolID(vendorID: 0xFFF1, protocolNumber: 0x0002), securedExtensions: [0xAB])
        #expect(hexString(vendor.encoded()) == "19200100f1ff02000100ab")
        #expect(try ProtocolHeader.decode(vendor.encoded()).header == vendor)
    }

    @Test func standaloneAckLayout() {
        let ack = ProtocolHeader.standaloneAck(exchangeID: 0x1234, isInitiator: false, acknowledging: 0x0102_0304)
        #expect(hexString(ack.encoded()) == "02103412000004030201")
    }

    @Test func unsecuredMessageRoundTripAndRefusals() throws {
        let message = Message(
            header: MessageHeader(messageCounter: 5, sourceNodeID: 42),
            protocolHeader: ProtocolHeader(
                isInitiator: true, needsAcknowledgement: true, opcode: 0x20, exchangeID: 0x1234,
                protocolID: .secureChannel),
            payload: [0x15, 0x18])
        #expect(try Message.decodeUnsecured(message.encodedUnsecured()) == message)
        var secure = message
        secure.header.sessionID = 3
        #expect(throws: MessageDecodingError.unexpectedEncryption(encrypted: true)) {
            try Message.decodeUnsecured(secure.encodedUnsecured())
        }
        #expect(throws: MessageDecodingError.tooLong(length: 1281, maximum: 1280)) {
            try Message.decodeUnsecured([UInt8](repeating: 0, count: 1281))
        }
    }

    @Test func errorsDescribeThemselves() {
        let error = MessageDecodingError.truncated(field: "session ID", needed: 2, available: 1)
        #expect(error.description == "the message ends inside its session ID: 2 bytes needed, 1 left")
    }
}
