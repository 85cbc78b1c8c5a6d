import Testing

@testable import MHubWebSocket

@Suite struct WebSocketFrameDecoderTests {
    let key: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]

    func fromClient(_ opcode: WebSocketOpcode, fin: Bool = true, _ payload: [UInt8]) -> [UInt8] {
        WebSocketFrameEncoder.encodeFrame(opcode: opcode, fin: fin, payload: payload, role: .client, maskingKey: key)
    }

    func fromServer(_ opcode: WebSocketOpcode, fin: Bool = true, _ payload: [UInt8]) -> [UInt8] {
        WebSocketFrameEncoder.encodeFrame(opcode: opcode, fin: fin, payload: payload, role: .server)
    }

    // MARK: Valid streams

    /// A client stream with fragments, interleaved control frames, all three length encodings and a close.
    var clientStream: (bytes: [UInt8], messages: [WebSocketMessage]) {
        let large = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let medium = (0..<300).map { UInt8(truncatingIfNeeded: $0) }
        let bytes =
            fromClient(.text, fin: false, Array("caf".utf8) + [0xC3]) + fromClient(.ping, [1, 2, 3])
            + fromClient(.continuation, fin: false, [0xA9]) + fromClient(.pong, [])
            + fromClient(.continuation, Array(" \u{1F30D}".utf8)) + fromClient(.binary, medium)
            + fromClient(.text, []) + fromClient(.binary, fin: false, Array(large.prefix(40_000)))
            + fromClient(.continuation, Array(large.dropFirst(40_000))) + fromClient(.binary, [])
            + fromClient(.close, [0x03, 0xE8] + Array("done".utf8))
        let messages: [WebSocketMessage] = [
            .ping([1, 2, 3]), .pong([]), .text("caf\u{e9} \u{1F30D}"), .binary(medium), .text(""), .binary(large),
            .binary([]), .close(code: 1000, reason: "done"),
        ]
        return (bytes, messages)
    }

    @Test func decodesAWholeStream() throws {
        let (bytes, messages) = clientStream
        #expect(try decodeAll([bytes], role: .server) == messages)
    }

    @Test func decodesOneByteAtATime() throws {
        let (bytes, messages) = clientStream
        #expect(try decodeAll(bytes.map { [$0] }, role: .server) == messages)
    }

    @Test(arguments: [1, 2, 3, 42, 6455])
    func decodesRandomSplits(seed: UInt64) throws {
        let (bytes, messages) = clientStream
        var generator = SeededGenerator(seed: seed)
        var chunks: [[UInt8]] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + Int.random(in: 0...2_000, using: &generator))
            chunks.append(Array(bytes[start..<end]))
            start = end
        }
        #expect(try decodeAll(chunks, role: .server) == messages)
    }

    @Test func acceptsNonMinimalLengthEncodings() throws {
        let hello = Array("Hello".utf8)
        let sixteen: [UInt8] = [0x81, 0x7E, 0x00, 0x05] + hello
        let sixtyFour: [UInt8] = [0x81, 0x7F, 0, 0, 0, 0, 0, 0, 0, 0x05] + hello
        #expect(try decodeAll([sixteen, sixtyFour], role: .client) == [.text("Hello"), .text("Hello")])
    }

    @Test func acceptsAMessageOfExactlyTheMaximumSize() throws {
        let frames = fromServer(.binary, fin: false, [1, 2]) + fromServer(.continuation, [3, 4])
        #expect(try decodeAll([frames], role: .client, maximumMessageSize: 4) == [.binary([1, 2, 3, 4])])
    }

    @Test func ignoresBytesAfterAClose() throws {
        var decoder = WebSocketFrameDecoder(role: .client)
        decoder.append(fromServer(.close, []) + fromServer(.text, Array("late".utf8)))
        #expect(try decoder.nextMessage() == .close(code: nil, reason: ""))
        #expect(try decoder.nextMessage() == nil)
        decoder.append([0xFF, 0xFF])
        #expect(try decoder.nextMessage() == nil)
    }

    @Test func returnsACloseInsideAFragmentedMessage() throws {
        let bytes = fromServer(.binary, fin: false, [1]) + fromServer(.close, [0x03, 0xE9])
        #expect(try decodeAll([bytes], role: .client) == [.close(code: 1001, reason: "")])
    }

    @Test(arguments: [1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 3000, 3999, 4000, 4999] as [UInt16])
    func acceptsValidCloseCodes(code: UInt16) throws {
        let frame = fromClient(.close, [UInt8(code >> 8), UInt8(code & 0xFF)] + Array("r\u{e9}".utf8))
        #expect(try decodeAll([frame], role: .server) == [.close(code: code, reason: "r\u{e9}")])
    }

    // MARK: Protocol errors

    /// RFC 6455 §5.2: RSV1, RSV2 and RSV3 must be 0 without a negotiated extension.
    @Test(arguments: [0x40, 0x20, 0x10] as [UInt8])
    func rejectsReservedBits(bit: UInt8) {
        let error = decodingError(clientFrame(0x81 | bit, Array("a".utf8)), role: .server)
        #expect(error?.closeCode == 1002)
        #expect(error?.message.contains("reserved bits") == true)
    }

    /// RFC 6455 §5.2: opcodes 3–7 and 11–15 are reserved; the first byte alone is enough to fail.
    @Test(arguments: [3, 4, 5, 6, 7, 11, 12, 13, 14, 15] as [UInt8])
    func rejectsReservedOpcodes(opcode: UInt8) {
        #expect(decodingError([0x80 | opcode], role: .server)?.closeCode == 1002)
    }

    /// RFC 6455 §5.5: control frames must not be fragmented.
    @Test(arguments: [0x08, 0x09, 0x0A] as [UInt8])
    func rejectsFragmentedControlFrames(first: UInt8) {
        #expect(decodingError(clientFrame(first, []), role: .server)?.closeCode == 1002)
    }

    /// RFC 6455 §5.5: control frame payloads are at most 125 bytes, however the length is encoded.
    @Test func rejectsLongControlFrames() throws {
        #expect(try decodeAll([clientFrame(0x89, [UInt8](repeating: 0, count: 125))], role: .server).count == 1)
        #expect(decodingError(clientFrame(0x89, [UInt8](repeating: 0, count: 126)), role: .server)?.closeCode == 1002)
        #expect(decodingError([0x8A, 0xFE, 0x00, 0x7E], role: .server)?.closeCode == 1002)
    }

    /// RFC 6455 §5.4: a continuation frame only continues an open message, and a new one waits for its end.
    @Test func rejectsBadFragmentSequences() {
        #expect(decodingError(fromClient(.continuation, [1]), role: .server)?.closeCode == 1002)
        let interleaved = fromClient(.text, fin: false, [0x61]) + fromClient(.binary, [1])
        #expect(decodingError(interleaved, role: .server)?.closeCode == 1002)
        let finished = fromClient(.text, [0x61]) + fromClient(.continuation, [0x62])
        #expect(decodingError(finished, role: .server)?.closeCode == 1002)
    }

    /// RFC 6455 §5.1: a server fails unmasked frames and a client fails masked ones.
    @Test func rejectsTheWrongMasking() {
        #expect(decodingError(fromServer(.text, [0x61]), role: .server)?.closeCode == 1002)
        #expect(decodingError(fromClient(.text, [0x61]), role: .client)?.closeCode == 1002)
        #expect(decodingError([0x81, 0x00], role: .server)?.message == "unmasked frame from a client")
    }

    /// RFC 6455 §5.2: the most significant bit of a 64-bit length must be 0.
    @Test func rejectsA64BitLengthWithTheTopBitSet() {
        let header: [UInt8] = [0x82, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 0]
        #expect(decodingError(header, role: .server)?.closeCode == 1002)
    }

    /// RFC 6455 §5.6, §8.1: text messages must be valid UTF-8 as a whole.
    @Test(arguments: [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80], [0xFF], [0x80]])
    func rejectsInvalidUTF8Text(bytes: [UInt8]) {
        let error = decodingError(fromClient(.text, [0x61] + bytes), role: .server)
        #expect(error == WebSocketProtocolError(closeCode: 1007, message: "text message is not valid UTF-8"))
    }

    @Test func checksUTF8OnlyOnceTheMessageIsComplete() throws {
        var decoder = WebSocketFrameDecoder(role: .server)
        decoder.append(fromClient(.text, fin: false, [0xE2, 0x82]))
        #expect(try decoder.nextMessage() == nil)
        decoder.append(fromClient(.continuation, fin: false, [0xAC]) + fromClient(.continuation, [0xFF]))
        #expect(throws: WebSocketProtocolError(closeCode: 1007, message: "text message is not valid UTF-8")) {
            try decoder.nextMessage()
        }
    }

    /// A frame declaring 2^40 bytes fails on its header alone, before any payload or masking key arrives.
    @Test func rejectsAHugeDeclaredLengthBeforeItsPayload() throws {
        var decoder = WebSocketFrameDecoder(role: .server)
        decoder.append([0x82, 0xFF, 0x00, 0x00, 0x01, 0x00])
        #expect(try decoder.nextMessage() == nil)
        decoder.append([0x00, 0x00, 0x00, 0x00])
        let error = #expect(throws: WebSocketProtocolError.self) { try decoder.nextMessage() }
        #expect(error?.closeCode == 1009)
        #expect(error?.message == "message of at least 1099511627776 bytes exceeds 1048576")
        #expect(decodingError([0x82, 0xFF, 0, 0, 0x01, 0, 0, 0, 0, 0], role: .server)?.closeCode == 1009)
    }

    @Test func rejectsMessagesOverTheMaximumSize() {
        #expect(
            decodingError(fromClient(.binary, [1, 2, 3, 4, 5]), role: .server, maximumMessageSize: 4)?.closeCode == 1009
        )
        let fragments = fromClient(.binary, fin: false, [1, 2, 3]) + fromClient(.continuation, [4, 5])
        #expect(decodingError(fragments, role: .server, maximumMessageSize: 4)?.closeCode == 1009)
        // The second fragment's header is enough: its payload never arrives.
        let header = Array(fromClient(.continuation, [UInt8](repeating: 0, count: 200)).prefix(4))
        let partial = fromClient(.text, fin: false, [0x61]) + header
        #expect(decodingError(partial, role: .server, maximumMessageSize: 100)?.closeCode == 1009)
    }

    /// RFC 6455 §5.5.1: a close body is empty or starts with a two-byte code.
    @Test func rejectsAOneByteCloseBody() {
        #expect(decodingError(fromClient(.close, [0x03]), role: .server)?.closeCode == 1002)
    }

    /// RFC 6455 §7.4: 1004–1006, 1015 and unassigned codes must not appear in a close frame.
    @Test(
        arguments: [0, 999, 1004, 1005, 1006, 1012, 1013, 1014, 1015, 1016, 1100, 2000, 2999, 5000, 65535] as [UInt16])
    func rejectsInvalidCloseCodes(code: UInt16) {
        let error = decodingError(fromClient(.close, [UInt8(code >> 8), UInt8(code & 0xFF)]), role: .server)
        #expect(error?.closeCode == 1002)
    }

    @Test func rejectsACloseReasonThatIsNotUTF8() {
        #expect(decodingError(fromClient(.close, [0x03, 0xE8, 0xC3]), role: .server)?.closeCode == 1007)
    }

    @Test func keepsThrowingTheFirstError() throws {
        var decoder = WebSocketFrameDecoder(role: .server)
        decoder.append(fromClient(.continuation, [1]))
        var first: WebSocketProtocolError?
        do {
            _ = try decoder.nextMessage()
        } catch {
            first = error
        }
        let error = try #require(first)
        decoder.append(fromClient(.text, Array("fine".utf8)))
        #expect(throws: error) { try decoder.nextMessage() }
        #expect(throws: error) { try decoder.nextMessage() }
        #expect(error.description == "WebSocket error 1002: continuation frame outside a fragmented message")
    }
}
