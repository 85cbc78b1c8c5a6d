import MHubConfiguration
import MHubDaemonRules
import MHubHub

/// The Unix socket's framing: one JSON object per line.
package struct LineFraming: Framing {
    private var splitter: LineSplitter

    package init(maximumBytes: Int) {
        splitter = LineSplitter(maximumBytes: maximumBytes)
    }

    package mutating func received(_ bytes: [UInt8]) -> [FramingAction] {
        splitter.append(bytes).map { item in
            switch item {
            case .line(let line): .message(line)
            case .oversized: .oversized
            }
        }
    }

    package func frame(_ json: [UInt8]) -> [UInt8] {
        var bytes = json
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    package func goodbye(code: UInt16, reason: String) -> [UInt8] { [] }

    package func refusal(_ refusal: ConnectionRefusal, handshakeAnswered: Bool) -> [UInt8] {
        let error = HubError(refusal.errorCode, refusal.details)
        return frame(ControlMessages.encode(HubReply(connectionID: 0, messageID: .null, result: .failure(error))))
    }
}
