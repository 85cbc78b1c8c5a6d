import MHubTestSupport
import MatterCrypto
import MatterTLV
import Testing

@testable import MatterSecureChannel

/// The PASE TLV structures (Matter reference C.1) against the messages captured from CHIP
/// (`Fixtures/spake2p-vectors.txt` section 3).
@Suite struct PASEMessageTests {
    let captured: VectorFile.Block

    init() throws {
        captured = try VectorFile.load("spake2p-vectors", in: .module).block("section 3")
    }

    @Test func capturedRequestDecodesAndReencodes() throws {
        let bytes = try captured.hex("PBKDFParamRequest")
        let request = try PBKDFParamRequest(payload: bytes)
        #expect(hexString(request.initiatorRandom).hasPrefix("b2901e92"))
        #expect(request.initiatorSessionID == 0x8D49)
        #expect(request.passcodeID == 0)
        #expect(!request.hasPBKDFParameters)
        #expect(request.initiatorSessionParameters == SessionParameters(idleInterval: 5000, activeInterval: 300))
        #expect(request.encoded() == bytes)
    }

    @Test func capturedResponseDecodesAndReencodes() throws {
        let bytes = try captured.hex("PBKDFParamResponse")
        let response = try PBKDFParamResponse(payload: bytes)
        #expect(hexString(response.responderRandom).hasPrefix("08070f68"))
        #expect(response.responderSessionID == 0x8D9C)
        #expect(response.pbkdfParameters?.iterations == 1000)
        #expect(response.pbkdfParameters?.salt.count == 32)
        #expect(response.responderSessionParameters?.idleInterval == 5000)
        #expect(response.encoded() == bytes)
    }

    @Test func contextHash() throws {
        let context = PASESessionKeys.context(
            requestPayload: try captured.hex("PBKDFParamRequest"),
            responsePayload: try captured.hex("PBKDFParamResponse"))
        #expect(context == (try captured.hex("context hash")))
    }

    @Test func sessionKeysExample() throws {
        let vectors = try VectorFile.load("spake2p-vectors", in: .module)
        let keys = try PASESessionKeys(sharedSecret: vectors.block("chiptest_e4836c3b50dd_test_vector_64").hex("Ke"))
        let example = try vectors.block("section 4")
        #expect(keys.initiatorToResponder == (try example.hex("I2RKey")))
        #expect(keys.responderToInitiator == (try example.hex("R2IKey")))
        #expect(keys.attestationChallenge == (try example.hex("AttestationChallenge")))
    }

    @Test func requestFieldsAreChecked() throws {
        func payload(_ members: [TLVElement]) -> [UInt8] {
            TLVEncoder.encode(TLVElement(.structure(members)))
        }
        let random = TLVElement(tag: .context(1), .bytes([UInt8](repeating: 1, count: 32)))
        let session = TLVElement(tag: .context(2), .unsigned(7))
        let passcode = TLVElement(tag: .context(3), .unsigned(0))
        let has = TLVElement(tag: .context(4), .bool(false))
        #expect(try PBKDFParamRequest(payload: payload([random, session, passcode, has])).initiatorSessionID == 7)
        #expect(throws: PASEMessageError.unsupportedPasscodeID(1)) {
            try PBKDFParamRequest(payload: payload([random, session, TLVElement(tag: .context(3), .unsigned(1)), has]))
        }
        #expect(throws: PASEMessageError.wrongLength(field: "initiatorRandom", expected: "32", actual: 31)) {
            try PBKDFParamRequest(
                payload: payload([
                    TLVElement(tag: .context(1), .bytes([UInt8](repeating: 1, count: 31))), session, passcode, has,
                ]))
        }
        #expect(throws: PASEMessageError.missingField("hasPBKDFParameters")) {
            try PBKDFParamRequest(payload: payload([random, session, passcode]))
        }
        #expect(throws: PASEMessageError.valueOutOfRange(field: "initiatorSessionId", value: 70_000)) {
            try PBKDFParamRequest(
                payload: payload([random, TLVElement(tag: .context(2), .unsigned(70_000)), passcode, has]))
        }
        #expect(throws: PASEMessageError.wrongType("initiatorSessionId")) {
            try PBKDFParamRequest(payload: payload([random, TLVElement(tag: .context(2), .utf8("7")), passcode, has]))
        }
        #expect(throws: PASEMessageError.notAnonymousStructure) {
            try PBKDFParamRequest(payload: TLVEncoder.encode(TLVElement(.array([]))))
        }
        #expect(throws: PASEMessageError.self) { try PBKDFParamRequest(payload: [0x15]) }
        #expect(throws: PASEMessageError.self) { try PBKDFParamRequest(payload: []) }
    }

    @Test func pakeMessagesRoundTripAndCheckLengths() throws {
        let point = P256Point.generator.uncompressed
        let mac = [UInt8](repeating: 0xAB, count: 32)
        #expect(try Pake1(payload: Pake1(pA: point).encoded()).pA == point)
        #expect(try Pake2(payload: Pake2(pB: point, cB: mac).encoded()) == Pake2(pB: point, cB: mac))
        #expect(try Pake3(payload: Pake3(cA: mac).encoded()).cA == mac)
        #expect(throws: PASEMessageError.wrongLength(field: "cA", expected: "32", actual: 31)) {
            try Pake3(payload: Pake3(cA: Array(mac.dropLast())).encoded())
        }
        #expect(throws: PASEMessageError.wrongLength(field: "pA", expected: "65", actual: 33)) {
            try Pake1(payload: Pake1(pA: Array(point.prefix(33))).encoded())
        }
        #expect(throws: PASEMessageError.missingField("cB")) { try Pake2(payload: Pake1(pA: point).encoded()) }
    }
}
