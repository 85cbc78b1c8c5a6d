import DNSSDPeerSupport
import Foundation
import MHubClient
import MHubConfiguration
import MHubWebSocket
import Testing

/// Bad input gets a clear error, changes nothing, and the daemon stays up.
@Suite struct ProtocolRobustnessTests {
    @Test func malformedAndOversizedLinesOnTheUnixSocket() throws {
        let daemon = try DaemonHarness(configuration: ["control": ["max_message_bytes": 4096]])
        try daemon.start()
        let client = try RawLineClient(path: daemon.socketPath)
        #expect(client.readMessage()?["schema_version"] == 11)
        let cases: [(String, Int)] = [
            ("{\"message_id\": \"1\", \"command\": ", 220),
            ("[1, 2, 3]", 9),
            ("{\"message_id\": \"2\"}", 9),
            ("{\"message_id\": {}, \"command\": \"get_nodes\"}", 9),
            ("{\"message_id\": \"3\", \"command\": \"no_such_command\"}", 9),
            ("{\"message_id\": \"4\", \"command\": \"get_node\", \"args\": {\"node_id\": \"one\"}}", 8),
            ("{\"message_id\": \"5\", \"command\": \"get_node\", \"args\": {\"node_id\": 42}}", 5),
            ("{\"message_id\": \"6\", \"command\": \"create_room\", \"args\": {\"name\": 7}}", 8),
            ("{\"message_id\": \"7\", \"command\": \"get_nodes\", \"extra\": 1}", 9),
            ("{\"message_id\": \"7b\", \"command\": \"get_nodes\", \"args\": {}, \"zzz\": 1}", 9),
        ]
        for (line, code) in cases {
            client.write(line + "\n")
            let reply = client.readReply()
            #expect(reply?["error_code"] == .integer(Int64(code)), "\(line) → \(String(describing: reply))")
            #expect(reply?["details"] != nil)
        }
        // Invalid UTF-8 inside a string.
        client.write([UInt8]("{\"message_id\": \"8\", \"command\": \"".utf8) + [0xC3, 0x28] + [UInt8]("\"}\n".utf8))
        #expect(client.readReply()?["error_code"] == 220)
        // An oversized line, then a good request on the same connection.
        client.write(String(repeating: "x", count: 10_000) + "\n")
        #expect(client.readReply()?["error_code"] == 219)
        client.write("{\"message_id\": \"9\", \"command\": \"get_rooms\"}\n")
        #expect(client.readReply()?["result"] == .array([]))
        // Nothing changed, and the daemon still serves others.
        let hub = try daemon.connect(.webSocket)
        #expect(try hub.call("get_rooms") == .array([]))
        #expect(daemon.stop() == 0)
    }

    @Test func malformedAndOversizedFramesOnTheWebSocket() throws {
        let daemon = try DaemonHarness(configuration: ["control": ["max_message_bytes": 4096]])
        try daemon.start()

        let good = try RawTCPClient(port: daemon.port)
        #expect(good.handshake()?.status == 101)
        good.sendText("not json")
        #expect(good.nextReply()?["error_code"] == 220)
        good.sendText(#"{"message_id": 7, "command": "get_rooms"}"#)
        #expect(good.nextReply()?["message_id"] == 7)

        // Too big: an error, then close 1009.
        let big = try RawTCPClient(port: daemon.port)
        #expect(big.handshake()?.status == 101)
        big.sendText(String(repeating: "y", count: 10_000))
        var sawError = false
        var closeCode: UInt16?
        while let message = big.nextMessage() {
            if case .text(let text) = message, text.contains("\"error_code\":219") { sawError = true }
            if case .close(let code, _) = message {
                closeCode = code
                break
            }
        }
        #expect(sawError)
        #expect(closeCode == 1009)

        // An unmasked client frame is a protocol error: close 1002.
        let unmasked = try RawTCPClient(port: daemon.port)
        #expect(unmasked.handshake()?.status == 101)
        unmasked.write(WebSocketFrameEncoder.encodeFrame(opcode: .text, payload: Array("{}".utf8), role: .server))
        var unmaskedClose: UInt16?
        while let message = unmasked.nextMessage() {
            if case .close(let code, _) = message {
                unmaskedClose = code
                break
            }
        }
        #expect(unmaskedClose == 1002)

        // Not a WebSocket request at all, on a path that is neither /ws nor the dashboard's (docs/dashboard.md).
        let http = try RawTCPClient(port: daemon.port)
        http.write(Array("GET /nowhere HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        #expect(String(decoding: http.readAll(), as: UTF8.self).hasPrefix("HTTP/1.1 404"))
        let garbage = try RawTCPClient(port: daemon.port)
        garbage.write([0x16, 0x03, 0x01, 0x00, 0x00, 0x0D, 0x0A, 0x0D, 0x0A])
        #expect(String(decoding: garbage.readAll(), as: UTF8.self).hasPrefix("HTTP/1.1 400"))

        // The daemon is still there for everyone.
        good.sendText(#"{"message_id": "8", "command": "server_info"}"#)
        #expect(good.nextReply()?["result"]?["schema_version"] == 11)
        #expect(daemon.stop() == 0)
    }

    @Test func tokensGuardTheTCPListenerAndScopesGuardCommands() throws {
        let daemon = try DaemonHarness(configuration: [
            "control": [
                "loopback_scope": "read",
                "tokens": [
                    ["name": "ci-admin", "token": "0123456789abcdef-admin", "scope": "admin"],
                    ["name": "viewer", "token": "0123456789abcdef-viewer", "scope": "read"],
                ],
            ]
        ])
        try daemon.start()
        let refused = try RawTCPClient(port: daemon.port)
        #expect(refused.handshake(headers: [("Authorization", "Bearer wrong-token")])?.status == 401)
        let anonymous = try MHubConnection.connect(to: daemon.anonymousWebSocket)
        #expect(anonymous.errorCode("prepare_commissioning") == 218)
        let viewer = try daemon.connect(.webSocket, token: "0123456789abcdef-viewer")
        #expect(viewer.errorCode("reset") == 218)
        #expect(try viewer.call("get_nodes") == .array([]))
        let admin = try MHubConnection.connect(
            to: MHubEndpoint(url: "ws://127.0.0.1:\(daemon.port)/ws?token=0123456789abcdef-admin")!)
        #expect(try admin.call("prepare_commissioning")["state"] == "prepared")
        // Permissions follow the token's name.
        _ = try admin.call("cancel_commissioning")
        _ = try admin.call("set_permission", ["principal": "ci-admin", "granted": false])
        #expect(admin.errorCode("prepare_commissioning") == 200)
        #expect(daemon.stop() == 0)
    }

    @Test func aCorruptOrForeignDatabaseStopsTheStartAndIsNotTouched() throws {
        let daemon = try DaemonHarness()
        try FileManager.default.createDirectory(
            atPath: (daemon.databasePath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try garbage.write(to: URL(fileURLWithPath: daemon.databasePath))
        #expect(throws: TestFailure.self) { try daemon.start() }
        #expect(daemon.log.contains("mhubd: cannot start:"))
        #expect(daemon.log.contains(daemon.databasePath))
        #expect(try Data(contentsOf: URL(fileURLWithPath: daemon.databasePath)) == garbage)

        // Another program's SQLite database.
        try FileManager.default.removeItem(atPath: daemon.databasePath)
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [daemon.databasePath, "CREATE TABLE mine (x); PRAGMA application_id = 7;"]
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") {
            try sqlite.runSerialized()
            sqlite.waitUntilExit()
            let before = try Data(contentsOf: URL(fileURLWithPath: daemon.databasePath))
            #expect(throws: TestFailure.self) { try daemon.start() }
            #expect(daemon.log.contains("another program"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: daemon.databasePath)) == before)
        }
    }

    @Test func aSlowReaderIsDroppedWithoutStallingOthers() throws {
        let daemon = try DaemonHarness(configuration: ["control": ["max_output_bytes": 65536]])
        try daemon.start()
        // This client asks a lot and never reads.
        let stuck = try RawLineClient(path: daemon.socketPath)
        var bufferSize: Int32 = 4096
        setsockopt(stuck.fd, SOL_SOCKET, SO_RCVBUF, &bufferSize, socklen_t(MemoryLayout<Int32>.size))
        let request = Array("{\"message_id\": \"1\", \"command\": \"get_templates\"}\n".utf8)
        for _ in 0..<2000 {
            stuck.write(request)
        }
        let hub = try daemon.connect(.unix)
        #expect(try hub.call("get_status")["online"] == true)
        #expect(try waitUntil { daemon.log.contains("dropped client") })
        #expect(daemon.stop() == 0)
    }
}
