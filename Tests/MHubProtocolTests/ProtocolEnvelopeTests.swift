import MHubCore
import Testing

@testable import MHubProtocol

@Suite struct ProtocolEnvelopeTests {
    @Test func repliesAndEventsReadBackAsTheyWereWritten() throws {
        let reply = ProtocolEnvelope.reply(messageID: "7", result: ["node_ids": [1]])
        #expect(ServerMessage(reply) == .reply(messageID: "7", .success(["node_ids": [1]])))
        let event = ProtocolEnvelope.event(name: "node_removed", data: 3)
        #expect(ServerMessage(event) == .event(name: "node_removed", data: 3))
        let busy = ProtocolEnvelope.errorReply(
            messageID: 8, code: .sessionBusy, details: "held", data: ["holder": "ws app"])
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
