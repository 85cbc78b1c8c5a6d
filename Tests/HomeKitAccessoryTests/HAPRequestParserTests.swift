import Testing

@testable import HomeKitAccessory

struct HAPRequestParserTests {
    static let put = Array(
        ("PUT /characteristics HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/hap+json\r\n"
            + "Content-Length: 52\r\n\r\n{\"characteristics\":[{\"aid\":2,\"iid\":9,\"value\":true}]}").utf8)
    static let get = Array("GET /characteristics?id=1.2,1.3&ev=1 HTTP/1.1\r\nhost: 10.0.0.2\r\n\r\n".utf8)
    static let pairVerify: [UInt8] =
        Array(
            "POST /pair-verify HTTP/1.1\r\nHost: 10.0.0.2\r\nContent-Type: application/pairing+tlv8\r\nCONTENT-LENGTH: 6\r\n\r\n"
                .utf8) + [0x06, 0x01, 0x01, 0x03, 0x01, 0xAA]
    static let stream = put + get + pairVerify

    /// Every request the parser yields for `pieces` fed one after the other, draining after each.
    static func parse(_ pieces: [ArraySlice<UInt8>], parser: HAPRequestParser = HAPRequestParser()) throws(HAPWireError)
        -> [HAPRequest]
    {
        var parser = parser
        var requests: [HAPRequest] = []
        for piece in pieces {
            parser.append(piece)
            while let request = try parser.next() { requests.append(request) }
        }
        return requests
    }

    @Test func pipelinedRequestsInOneAppendAreReadInOrder() throws {
        let requests = try Self.parse([Self.stream[...]])
        try #require(requests.count == 3)
        #expect(requests[0].method == "PUT")
        #expect(requests[0].path == "/characteristics")
        #expect(requests[0].header("content-type") == "application/hap+json")
        #expect(String(decoding: requests[0].body, as: UTF8.self).hasSuffix("\"value\":true}]}"))
        #expect(requests[0].body.count == 52)
        #expect(requests[1].method == "GET")
        #expect(requests[1].path == "/characteristics")
        #expect(
            requests[1].query == [HAPQueryItem(name: "id", value: "1.2,1.3"), HAPQueryItem(name: "ev", value: "1")])
        #expect(requests[1].queryFlag("ev"))
        #expect(!requests[1].queryFlag("meta"))
        #expect(requests[1].header("Host") == "10.0.0.2")
        #expect(requests[1].body.isEmpty)
        #expect(
            try requests[1].characteristicIDs() == [
                HAPCharacteristicID(aid: 1, iid: 2), HAPCharacteristicID(aid: 1, iid: 3),
            ])
        #expect(requests[2].path == "/pair-verify")
        #expect(try TLV8.decode(requests[2].body).first(.publicKey) == [0xAA])
    }

    @Test func splittingAtEveryByteGivesTheSameRequests() throws {
        let whole = try Self.parse([Self.stream[...]])
        for cut in 0...Self.stream.count {
            #expect(try Self.parse([Self.stream[..<cut], Self.stream[cut...]]) == whole, "cut at \(cut)")
        }
        #expect(try Self.parse(Self.stream.indices.map { Self.stream[$0...$0] }) == whole)
    }

    @Test func nothingComesOutBeforeTheBodyHasAllArrived() throws {
        var parser = HAPRequestParser()
        parser.append(Self.put.dropLast())
        #expect(try parser.next() == nil)
        parser.append(Self.put.suffix(1))
        #expect(try parser.next()?.body.count == 52)
        #expect(try parser.next() == nil)
    }

    @Test func aHeadOverTheLimitIsRefused() {
        let long = Array(
            ("GET /accessories HTTP/1.1\r\nX-Pad: " + String(repeating: "a", count: 9000) + "\r\n\r\n").utf8)
        #expect(throws: HAPWireError.headTooLarge(limit: 8192)) { try Self.parse([long[...]]) }
        // Byte by byte too, and only once the limit is passed: a shorter head is read.
        #expect(throws: HAPWireError.headTooLarge(limit: 8192)) { try Self.parse(long.indices.map { long[$0...$0] }) }
    }

    @Test func aBodyOverTheLimitIsRefusedFromItsHead() {
        let head = Array("PUT /characteristics HTTP/1.1\r\nContent-Length: 65537\r\n\r\n".utf8)
        #expect(throws: HAPWireError.bodyTooLarge(length: 65537, limit: 65536)) { try Self.parse([head[...]]) }
        let small = HAPRequestParser(maximumBodyBytes: 10)
        #expect(throws: HAPWireError.bodyTooLarge(length: 52, limit: 10)) {
            try Self.parse([Self.put[...]], parser: small)
        }
    }

    @Test func chunkedBodiesAreRefused() {
        let chunked = Array(
            "PUT /characteristics HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n".utf8)
        #expect(throws: HAPWireError.transferEncodingNotSupported("chunked")) { try Self.parse([chunked[...]]) }
    }

    @Test func badContentLengthsAreRefused() {
        for value in ["-1", "+5", "5 5", "0x10", "99999999999999999999"] {
            let head = Array("PUT / HTTP/1.1\r\nContent-Length: \(value)\r\n\r\n".utf8)
            #expect(throws: HAPWireError.invalidContentLength(value)) { try Self.parse([head[...]]) }
        }
        let twice = Array("PUT / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab".utf8)
        #expect(throws: HAPWireError.invalidContentLength("1, 2")) { try Self.parse([twice[...]]) }
    }

    @Test func badRequestLinesAreRefused() {
        for line in [
            "GET /accessories", "GET  /accessories HTTP/1.1", "GET /accessories HTTP/1.0", "GET accessories HTTP/1.1",
        ] {
            let head = Array("\(line)\r\nHost: x\r\n\r\n".utf8)
            #expect(throws: HAPWireError.self, "\(line)") { try Self.parse([head[...]]) }
        }
        let bareLF = Array("GET /accessories HTTP/1.1\nHost: x\n\n".utf8)
        #expect(throws: HAPWireError.self) { try Self.parse([bareLF[...]]) }
    }

    @Test func anErrorRepeatsAndLaterBytesAreIgnored() throws {
        var parser = HAPRequestParser()
        parser.append(Array("BAD\r\n\r\n".utf8))
        var first: HAPWireError?
        do { _ = try parser.next() } catch { first = error }
        #expect(first != nil)
        parser.append(Self.get)
        #expect(throws: first!) { try parser.next() }
    }

    @Test func characteristicIDsMustBeAidDotIid() {
        for query in ["id=1.2,", "id=1", "id=1.2.3", "id=a.b", "id=+1.2", "id=", "ev=1"] {
            let request = HAPRequest(method: "GET", path: "/characteristics", query: HAPQueryItem.parse(query[...]))
            #expect(throws: HAPWireError.self, "\(query)") { try request.characteristicIDs() }
        }
    }
}
