import Testing

@testable import MHubWebSocket

@Suite struct WebSocketFrameEncoderTests {
    let key: [UInt8] = [0xA1, 0x02, 0xF3, 0x44]

    /// RFC 6455 §5.2: the shortest of the three length encodings.
    @Test(arguments: [(0, 2), (125, 2), (126, 4), (65535, 4), (65536, 10)])
    func usesTheShortestLengthEncoding(length: Int, headerSize: Int) {
        let frame = WebSocketFrameEncoder.encode(.binary([UInt8](repeating: 1, count: length)), role: .server)
        #expect(frame.count == headerSize + length)
        let masked = WebSocketFrameEncoder.encode(
            .binary([UInt8](repeating: 1, count: length)), role: .client, maskingKey: key)
        #expect(masked.count == headerSize + 4 + length)
        #expect(masked[1] & 0x80 == 0x80)
        #expect(frame[1] & 0x80 == 0)
    }

    @Test func masksClientPayloads() throws {
        let payload = Array("masked payload".utf8)
        let frame = WebSocketFrameEncoder.encode(.binary(payload), role: .client, maskingKey: key)
        #expect(Array(frame[2..<6]) == key)
        #expect(Array(frame.dropFirst(6)) != payload)
        #expect(frame[6] == payload[0] ^ key[0])
        #expect(frame[10] == payload[4] ^ key[0])
        #expect(try decodeAll([frame], role: .server) == [.binary(payload)])
    }

    @Test func serversIgnoreAMaskingKey() {
        #expect(
            WebSocketFrameEncoder.encode(.text("a"), role: .server, maskingKey: key)
                == WebSocketFrameEncoder.encode(.text("a"), role: .server))
    }

    @Test func encodesCloseFrames() throws {
        #expect(WebSocketFrameEncoder.encode(.close(code: nil, reason: ""), role: .server) == [0x88, 0x00])
        let frame = WebSocketFrameEncoder.encode(.close(code: 1001, reason: "bye"), role: .server)
        #expect(frame == [0x88, 0x05, 0x03, 0xE9] + Array("bye".utf8))
    }

    @Test func cutsLongCloseReasonsAtACharacterBoundary() throws {
        let reason = String(repeating: "a", count: 122) + "\u{e9}tude"
        let frame = WebSocketFrameEncoder.encode(.close(code: 1000, reason: reason), role: .server)
        #expect(frame[1] == 124)
        #expect(
            try decodeAll([frame], role: .client) == [.close(code: 1000, reason: String(repeating: "a", count: 122))])
    }

    @Test(arguments: [
        WebSocketMessage.text("h\u{e9}llo \u{1F30D}"), .binary([]), .binary([0, 255, 128]), .ping([]), .pong([1, 2]),
        .close(code: 4999, reason: "app"), .close(code: nil, reason: ""),
    ])
    func roundTripsInBothDirections(message: WebSocketMessage) throws {
        let fromServer = WebSocketFrameEncoder.encode(message, role: .server)
        #expect(try decodeAll([fromServer], role: .client) == [message])
        let fromClient = WebSocketFrameEncoder.encode(message, role: .client, maskingKey: key)
        #expect(try decodeAll([fromClient], role: .server) == [message])
    }
}
