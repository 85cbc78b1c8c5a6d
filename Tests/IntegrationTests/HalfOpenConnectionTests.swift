import Foundation
import MHubClient
import MHubConfiguration
import Testing

/// Clients that close their sending side right after a request (a TCP or Unix half-close) still get the reply,
/// what they asked for is kept, and the daemon goes on serving others.
@Suite struct HalfOpenConnectionTests {
    @Test func aHalfClosedUnixClientGetsItsReplyAndTheChangeIsKept() throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        defer { daemon.stop() }
        let client = try RawLineClient(path: daemon.socketPath)
        #expect(client.readMessage()?["schema_version"] == 11)
        client.write(#"{"message_id": "1", "command": "create_room", "args": {"name": "Half-open"}}"# + "\n")
        shutdown(client.fd, Int32(SHUT_WR))
        let reply = client.readReply()
        #expect(reply?["message_id"] == "1")
        #expect(reply?["result"]?["name"] == "Half-open")
        // Then the daemon closes its side too.
        #expect(client.readMessage() == nil)

        let other = try daemon.connect(.unix)
        guard case .array(let rooms) = try other.call("get_rooms") else {
            Issue.record("get_rooms did not answer with a list")
            return
        }
        #expect(rooms.contains { $0["name"] == "Half-open" })
    }

    @Test func aHalfClosedWebSocketClientGetsItsReply() throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        defer { daemon.stop() }
        let client = try RawTCPClient(port: daemon.port)
        #expect(client.handshake()?.status == 101)
        client.sendText(#"{"message_id": "2", "command": "server_info"}"#)
        shutdown(client.fd, Int32(SHUT_WR))
        #expect(client.nextReply()?["message_id"] == "2")
        #expect(try daemon.connect(.webSocket).call("server_info")["schema_version"] == 11)
    }
}
