import MHubJSON
import Testing

@testable import MHubProtocol

@Suite struct ProtocolEnvelopeTests {
    @Test func repliesAndEventsReadBackAsTheyWereWritten() throws {
        let parser = JSONParser()
        let reply = try parser.parse(ProtocolEnvelope.replyUTF8(messageID: "7", result: ["node_ids": [1]]))
        #expect(ServerMessage(reply) == .reply(messageID: "7", .success(["node_ids": [1]])))
        let event = try parser.parse(ProtocolEnvelope.eventUTF8(name: "node_removed", data: 3))
        #expect(ServerMessage(event) == .event(name: "node_removed", data: 3))
        let busy = try parser.parse(
            ProtocolEnvelope.errorReplyUTF8(
                messageID: 8, code: .sessionBusy, details: "held", data: ["holder": "ws app"]))
        #expect(JSONWriter.compact(busy).contains("\"error_data\":{\"holder\":\"ws app\"}"))
        guard case .reply(let id, .failure(let error))? = ServerMessage(busy) else {
            Issue.record("not an error reply")
            return
        }
        #expect(id == 8)
        #expect(error.known == .sessionBusy)
        #expect(error.name == "SessionBusy")
        #expect(error.data?["holder"] == "ws app")
    }

    /// What a server sends is written straight from the members: the same text `JSONWriter` gives for the value.
    @Test func theTextFormsAreTheValuesAsJSONWriterWritesThem() {
        let result: JSONValue = ["b": [1, "x"], "a": ["z": nil, "\u{e9}t\u{e9}": true]]
        #expect(
            ProtocolEnvelope.replyUTF8(messageID: "7", result: result)
                == JSONWriter.compactUTF8(["message_id": "7", "result": result]))
        #expect(
            ProtocolEnvelope.eventUTF8(name: "node_updated", data: result)
                == JSONWriter.compactUTF8(["event": "node_updated", "data": result]))
        for data in [nil, result] {
            var members: [String: JSONValue] = [
                "message_id": 8, "error_code": .integer(Int64(HubErrorCode.sessionBusy.rawValue)),
                "error_name": "SessionBusy", "details": "held \"x\"",
            ]
            members["error_data"] = data
            #expect(
                ProtocolEnvelope.errorReplyUTF8(messageID: 8, code: .sessionBusy, details: "held \"x\"", data: data)
                    == JSONWriter.compactUTF8(.object(members)))
        }
        #expect(
            String(decoding: ProtocolEnvelope.eventUTF8(name: "e", data: [1]), as: UTF8.self)
                == #"{"data":[1],"event":"e"}"#)
    }

    @Test func aCodeFromANewerHubStillReads() throws {
        let message = try JSONParser().parse(
            #"{"message_id":"1","error_code":299,"error_name":"FutureThing","details":"x"}"#)
        guard case .reply(_, .failure(let error))? = ServerMessage(message) else {
            Issue.record("not an error reply")
            return
        }
        #expect(error.code == 299)
        #expect(error.known == nil)
        #expect(error.name == "FutureThing")
    }

    @Test func theServerInfoAndAnUnreadableIDAreNotRepliesOrEvents() throws {
        #expect(ServerMessage(try JSONParser().parse(#"{"schema_version":11}"#)) == nil)
        #expect(ServerMessage(try JSONParser().parse(#"{"message_id":null,"error_code":9,"details":"x"}"#)) == nil)
    }
}
