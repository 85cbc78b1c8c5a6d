import Testing

@testable import MHubWebSocket

@Suite struct HTTPRequestHeadTests {
    private func head(_ target: String, _ headers: [(name: String, value: String)] = []) -> HTTPRequestHead {
        HTTPRequestHead(method: "GET", target: target, version: "HTTP/1.1", headers: headers)
    }

    @Test func pathAndQueryOfOriginAndAbsoluteForms() {
        #expect(head("/ws").path == "/ws")
        #expect(head("/ws").query == nil)
        #expect(head("/qr.svg?payload=MT:A&x=1#top").path == "/qr.svg")
        #expect(head("/qr.svg?payload=MT:A&x=1#top").query == "payload=MT:A&x=1")
        #expect(head("/?").query == "")
        #expect(head("http://127.0.0.1:5580/ws?token=t").path == "/ws")
        #expect(head("http://127.0.0.1:5580/ws?token=t").query == "token=t")
        #expect(head("http://127.0.0.1:5580").path == "/")
        #expect(head("/a#b?c").query == nil)
    }

    @Test func listElementsAcrossRepeatedFields() {
        let request = head(
            "/", [("Sec-WebSocket-Protocol", "mhub, ,mhub.bearer.x"), ("sec-websocket-protocol", " other ")])
        #expect(request.headerListElements("Sec-WebSocket-Protocol") == ["mhub", "mhub.bearer.x", "other"])
    }
}
