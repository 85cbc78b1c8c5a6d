import MHubJSON

/// The control protocol's envelope, the OHF Matter Server's (docs/protocol.md §2), as both ends write and read
/// it: requests `{"message_id", "command", "args"}`, replies `{"message_id", "result"}` or
/// `{"message_id", "error_code", "error_name", "details"}`, events `{"event", "data"}`.
public enum ProtocolEnvelope {
    public static func request(messageID: JSONValue, command: String, args: [String: JSONValue]) -> JSONValue {
        ["message_id": messageID, "command": .string(command), "args": .object(args)]
    }

    // MARK: what a server sends

    /// Replies and events as compact JSON text (UTF-8), written straight from their members in key order, the
    /// result or data as the hub already wrote it from its typed value: what a server sends for every one of them.
    public static func replyUTF8(messageID: JSONValue, result: JSONText) -> [UInt8] {
        var json = JSONTextWriter(capacity: result.utf8.count + 48)
        json.beginObject()
        json.member("message_id", messageID)
        json.member("result", result)
        json.endObject()
        return json.bytes()
    }

    /// An error reply; `data` (mhub's, e.g. who holds a busy session) goes in `error_data` when there is some.
    public static func errorReplyUTF8(messageID: JSONValue, code: HubErrorCode, details: String, data: JSONValue?)
        -> [UInt8]
    {
        var json = JSONTextWriter()
        json.beginObject()
        json.member("details", details)
        json.member("error_code", Int64(code.rawValue))
        if let data { json.member("error_data", data) }
        json.member("error_name", code.name)
        json.member("message_id", messageID)
        json.endObject()
        return json.bytes()
    }

    public static func replyUTF8(messageID: JSONValue, result: JSONValue) -> [UInt8] {
        replyUTF8(messageID: messageID, result: JSONText(result))
    }

    public static func eventUTF8(name: String, data: JSONValue) -> [UInt8] {
        eventUTF8(name: name, data: JSONText(data))
    }

    public static func eventUTF8(name: String, data: JSONText) -> [UInt8] {
        var json = JSONTextWriter(capacity: data.utf8.count + 48)
        json.beginObject()
        json.member("data", data)
        json.member("event", name)
        json.endObject()
        return json.bytes()
    }
}

/// An error reply as a client reads it: the code (known to this version, or only a number), its name, the details
/// and mhub's `error_data`.
public struct ErrorReply: Error, Hashable, Sendable {
    public var code: Int
    public var name: String
    public var details: String
    public var data: JSONValue?

    public init(code: Int, name: String, details: String, data: JSONValue? = nil) {
        self.code = code
        self.name = name
        self.details = details
        self.data = data
    }

    /// The code as this version knows it, or `nil` for a code from a newer hub.
    public var known: HubErrorCode? { HubErrorCode(rawValue: code) }
}

/// A message from the hub as a client reads it (the server info it sends first is neither).
public enum ServerMessage: Hashable, Sendable {
    case reply(messageID: JSONValue, Result<JSONValue, ErrorReply>)
    case event(name: String, data: JSONValue)

    /// `nil` for anything that is not a reply or an event.
    public init?(_ message: JSONValue) {
        if case .string(let name)? = message["event"] {
            self = .event(name: name, data: message["data"] ?? .null)
            return
        }
        guard let messageID = message["message_id"], messageID != .null else { return nil }
        if case .integer(let code)? = message["error_code"] {
            var name = HubErrorCode(rawValue: Int(code))?.name ?? "Error\(code)"
            if case .string(let text)? = message["error_name"] { name = text }
            var details = ""
            if case .string(let text)? = message["details"] { details = text }
            self = .reply(
                messageID: messageID,
                .failure(ErrorReply(code: Int(code), name: name, details: details, data: message["error_data"])))
        } else {
            self = .reply(messageID: messageID, .success(message["result"] ?? .null))
        }
    }
}
