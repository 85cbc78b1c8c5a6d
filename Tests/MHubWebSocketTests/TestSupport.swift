@testable import MHubWebSocket

/// Lower-case hexadecimal digits of `bytes`.
func hex(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
}

/// A deterministic generator (SplitMix64) so random splits and keys are reproducible.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// Every message a decoder for `role` yields from `chunks`, fed one chunk at a time.
func decodeAll(
    _ chunks: [[UInt8]], role: WebSocketRole, maximumMessageSize: Int = 1 << 20
) throws(WebSocketProtocolError) -> [WebSocketMessage] {
    var decoder = WebSocketFrameDecoder(role: role, maximumMessageSize: maximumMessageSize)
    var messages: [WebSocketMessage] = []
    for chunk in chunks {
        decoder.append(chunk)
        while let message = try decoder.nextMessage() {
            messages.append(message)
        }
    }
    return messages
}

/// The error a decoder for `role` throws on `bytes`, or nil when it throws none.
func decodingError(
    _ bytes: [UInt8], role: WebSocketRole, maximumMessageSize: Int = 1 << 20
) -> WebSocketProtocolError? {
    do {
        _ = try decodeAll([bytes], role: role, maximumMessageSize: maximumMessageSize)
        return nil
    } catch {
        return error
    }
}

/// `payload` as one frame from a client, masked with a fixed key, with any header bits the test needs.
func clientFrame(_ first: UInt8, _ payload: [UInt8]) -> [UInt8] {
    let key: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
    var frame = WebSocketFrameEncoder.encodeFrame(opcode: .binary, payload: payload, role: .client, maskingKey: key)
    frame[0] = first
    return frame
}
