/// An incremental decoder of the frames a peer sends, yielding whole messages (RFC 6455 §5).
///
/// Feed bytes with `append(_:)` in whatever pieces they arrive and call `nextMessage()` until it returns nil.
/// Fragmented data messages are reassembled; control frames between their fragments come out as they arrive
/// (§5.4). Every header field is checked as soon as its bytes are in, so an oversized or malformed frame fails
/// before its payload is waited for, and no payload is buffered beyond what the peer actually sent. After an
/// error every later call throws the same error; after a close frame (§5.5.1: the peer sends nothing after it)
/// further bytes are ignored and `nextMessage()` returns nil.
public struct WebSocketFrameDecoder: Sendable {
    private let role: WebSocketRole
    private let maximumMessageSize: Int
    private var buffer: [UInt8] = []
    /// Where the next frame starts in `buffer`; bytes before it are consumed.
    private var readIndex = 0
    /// The fragments of a data message received so far, when a fragmented message is in progress.
    private var fragmented: (kind: DataKind, payload: [UInt8])?
    private var failure: WebSocketProtocolError?
    private var isClosed = false

    /// The kind of a data message, fixed by its first frame (§5.4).
    private enum DataKind {
        case text
        case binary
    }

    /// One frame's decoded fields.
    private struct Frame {
        var fin: Bool
        var opcode: WebSocketOpcode
        var payload: [UInt8]
    }

    /// A decoder for the frames received by `role`, failing data messages longer than `maximumMessageSize` bytes.
    public init(role: WebSocketRole, maximumMessageSize: Int = 1 << 20) {
        precondition(maximumMessageSize >= 0, "a maximum message size cannot be negative")
        self.role = role
        self.maximumMessageSize = maximumMessageSize
    }

    /// Buffers received bytes; nothing is decoded until `nextMessage()`.
    public mutating func append(_ bytes: some Collection<UInt8>) {
        guard failure == nil, !isClosed else { return }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete message, or nil until enough bytes have arrived.
    ///
    /// The error's close code is the one to send before closing the connection (RFC 6455 §7.1.7).
    public mutating func nextMessage() throws(WebSocketProtocolError) -> WebSocketMessage? {
        if let failure { throw failure }
        do {
            return try decodeMessage()
        } catch {
            failure = error
            buffer = []
            readIndex = 0
            fragmented = nil
            throw error
        }
    }

    private mutating func decodeMessage() throws(WebSocketProtocolError) -> WebSocketMessage? {
        while !isClosed, let frame = try nextFrame() {
            switch frame.opcode {
            case .continuation:
                guard var message = fragmented else { preconditionFailure("nextFrame checks for an open message") }
                fragmented = nil
                message.payload.append(contentsOf: frame.payload)
                if frame.fin { return try Self.dataMessage(message.kind, message.payload) }
                fragmented = message
            case .text, .binary:
                let kind: DataKind = frame.opcode == .text ? .text : .binary
                if frame.fin { return try Self.dataMessage(kind, frame.payload) }
                fragmented = (kind, frame.payload)
            case .close:
                isClosed = true
                buffer = []
                readIndex = 0
                fragmented = nil
                return try Self.closeMessage(frame.payload)
            case .ping:
                return .ping(frame.payload)
            case .pong:
                return .pong(frame.payload)
            }
        }
        return nil
    }

    /// The next whole frame, or nil while bytes are missing; throws as soon as the bytes read so far are invalid.
    private mutating func nextFrame() throws(WebSocketProtocolError) -> Frame? {
        let available = buffer.count - readIndex
        guard available >= 1 else { return nil }
        let first = buffer[readIndex]
        let fin = first & 0x80 != 0
        // RFC 6455 §5.2: RSV1–3 must be 0 unless an extension defines them; none is negotiated.
        guard first & 0x70 == 0 else {
            throw .protocolError("reserved bits set (0x\(String(first & 0x70, radix: 16))) without an extension")
        }
        // RFC 6455 §5.2: reserved opcodes must fail the connection.
        guard let opcode = WebSocketOpcode(rawValue: first & 0x0F) else {
            throw .protocolError("reserved opcode \(first & 0x0F)")
        }
        if opcode.isControl {
            // RFC 6455 §5.5: control frames must not be fragmented.
            guard fin else { throw .protocolError("fragmented control frame (opcode \(opcode.rawValue))") }
        } else if opcode == .continuation {
            // RFC 6455 §5.4: a continuation frame only continues a fragmented message.
            guard fragmented != nil else { throw .protocolError("continuation frame outside a fragmented message") }
        } else {
            // RFC 6455 §5.4: fragments of different messages must not interleave.
            guard fragmented == nil else { throw .protocolError("new data frame inside a fragmented message") }
        }

        guard available >= 2 else { return nil }
        let second = buffer[readIndex + 1]
        let isMasked = second & 0x80 != 0
        // RFC 6455 §5.1: clients mask every frame, servers none, and the receiver fails the connection otherwise.
        switch role {
        case .server:
            guard isMasked else { throw .protocolError("unmasked frame from a client") }
        case .client:
            guard !isMasked else { throw .protocolError("masked frame from a server") }
        }

        // RFC 6455 §5.2: 0–125 is the length; 126 and 127 announce a 16- or 64-bit length. A longer encoding than
        // needed is accepted: the minimal-encoding rule binds senders and the receiver loses nothing.
        let lengthFieldSize: Int
        switch second & 0x7F {
        case 126: lengthFieldSize = 2
        case 127: lengthFieldSize = 8
        default: lengthFieldSize = 0
        }
        guard available >= 2 + lengthFieldSize else { return nil }
        var length = UInt64(second & 0x7F)
        if lengthFieldSize > 0 {
            length = buffer[(readIndex + 2)..<(readIndex + 2 + lengthFieldSize)].reduce(0) { $0 << 8 | UInt64($1) }
        }
        // RFC 6455 §5.2: the most significant bit of a 64-bit length must be 0.
        guard length >> 63 == 0 else { throw .protocolError("64-bit payload length with the most significant bit set") }
        if opcode.isControl {
            // RFC 6455 §5.5: control frame payloads are at most 125 bytes.
            guard length <= 125 else { throw .protocolError("control frame payload of \(length) bytes exceeds 125") }
        } else {
            let received = fragmented?.payload.count ?? 0
            guard length <= UInt64(maximumMessageSize - received) else {
                throw .messageTooBig(
                    "message of at least \(UInt64(received) + length) bytes exceeds \(maximumMessageSize)")
            }
        }

        let headerSize = 2 + lengthFieldSize + (isMasked ? 4 : 0)
        guard available >= headerSize, UInt64(available - headerSize) >= length else { return nil }
        let payloadStart = readIndex + headerSize
        let payloadEnd = payloadStart + Int(length)
        var payload = Array(buffer[payloadStart..<payloadEnd])
        if isMasked {
            // RFC 6455 §5.3: byte i is XORed with byte i mod 4 of the masking key.
            let key = Array(buffer[(payloadStart - 4)..<payloadStart])
            for index in payload.indices {
                payload[index] ^= key[index & 3]
            }
        }
        readIndex = payloadEnd
        discardConsumedBytes()
        return Frame(fin: fin, opcode: opcode, payload: payload)
    }

    /// Drops consumed bytes once that is cheap relative to what stays.
    private mutating func discardConsumedBytes() {
        if readIndex == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 64 * 1024)
            readIndex = 0
        } else if readIndex >= 4096, readIndex >= buffer.count / 2 {
            buffer.removeFirst(readIndex)
            readIndex = 0
        }
    }

    /// A complete data message; text must be valid UTF-8 as a whole (RFC 6455 §5.6, §8.1).
    private static func dataMessage(_ kind: DataKind, _ payload: [UInt8]) throws(WebSocketProtocolError)
        -> WebSocketMessage
    {
        switch kind {
        case .text:
            guard let text = String(validating: payload, as: UTF8.self) else {
                throw .invalidPayload("text message is not valid UTF-8")
            }
            return .text(text)
        case .binary:
            return .binary(payload)
        }
    }

    /// A close frame's body: empty, or a status code and a UTF-8 reason (RFC 6455 §5.5.1, §7.4).
    private static func closeMessage(_ payload: [UInt8]) throws(WebSocketProtocolError) -> WebSocketMessage {
        if payload.isEmpty { return .close(code: nil, reason: "") }
        guard payload.count >= 2 else { throw .protocolError("close frame body of 1 byte cannot hold a status code") }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        guard WebSocketCloseCode(rawValue: code).isValidOnWire else {
            throw .protocolError("close code \(code) may not be sent in a close frame")
        }
        guard let reason = String(validating: payload[2...], as: UTF8.self) else {
            throw .invalidPayload("close reason is not valid UTF-8")
        }
        return .close(code: code, reason: reason)
    }
}
