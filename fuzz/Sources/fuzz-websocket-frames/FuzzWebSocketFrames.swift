import FuzzSupport
import MHubWebSocket

/// The WebSocket frame decoder: the same bytes give the same messages and the same error however they are cut
/// into pieces; messages respect the size limits; an error repeats and a close ends the stream; every message
/// decoded, encoded again by the peer, decodes to itself.
///
/// The first input byte picks the decoder: bit 0 the role, the rest the maximum message size.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebSocketFrames(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = fuzzBytes(data, size)
    guard let configuration = input.first else { return 0 }
    let role: WebSocketRole = configuration & 1 == 0 ? .server : .client
    let limits = [1 << 20, 0, 1, 125, 126, 1000, 65_535, 65_536]
    let maximum = limits[Int(configuration >> 1) % limits.count]
    let stream = Array(input.dropFirst())

    var reference: [Output]?
    for pieces in Chunking.splits(of: stream) {
        let outputs = decode(pieces, role: role, maximumMessageSize: maximum)
        if let reference {
            fuzzCheck(outputs == reference, "cutting the stream differently gave \(outputs) instead of \(reference)")
        } else {
            reference = outputs
        }
    }
    for case .message(let message) in reference ?? [] {
        check(message, role: role, maximumMessageSize: maximum)
    }
    return 0
}

private enum Output: Equatable, CustomStringConvertible {
    case message(WebSocketMessage)
    case error(WebSocketProtocolError)

    var description: String {
        switch self {
        case .message(let message): "\(message)"
        case .error(let error): "\(error)"
        }
    }
}

private func decode(_ pieces: [ArraySlice<UInt8>], role: WebSocketRole, maximumMessageSize: Int) -> [Output] {
    var decoder = WebSocketFrameDecoder(role: role, maximumMessageSize: maximumMessageSize)
    var outputs: [Output] = []
    var closed = false
    for piece in pieces {
        decoder.append(piece)
        while true {
            do {
                guard let message = try decoder.nextMessage() else { break }
                fuzzCheck(!closed, "a message came after the close frame: \(message)")
                outputs.append(.message(message))
                if case .close = message { closed = true }
            } catch {
                outputs.append(.error(error))
                decoder.append(piece)
                do {
                    let later = try decoder.nextMessage()
                    fatalError("property violated: after \(error) the decoder returned \(String(describing: later))")
                } catch let again {
                    fuzzCheck(again == error, "after \(error) the decoder threw \(again)")
                }
                return outputs
            }
        }
    }
    return outputs
}

private func check(_ message: WebSocketMessage, role: WebSocketRole, maximumMessageSize: Int) {
    switch message {
    case .text(let text):
        fuzzCheck(text.utf8.count <= maximumMessageSize, "a \(text.utf8.count)-byte text message passed the limit")
    case .binary(let bytes):
        fuzzCheck(bytes.count <= maximumMessageSize, "a \(bytes.count)-byte binary message passed the limit")
    case .ping(let bytes), .pong(let bytes):
        fuzzCheck(bytes.count <= 125, "a control frame carried \(bytes.count) bytes")
    case .close(let code, let reason):
        fuzzCheck(code != nil || reason.isEmpty, "a close frame without a code has a reason")
        fuzzCheck(reason.utf8.count <= 123, "a close reason has \(reason.utf8.count) bytes")
    }
    let peer: WebSocketRole = role == .server ? .client : .server
    let frame = WebSocketFrameEncoder.encode(message, role: peer, maskingKey: [0x37, 0xFA, 0x21, 0x3D])
    var decoder = WebSocketFrameDecoder(role: role, maximumMessageSize: maximumMessageSize)
    decoder.append(frame)
    do {
        let again = try decoder.nextMessage()
        fuzzCheck(again == message, "\(message) encoded by the peer decoded as \(String(describing: again))")
    } catch {
        fatalError("property violated: \(message) encoded by the peer does not decode: \(error)")
    }
}
