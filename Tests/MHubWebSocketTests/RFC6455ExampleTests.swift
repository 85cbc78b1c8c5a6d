import Testing

@testable import MHubWebSocket

/// The framing examples of RFC 6455 §5.7, decoded and encoded byte for byte.
@Suite struct RFC6455ExampleTests {
    let hello: [UInt8] = Array("Hello".utf8)
    let key: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]

    @Test func singleFrameUnmaskedText() throws {
        let frame: [UInt8] = [0x81, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F]
        #expect(try decodeAll([frame], role: .client) == [.text("Hello")])
        #expect(WebSocketFrameEncoder.encode(.text("Hello"), role: .server) == frame)
    }

    @Test func singleFrameMaskedText() throws {
        let frame: [UInt8] = [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58]
        #expect(try decodeAll([frame], role: .server) == [.text("Hello")])
        #expect(WebSocketFrameEncoder.encode(.text("Hello"), role: .client, maskingKey: key) == frame)
    }

    @Test func fragmentedUnmaskedText() throws {
        let first: [UInt8] = [0x01, 0x03, 0x48, 0x65, 0x6C]
        let second: [UInt8] = [0x80, 0x02, 0x6C, 0x6F]
        #expect(try decodeAll([first], role: .client) == [])
        #expect(try decodeAll([first, second], role: .client) == [.text("Hello")])
        #expect(
            WebSocketFrameEncoder.encodeFrame(opcode: .text, fin: false, payload: Array("Hel".utf8), role: .server)
                == first)
        #expect(
            WebSocketFrameEncoder.encodeFrame(
                opcode: .continuation, fin: true, payload: Array("lo".utf8), role: .server)
                == second)
    }

    @Test func unmaskedPingAndMaskedPong() throws {
        let ping: [UInt8] = [0x89, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F]
        let pong: [UInt8] = [0x8A, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58]
        #expect(try decodeAll([ping], role: .client) == [.ping(hello)])
        #expect(try decodeAll([pong], role: .server) == [.pong(hello)])
        #expect(WebSocketFrameEncoder.encode(.ping(hello), role: .server) == ping)
        #expect(WebSocketFrameEncoder.encode(.pong(hello), role: .client, maskingKey: key) == pong)
    }

    @Test func binary256BytesUses16BitLength() throws {
        let payload = (0..<256).map { UInt8($0) }
        let frame = WebSocketFrameEncoder.encode(.binary(payload), role: .server)
        #expect(Array(frame.prefix(4)) == [0x82, 0x7E, 0x01, 0x00])
        #expect(Array(frame.dropFirst(4)) == payload)
        #expect(try decodeAll([frame], role: .client) == [.binary(payload)])
    }

    @Test func binary64KiBUses64BitLength() throws {
        let payload = (0..<65536).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let frame = WebSocketFrameEncoder.encode(.binary(payload), role: .server)
        #expect(Array(frame.prefix(10)) == [0x82, 0x7F, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00])
        #expect(Array(frame.dropFirst(10)) == payload)
        #expect(try decodeAll([frame], role: .client) == [.binary(payload)])
    }
}
