import MHubClient
import MHubJSON

extension MHubMessagePipe {
    /// Connects and reads the server's first message (its server info), retrying until `timeout` seconds have
    /// passed: for a server that is still starting.
    static func connectWhenReady(to endpoint: MHubEndpoint, timeout: Double) throws -> MHubMessagePipe {
        let deadline = monotonicSeconds() + timeout
        while true {
            if let pipe = try? MHubMessagePipe(connectingTo: endpoint), (try? pipe.receive()) != nil {
                return pipe
            }
            guard monotonicSeconds() < deadline else {
                throw BenchFailure("\(endpoint) did not answer within \(timeout) s")
            }
            pause(0.002)
        }
    }

    /// One request and its reply's `result`; events and other messages in between are skipped. An error reply
    /// stops the run.
    @discardableResult
    func call(_ command: String, _ args: [String: JSONValue] = [:], id: String = "bench") throws -> JSONValue {
        let request: JSONValue = ["message_id": .string(id), "command": .string(command), "args": .object(args)]
        try send(JSONWriter.compact(request))
        return try reply(to: id, of: command)
    }

    /// The `result` of the reply to the request `id` already sent; events and other messages in between are
    /// skipped, and those that name no `message_id` (every event) are not even parsed: parsing a commissioning
    /// session's 19 progress events, the client spent more CPU per session than mhubd did, and the session rate
    /// waited on it. An error reply stops the run.
    @discardableResult
    func reply(to id: String, of command: String) throws -> JSONValue {
        while true {
            for text in try receive() where namesMessageID(text) {
                guard let message = try? JSONParser(maximumBytes: 1 << 28).parse(text),
                    message["message_id"] == .string(id)
                else { continue }
                if let result = message["result"] { return result }
                throw BenchFailure("\(command) failed: \(text.prefix(300))")
            }
        }
    }
}

/// Whether `text` holds the key `"message_id"` (replies do; events, `{"event", "data"}`, do not). By hand over the
/// bytes: the standard library's `utf8.contains(_:)` for a collection cost so much that the sessions ran at about
/// half the rate (445–536 against 845–1,172 /s in alternating `--only sessions` runs).
private func namesMessageID(_ text: String) -> Bool {
    let key = Array(#""message_id""#.utf8)
    var text = text
    return text.withUTF8 { bytes in
        guard bytes.count >= key.count else { return false }
        for start in 0...(bytes.count - key.count) where bytes[start] == key[0] && bytes[start + 1] == key[1] {
            if bytes[start..<(start + key.count)].elementsEqual(key) { return true }
        }
        return false
    }
}

/// A `server_info` request with the given id, as every round-trip figure sends it.
func serverInfoRequest(_ id: Int) -> String {
    #"{"message_id":"\#(id)","command":"server_info","args":{}}"#
}
