import Testing

@testable import MHubWebSocket

@Suite struct HTTPHeadParserTests {
    let request = Array(
        ("GET /chat?room=1 HTTP/1.1\r\nHost: server.example.com\r\nUpgrade:websocket\r\n"
            + "X-Multi: one\r\nconnection: \t Upgrade \t\r\nX-MULTI: two\r\nX-Empty:\r\n\r\n").utf8)

    func parseRequest(_ text: String, maximumBytes: Int = 16 * 1024) throws(HTTPHeadError) -> HTTPRequestHead? {
        var parser = HTTPHeadParser(maximumBytes: maximumBytes)
        parser.append(Array(text.utf8))
        return try parser.nextRequest()
    }

    func requestError(_ text: String, maximumBytes: Int = 16 * 1024) -> HTTPHeadError? {
        do {
            _ = try parseRequest(text, maximumBytes: maximumBytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func parsesRequestLineAndHeaders() throws {
        var parser = HTTPHeadParser()
        parser.append(request)
        let head = try #require(try parser.nextRequest())
        #expect(head.method == "GET")
        #expect(head.target == "/chat?room=1")
        #expect(head.version == "HTTP/1.1")
        #expect(head.headers.map(\.name) == ["Host", "Upgrade", "X-Multi", "connection", "X-MULTI", "X-Empty"])
        #expect(head.header("host") == "server.example.com")
        #expect(head.header("UPGRADE") == "websocket")
        #expect(head.header("Connection") == "Upgrade")
        #expect(head.header("x-multi") == "one")
        #expect(head.headerValues("X-Multi") == ["one", "two"])
        #expect(head.header("X-Empty") == "")
        #expect(head.header("Missing") == nil)
        #expect(head.headerValues("Missing").isEmpty)
        #expect(parser.takeRemainder().isEmpty)
    }

    @Test func waitsForTheEmptyLineWhenFedOneByteAtATime() throws {
        var parser = HTTPHeadParser()
        for byte in request.dropLast() {
            parser.append([byte])
            #expect(try parser.nextRequest() == nil)
        }
        parser.append([request.last!])
        #expect(try parser.nextRequest()?.target == "/chat?room=1")
    }

    @Test func keepsBytesAfterTheHeadForTakeRemainder() throws {
        var parser = HTTPHeadParser()
        let frames: [UInt8] = [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58, 0x0D, 0x0A, 0x00]
        parser.append(request + frames.prefix(3))
        #expect(try parser.nextRequest() != nil)
        parser.append(frames.dropFirst(3))
        #expect(parser.takeRemainder() == frames)
        #expect(parser.takeRemainder().isEmpty)
    }

    @Test func skipsEmptyLinesBeforeTheRequestLine() throws {
        #expect(try parseRequest("\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n")?.header("Host") == "a")
    }

    @Test func enforcesTheSizeLimitIncludingTheFinalEmptyLine() throws {
        let text = "GET / HTTP/1.1\r\nHost: a\r\n\r\n"
        #expect(try parseRequest(text, maximumBytes: text.utf8.count)?.target == "/")
        #expect(requestError(text, maximumBytes: text.utf8.count - 1) == .headTooLarge(limit: text.utf8.count - 1))
    }

    @Test func failsOnceTheLimitIsReachedWithoutAnEnd() throws {
        var parser = HTTPHeadParser(maximumBytes: 64)
        parser.append(Array("GET / HTTP/1.1\r\nX-Long: ".utf8))
        #expect(try parser.nextRequest() == nil)
        parser.append([UInt8](repeating: UInt8(ascii: "x"), count: 100))
        #expect(throws: HTTPHeadError.headTooLarge(limit: 64)) { try parser.nextRequest() }
        // The error sticks, even when the rest of a valid head follows.
        parser.append(Array("\r\n\r\n".utf8))
        #expect(throws: HTTPHeadError.headTooLarge(limit: 64)) { try parser.nextRequest() }
    }

    /// Found by fuzz-http-head (docs/fuzzing.md): with a CR in the limit's last place, the parser read the byte
    /// after the limit when it had arrived, so the same bytes failed with invalidByte all at once and with
    /// headTooLarge one at a time. Now it never looks past the limit.
    @Test func aCRInTheLimitsLastPlaceIsTooLargeHoweverTheBytesArrive() throws {
        // The fuzzer's input after its first byte, which chose a limit of 1 byte.
        let input: [UInt8] = [0x0D, 0x00, 0x00, 0x0A, 0x2D, 0x0A, 0x54, 0x74, 0x00]
        var whole = HTTPHeadParser(maximumBytes: 1)
        whole.append(input)
        #expect(throws: HTTPHeadError.headTooLarge(limit: 1)) { try whole.nextRequest() }
        var single = HTTPHeadParser(maximumBytes: 1)
        single.append(input.prefix(1))
        #expect(throws: HTTPHeadError.headTooLarge(limit: 1)) { try single.nextRequest() }

        // The same at a realistic limit: the final CR is the 26th byte of a 26-byte limit.
        let head = Array("GET / HTTP/1.1\r\nHost: a\r\n\rX".utf8)
        for cut in [head.count - 1, head.count] {
            var parser = HTTPHeadParser(maximumBytes: head.count - 1)
            parser.append(head.prefix(cut))
            #expect(throws: HTTPHeadError.headTooLarge(limit: head.count - 1)) { try parser.nextRequest() }
        }
    }

    @Test(arguments: [
        "GET /", "GET  / HTTP/1.1", "GET / HTTP/1.1 ", "GET / HTTP/1.x",
        "GET / HTTP/11", "G(T / HTTP/1.1", " GET / HTTP/1.1", "GET /a\tb HTTP/1.1",
        "GET / http/1.1",
    ])
    func rejectsMalformedRequestLines(line: String) {
        #expect(requestError(line + "\r\n\r\n") == .malformedRequestLine(line))
    }

    @Test(arguments: [
        "NoColon", "Host : a", ": empty-name", " folded: value", "\tfolded: value", "Bad Name: a", "Bad(): a",
    ])
    func rejectsMalformedHeaderLines(line: String) {
        #expect(requestError("GET / HTTP/1.1\r\n\(line)\r\n\r\n") == .malformedHeaderLine(line))
    }

    @Test(arguments: [
        (Array("GET / HTTP/1.1\r\nX: caf\u{e9}\r\n\r\n".utf8), 0xC3, 22),
        (Array("GET / HTTP/1.1\r\nX: a\u{0}b\r\n\r\n".utf8), 0x00, 20),
        (Array("GET / HTTP/1.1\nX: a\r\n\r\n".utf8), 0x0A, 14),
        (Array("GET / HTTP/1.1\rX: a\r\n\r\n".utf8), 0x0D, 14),
        (Array("GET / HTTP/1.1\r\nX: \u{7f}\r\n\r\n".utf8), 0x7F, 19),
    ])
    func rejectsBytesOutsidePrintableASCII(bytes: [UInt8], byte: UInt8, offset: Int) {
        var parser = HTTPHeadParser()
        parser.append(bytes)
        #expect(throws: HTTPHeadError.invalidByte(byte, offset: offset)) { try parser.nextRequest() }
    }

    @Test func parsesResponses() throws {
        var parser = HTTPHeadParser()
        parser.append(Array("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n\u{81}".utf8))
        let head = try #require(try parser.nextResponse())
        #expect(head.status == 101)
        #expect(head.reason == "Switching Protocols")
        #expect(head.header("upgrade") == "websocket")
        #expect(parser.takeRemainder() == [0xC2, 0x81])

        var bare = HTTPHeadParser()
        bare.append(Array("HTTP/1.1 204\r\n\r\n".utf8))
        let noReason = try #require(try bare.nextResponse())
        #expect(noReason.status == 204)
        #expect(noReason.reason == "")
    }

    @Test(arguments: ["HTTP/1.1 10x OK", "HTTP/1.1 1010 OK", "HTTP/1.1  101 OK", "HTTP/1.1 101OK", "HTTX/1.1 101 OK"])
    func rejectsMalformedStatusLines(line: String) {
        var parser = HTTPHeadParser()
        parser.append(Array("\(line)\r\n\r\n".utf8))
        #expect(throws: HTTPHeadError.malformedStatusLine(line)) { try parser.nextResponse() }
    }

    @Test func errorsDescribeTheProblem() {
        #expect(HTTPHeadError.headTooLarge(limit: 10).description == "HTTP head is larger than 10 bytes")
        #expect(HTTPHeadError.invalidByte(0xC3, offset: 4).description.contains("0xc3"))
    }
}
