import MHubWebSocket
import Testing

@testable import MHubDashboard

/// A request head as a browser sends it, with `fields` added.
private func request(_ target: String, method: String = "GET", fields: [(name: String, value: String)] = [])
    -> HTTPRequestHead
{
    HTTPRequestHead(method: method, target: target, version: "HTTP/1.1", headers: [("Host", "127.0.0.1:5580")] + fields)
}

/// A router over two small files, drawing every payload as the same small picture.
private let router = DashboardRouter(
    files: [
        DashboardFile(name: "index.html", etag: "\"00000000000000aa\"", text: "<!doctype html><p>hub</p>\n"),
        DashboardFile(name: "dashboard.js", etag: "\"00000000000000bb\"", text: "export const x = 1;\n"),
    ],
    drawQRCode: { payload in "<svg>\(payload)</svg>\n" })

@Suite struct DashboardRouterTests {
    /// The response a request gets; a failure if it is routed to the WebSocket.
    func response(_ head: HTTPRequestHead) throws -> DashboardResponse {
        guard case .respond(let response) = router.route(head) else {
            Issue.record("\(head.target) went to the WebSocket")
            throw HTTPHeadError.unexpectedStatus(101, reason: "")
        }
        return response
    }

    /// The response as a client reads it off the wire.
    func parsed(_ response: DashboardResponse) throws -> (head: HTTPResponseHead, body: [UInt8]) {
        var parser = HTTPHeadParser()
        parser.append(response.serialized)
        let head = try #require(try parser.nextResponse())
        return (head, parser.takeRemainder())
    }

    @Test func theControlProtocolsPathGoesToTheWebSocketWhateverTheMethodOrQuery() {
        for head in [request("/ws"), request("/ws?token=x"), request("/ws", method: "POST"), request("http://h/ws")] {
            guard case .webSocket = router.route(head) else {
                Issue.record("\(head.method) \(head.target) was answered by the page")
                continue
            }
        }
    }

    @Test func thePageIsServedAtTheRootWithItsTypeTagAndLength() throws {
        let (head, body) = try parsed(try response(request("/")))
        #expect(head.status == 200)
        #expect(head.header("Content-Type") == "text/html; charset=utf-8")
        #expect(head.header("Content-Length") == String(body.count))
        #expect(String(decoding: body, as: UTF8.self) == "<!doctype html><p>hub</p>\n")
        #expect(head.header("ETag") == "\"00000000000000aa\"")
        #expect(head.header("Cache-Control") == "no-cache")
        #expect(head.header("Connection") == "close")
        let script = try parsed(try response(request("/dashboard.js?v=2")))
        #expect(script.head.status == 200)
        #expect(script.head.header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(try parsed(try response(request("/index.html"))).head.header("ETag") == "\"00000000000000aa\"")
    }

    @Test func everyResponseCarriesTheSecurityFields() throws {
        let heads = [
            request("/"), request("/dashboard.js", method: "HEAD"), request("/missing"), request("/", method: "POST"),
            request("/", fields: [("If-None-Match", "\"00000000000000aa\"")]), request("/qr.svg?payload=MT:AB"),
            request("/qr.svg"),
        ]
        for head in heads {
            let (parsedHead, _) = try parsed(try response(head))
            let policy = try #require(parsedHead.header("Content-Security-Policy"), "\(head.target)")
            #expect(policy.contains("script-src 'self'"))
            #expect(policy.contains("frame-ancestors 'none'"))
            #expect(policy.contains("connect-src 'self'"))
            #expect(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"))
            #expect(parsedHead.header("X-Content-Type-Options") == "nosniff")
            #expect(parsedHead.header("Referrer-Policy") == "no-referrer")
            #expect(parsedHead.header("X-Frame-Options") == "DENY")
        }
    }

    @Test func headSendsTheFieldsOfGetWithoutTheBody() throws {
        let get = try parsed(try response(request("/dashboard.js")))
        let head = try parsed(try response(request("/dashboard.js", method: "HEAD")))
        #expect(head.head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.head.header("Content-Length") == get.head.header("Content-Length"))
        #expect(head.head.header("ETag") == get.head.header("ETag"))
    }

    @Test(arguments: ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "get"])
    func onlyGetAndHeadAreServed(method: String) throws {
        let (head, _) = try parsed(try response(request("/", method: method)))
        #expect(head.status == 405)
        #expect(head.header("Allow") == "GET, HEAD")
    }

    @Test func aCurrentCopyGetsNotModified() throws {
        for tags in ["\"00000000000000aa\"", "W/\"00000000000000aa\"", "\"x\", \"00000000000000aa\" ", "*"] {
            let (head, body) = try parsed(try response(request("/", fields: [("If-None-Match", tags)])))
            #expect(head.status == 304, "\(tags)")
            #expect(body.isEmpty)
            #expect(head.header("ETag") == "\"00000000000000aa\"")
        }
        let stale = try parsed(try response(request("/", fields: [("If-None-Match", "\"00000000000000bb\"")])))
        #expect(stale.head.status == 200)
    }

    @Test(arguments: [
        "/missing", "/index.html/", "/../index.html", "/Assets/index.html", "//index.html", "/%69ndex.html",
    ])
    func anythingElseIsNotFound(target: String) throws {
        let (head, _) = try parsed(try response(request(target)))
        #expect(head.status == 404)
    }

    @Test func aRequestWithoutOneHostIsBad() throws {
        let none = HTTPRequestHead(method: "GET", target: "/", version: "HTTP/1.1", headers: [])
        #expect(try parsed(try response(none)).head.status == 400)
        let two = request("/", fields: [("Host", "localhost")])
        #expect(try parsed(try response(two)).head.status == 400)
    }

    @Test func aPayloadIsDrawnAsSVGAndNeverStored() throws {
        let (head, body) = try parsed(try response(request("/qr.svg?payload=MT%3A-24J0Q1212-10648G00")))
        #expect(head.status == 200)
        #expect(head.header("Content-Type") == "image/svg+xml")
        #expect(head.header("Cache-Control") == "no-store")
        // The payload as it was percent-encoded in the query, drawn as it is.
        #expect(String(decoding: body, as: UTF8.self) == "<svg>MT:-24J0Q1212-10648G00</svg>\n")
    }

    /// The HomeKit bridge's setup URI, as the dashboard's HomeKit panel asks for it (reference's worked example).
    @Test func aHomeKitSetupURIIsDrawn() throws {
        let (head, body) = try parsed(try response(request("/qr.svg?payload=X-HM%3A%2F%2F0023ISYWYMHUB")))
        #expect(head.status == 200)
        #expect(head.header("Cache-Control") == "no-store")
        #expect(String(decoding: body, as: UTF8.self) == "<svg>X-HM://0023ISYWYMHUB</svg>\n")
    }

    @Test(arguments: [
        "/qr.svg", "/qr.svg?payload=", "/qr.svg?payload=hello", "/qr.svg?payload=MT:", "/qr.svg?payload=MT:ab",
        "/qr.svg?payload=MT:AB&payload=MT:CD", "/qr.svg?payload=MT%3AAB%2", "/qr.svg?payload=MT:<script>",
        "/qr.svg?payload=MT:" + String(repeating: "A", count: 600),
        // A setup URI is X-HM:// and exactly 13 of 0-9 and A-Z: shorter, longer, lower case, a path, a scheme alone.
        "/qr.svg?payload=X-HM://0023ISYWYMHU", "/qr.svg?payload=X-HM://0023ISYWYMHUBB",
        "/qr.svg?payload=X-HM://0023isywymhub", "/qr.svg?payload=X-HM://0023ISYWY/HUB", "/qr.svg?payload=X-HM://",
        "/qr.svg?payload=x-hm://0023ISYWYMHUB",
    ])
    func onlyOneOnboardingPayloadIsDrawn(target: String) throws {
        #expect(try parsed(try response(request(target))).head.status == 400)
    }

    @Test func theBuiltInFilesAreThePagesFiles() {
        let builtIn = DashboardRouter { _ in nil }
        #expect(builtIn.fileNames.contains("index.html"))
        for file in DashboardFile.embedded {
            #expect(file.etag.hasPrefix("\"") && file.etag.hasSuffix("\"") && file.etag.count == 18, "\(file.name)")
            #expect(!file.bytes.isEmpty)
            #expect(file.contentType != "application/octet-stream", "\(file.name) has no known type")
        }
    }
}
