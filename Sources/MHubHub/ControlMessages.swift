import MHubJSON
import MHubProtocol

/// The control protocol's envelope (the OHF Matter Server's, `ProtocolEnvelope`): a request decoded, a reply or an
/// event encoded.
public enum ControlMessages {
    public struct DecodeFailure: Error {
        /// The request's `message_id` when it could be read, so the error reaches the right caller.
        public var messageID: JSONValue
        public var error: HubError
    }

    public static func decodeRequest(_ bytes: [UInt8], maximumBytes: Int) -> Result<HubRequest, DecodeFailure> {
        let value: JSONValue
        do {
            value = try JSONParser(maximumDepth: 64, maximumBytes: maximumBytes).parse(bytes)
        } catch {
            return .failure(DecodeFailure(messageID: .null, error: HubError(.invalidJSON, error.description)))
        }
        guard case .object(let members) = value else {
            return .failure(
                DecodeFailure(messageID: .null, error: HubError(.invalidCommand, "a request must be a JSON object")))
        }
        let messageID = members["message_id"] ?? .null
        switch messageID {
        case .string, .integer: break
        default:
            return .failure(
                DecodeFailure(
                    messageID: .null,
                    error: HubError(.invalidCommand, "message_id must be a string or a whole number")))
        }
        guard case .string(let command)? = members["command"] else {
            return .failure(
                DecodeFailure(messageID: messageID, error: HubError(.invalidCommand, "command must be a string")))
        }
        let args = members["args"]
        // Only a request with more members than message_id, command and args has an unknown one (no lookup of each
        // key); the first in key order is named, so the one named is always the same.
        if members.count > (args == nil ? 2 : 3),
            let unknown = members.keys.filter({ !Self.requestFields.contains($0) }).min()
        {
            return .failure(
                DecodeFailure(
                    messageID: messageID, error: HubError(.invalidCommand, "unknown request field '\(unknown)'")))
        }
        return .success(HubRequest(messageID: messageID, command: command, args: args))
    }

    private static let requestFields: Set<String> = ["message_id", "command", "args"]

    /// A reply as the compact JSON text (UTF-8) a client is sent.
    public static func encode(_ reply: HubReply) -> [UInt8] {
        switch reply.body {
        case .success(let result):
            ProtocolEnvelope.replyUTF8(messageID: reply.messageID, result: result)
        case .failure(let error):
            ProtocolEnvelope.errorReplyUTF8(
                messageID: reply.messageID, code: error.code, details: error.details, data: error.data)
        }
    }

    /// An event as the compact JSON text (UTF-8) a client is sent.
    public static func encode(_ event: HubEvent) -> [UInt8] {
        ProtocolEnvelope.eventUTF8(name: event.name, data: event.body)
    }
}
