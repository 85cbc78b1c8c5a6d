import Foundation
import MHubClient
import MHubConfiguration
import MHubWebSocket
import Testing

/// The page as mhubd serves it on its WebSocket listener (docs/dashboard.md): its files and their fields, what is
/// refused, and the token a page sends in the handshake.
@Suite struct DashboardServingTests {
    /// One HTTP request on a fresh connection: the response head and body, read until mhubd closes.
    static func fetch(_ port: UInt16, _ request: String) throws -> (head: HTTPResponseHead, body: [UInt8]) {
        let client = try RawTCPClient(port: port)
        client.write(Array(request.utf8))
        var parser = HTTPHeadParser()
        parser.append(client.readAll())
        let head = try #require(try parser.nextResponse())
        return (head, parser.takeRemainder())
    }

    static func get(_ port: UInt16, _ target: String, method: String = "GET", fields: String = "") throws -> (
        head: HTTPResponseHead, body: [UInt8]
    ) {
        try fetch(port, "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(fields)\r\n")
    }

    @Test func thePageAndItsFilesAreServedWithTheirFieldsAndNothingChangesState() throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        let port = daemon.port
        let page = try Self.get(port, "/")
        #expect(page.head.status == 200)
        #expect(page.head.header("Content-Type") == "text/html; charset=utf-8")
        #expect(page.head.header("Content-Length") == String(page.body.count))
        #expect(page.head.header("Content-Security-Policy")?.contains("script-src 'self'") == true)
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(html.contains("<script type=\"module\" src=\"/dashboard.js\"></script>"))
        #expect(!html.contains("<script>") && !html.contains("style=\""), "inline script or style in the page")
        // Every file the page names is served, with a JavaScript type for the modules (nosniff makes it matter).
        for file in ["/dashboard.js", "/hub-connection.js", "/home-model.js", "/dashboard.css", "/icon.svg"] {
            let response = try Self.get(port, file)
            #expect(response.head.status == 200, "\(file)")
            #expect(response.head.header("X-Content-Type-Options") == "nosniff")
        }
        #expect(try Self.get(port, "/dashboard.js").head.header("Content-Type") == "text/javascript; charset=utf-8")
        // Revalidation: the same tag gets 304; HEAD the fields without the body.
        let tag = try #require(page.head.header("ETag"))
        #expect(try Self.get(port, "/", fields: "If-None-Match: \(tag)\r\n").head.status == 304)
        let head = try Self.get(port, "/", method: "HEAD")
        #expect(head.head.status == 200 && head.body.isEmpty)
        // No state-changing request: every method but GET and HEAD is refused, whatever the path.
        let post = try Self.fetch(
            port, "POST / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 0\r\n\r\n")
        #expect(post.head.status == 405)
        #expect(post.head.header("Allow") == "GET, HEAD")
        #expect(try Self.get(port, "/reset", method: "DELETE").head.status == 405)
        #expect(try Self.get(port, "/nowhere").head.status == 404)
        // A QR code drawn from a payload, never from anything else.
        let qr = try Self.get(port, "/qr.svg?payload=\(DaemonHarness.lampQR)")
        #expect(qr.head.status == 200)
        #expect(qr.head.header("Content-Type") == "image/svg+xml")
        #expect(String(decoding: qr.body, as: UTF8.self).hasPrefix("<svg"))
        #expect(try Self.get(port, "/qr.svg?payload=hello").head.status == 400)
        // The control protocol is where it was, and the hub's state did not move.
        let hub = try daemon.connect(.unix)
        #expect(try hub.call("get_status")["nodes"] == 0)
        #expect(daemon.stop() == 0)
        #expect(daemon.log.contains("HTTP GET /: 200"))
        #expect(daemon.log.contains("HTTP POST /: 405"))
    }

    @Test func aPageSendsItsTokenAsASubprotocolElementWhichNeverReachesTheLog() throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        let token = try #require(daemon.adminToken)
        let host = "127.0.0.1:\(daemon.port)"
        let page = "http://\(host)"
        /// A browser's handshake from `origin` offering `protocols`: the client, and the response's head.
        func open(from origin: String = page, offering protocols: String) throws -> (RawTCPClient, HTTPResponseHead?) {
            let client = try RawTCPClient(port: daemon.port)
            let head = client.handshake(
                host: host, headers: [("Origin", origin), ("Sec-WebSocket-Protocol", protocols)])
            return (client, head)
        }
        // As a browser does: Origin the hub's own, the token beside "mhub", which the 101 selects.
        let (admin, accepted) = try open(offering: "mhub, mhub.bearer.\(token)")
        #expect(accepted?.status == 101)
        #expect(accepted?.headerValues("Sec-WebSocket-Protocol") == ["mhub"])
        admin.sendText(#"{"message_id": "1", "command": "get_permissions"}"#)
        #expect(admin.nextReply()?["result"] != nil, "the token did not give admin")
        // Without it, the page has the loopback scope; with a wrong one it is refused before the 101.
        let (anonymous, plain) = try open(offering: "mhub")
        #expect(plain?.status == 101)
        anonymous.sendText(#"{"message_id": "1", "command": "get_permissions"}"#)
        #expect(anonymous.nextReply()?["error_code"] == 218)
        #expect(try open(offering: "mhub, mhub.bearer.\(String(token.reversed()))").1?.status == 401)
        // A page of another site is refused with a right token too.
        #expect(try open(from: "http://evil.example", offering: "mhub, mhub.bearer.\(token)").1?.status == 403)
        #expect(daemon.stop() == 0)
        #expect(!daemon.log.contains(token))
    }
}
