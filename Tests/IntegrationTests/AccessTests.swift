import Foundation
import MHubClient
import MHubConfiguration
import Testing

/// Who gets in over TCP (docs/configuration.md, "Who can connect"): web pages by their `Origin`, tokenless loopback
/// clients with less than admin, the hub's own admin token, revocation by reload, and no token in the log.
@Suite struct AccessTests {
    @Test func pagesFromOtherOriginsAreRefusedAndEveryoneElseIsServed() throws {
        let daemon = try DaemonHarness(configuration: ["control": ["allowed_origins": ["http://localhost:3000"]]])
        try daemon.start()
        let port = daemon.port
        func status(host: String = "127.0.0.1:\(daemon.port)", origin: String?) throws -> Int? {
            let client = try RawTCPClient(port: port)
            return client.handshake(host: host, headers: origin.map { [("Origin", $0)] } ?? [])?.status
        }
        // A page of another site (the developer's browser has it open): refused before anything is served.
        #expect(try status(origin: "http://evil.example") == 403)
        #expect(try status(origin: "https://127.0.0.1.evil.example") == 403)
        #expect(try status(origin: "null") == 403)
        // DNS rebinding: the attacker's name resolves to 127.0.0.1, so Host and Origin agree but are a name.
        #expect(try status(host: "rebound.example:\(port)", origin: "http://rebound.example:\(port)") == 403)
        // Not a browser: no Origin at all.
        #expect(try status(origin: nil) == 101)
        // The hub's own origin (a page it serves), and a configured one.
        #expect(try status(origin: "http://127.0.0.1:\(port)") == 101)
        #expect(try status(host: "localhost:\(port)", origin: "http://LOCALHOST:\(port)") == 101)
        #expect(try status(origin: "http://localhost:3000") == 101)
        #expect(try status(origin: "http://localhost:3001") == 403)
        #expect(daemon.stop() == 0)
    }

    @Test func tokenlessLoopbackClientsAreNotAdminAndTheHubsOwnTokenIs() throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        let tokenPath = daemon.directory.appendingPathComponent("state/admin.token").path
        let attributes = try FileManager.default.attributesOfItem(atPath: tokenPath)
        #expect((attributes[.posixPermissions] as? Int) == 0o640)
        let token = try #require(daemon.adminToken)
        #expect(token.count == 64 && token.allSatisfy(\.isHexDigit))

        // Tokenless over loopback: enough for an OHF client (commission, control, read), not for admin.
        let anonymous = try MHubConnection.connect(to: daemon.anonymousWebSocket)
        #expect(anonymous.errorCode("reset") == 218)
        #expect(anonymous.errorCode("open_commissioning_window") == 218)
        #expect(anonymous.errorCode("add_simulated_device", ["template": "on-off-light"]) == 218)
        #expect(try anonymous.call("commission_with_code", ["code": .string(DaemonHarness.lampQR)])["node_id"] == 1)

        // mhubctl over WebSocket: without a token it has the loopback scope; with the hub's token file, admin.
        let url = "ws://127.0.0.1:\(daemon.port)/ws"
        let refused = try runProcess(Executables.mhubctl, ["--url", url, "fault", "set", "hub_offline"])
        #expect(refused.status == 1)
        #expect(refused.errors.contains("Unauthorized"), "\(refused.errors)")
        let allowed = try runProcess(
            Executables.mhubctl, ["--url", url, "--token-file", tokenPath, "fault", "set", "hub_offline"])
        #expect(allowed.status == 0, "\(allowed.errors)")
        #expect(try daemon.connect(.unix).call("get_faults")["hub_offline"] == true)

        // The same token after a restart; and never in the log, even when sent in a URL.
        #expect(daemon.stop() == 0)
        try daemon.start()
        #expect(daemon.adminToken == token)
        let probe = try RawTCPClient(port: daemon.port)
        #expect(probe.handshake(path: "/nowhere?token=\(token)")?.status == 404)
        let inQuery = try MHubConnection.connect(
            to: MHubEndpoint(url: "ws://127.0.0.1:\(daemon.port)/ws?token=\(token)")!)
        #expect(try inQuery.call("get_status")["version"] != nil)
        inQuery.close()
        #expect(daemon.stop() == 0)
        #expect(!daemon.log.contains(token))
    }

    @Test func aReloadThatRevokesATokenClosesItsConnections() throws {
        let viewer = "0123456789abcdef-viewer"
        let operatorToken = "0123456789abcdef-operator"
        let daemon = try DaemonHarness(configuration: [
            "control": [
                "tokens": [
                    ["name": "viewer", "token": .string(viewer), "scope": "read"],
                    ["name": "operator", "token": .string(operatorToken), "scope": "control"],
                ]
            ]
        ])
        try daemon.start()
        let revoked = try daemon.connect(.webSocket, token: viewer)
        let kept = try daemon.connect(.webSocket, token: operatorToken)
        #expect(try revoked.call("get_nodes") == .array([]))
        daemon.extraConfiguration["control"] = [
            "tokens": [["name": "operator", "token": .string(operatorToken), "scope": "control"]]
        ]
        try daemon.writeConfiguration()
        daemon.signal(SIGHUP)
        #expect(daemon.waitForLog("the token was revoked by a reload"))
        #expect(throws: MHubClientError.self) { try revoked.call("get_nodes") }
        #expect(try kept.call("get_nodes") == .array([]))
        let again = try RawTCPClient(port: daemon.port)
        #expect(again.handshake(headers: [("Authorization", "Bearer \(viewer)")])?.status == 401)
        #expect(daemon.stop() == 0)
        #expect(!daemon.log.contains(viewer) && !daemon.log.contains(operatorToken))
    }
}
