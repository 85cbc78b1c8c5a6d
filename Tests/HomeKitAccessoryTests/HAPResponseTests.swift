import Testing

@testable import HomeKitAccessory

struct HAPResponseTests {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func noContentHasItsReasonAndNoLengthOrBody() {
        #expect(text(HAPResponse.noContent.encoded()) == "HTTP/1.1 204 No Content\r\n\r\n")
        // A body or content type given to a 204 is not written.
        let stray = HAPResponse(status: 204, contentType: HAPContentType.json, body: Array("{}".utf8))
        #expect(text(stray.encoded()) == "HTTP/1.1 204 No Content\r\n\r\n")
    }

    @Test func aJSONResponseHasTypeAndLength() {
        let response = HAPResponse.json(status: 207, Array(#"{"characteristics":[]}"#.utf8))
        #expect(
            text(response.encoded())
                == "HTTP/1.1 207 Multi-Status\r\nContent-Type: application/hap+json\r\nContent-Length: 22\r\n\r\n"
                + #"{"characteristics":[]}"#)
    }

    @Test func connectionAuthorizationRequiredIsSpelledOut() {
        let response = HAPResponse.json(status: 470, HAPJSON.statusBody(.insufficientAuthorization))
        #expect(
            text(response.encoded())
                == "HTTP/1.1 470 Connection Authorization Required\r\nContent-Type: application/hap+json\r\n"
                + "Content-Length: 17\r\n\r\n{\"status\":-70411}")
    }

    @Test func anEmptyErrorBodyStillHasAContentLength() {
        #expect(text(HAPResponse(status: 404).encoded()) == "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
        #expect(text(HAPResponse(status: 599).encoded()) == "HTTP/1.1 599 Status\r\nContent-Length: 0\r\n\r\n")
        #expect(text(HAPResponse(status: 200, reason: "").encoded()).hasPrefix("HTTP/1.1 200 OK\r\n"))
    }

    @Test func aPairingReplyIsTLV8() {
        var tlv = TLV8()
        tlv.append(.state, byte: 2)
        tlv.append(.error, byte: HAPPairingError.unavailable.rawValue)
        #expect(
            HAPResponse.tlv8(tlv).encoded()
                == Array("HTTP/1.1 200 OK\r\nContent-Type: application/pairing+tlv8\r\nContent-Length: 6\r\n\r\n".utf8)
                + [0x06, 0x01, 0x02, 0x07, 0x01, 0x06])
    }

    @Test func anEventIsEventSlashOneZero() {
        let event = HAPEvent(changes: [
            HAPCharacteristicValue(id: HAPCharacteristicID(aid: 3, iid: 9), value: .float(22.5))
        ])
        let body = #"{"characteristics":[{"aid":3,"iid":9,"value":22.5}]}"#
        #expect(
            text(event.encoded())
                == "EVENT/1.0 200 OK\r\nContent-Type: application/hap+json\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
                + body)
    }
}
