import MHubTestSupport
import MatterTLV
import Testing

@testable import MatterSecureChannel

/// The CASE message codecs: round trips, every way a Sigma1 can be malformed, size limits, and totality on
/// truncated and random input.
@Suite struct SigmaMessageTests {
    static let random = [UInt8](repeating: 0x11, count: 32)
    static let destination = [UInt8](repeating: 0x22, count: 32)
    static let key = [0x04] + [UInt8](repeating: 0x33, count: 64)
    static let resumptionID = [UInt8](repeating: 0x44, count: 16)
    static let mic = [UInt8](repeating: 0x55, count: 16)

    static func field(_ tag: UInt8, _ value: TLVValue) -> TLVElement {
        TLVElement(tag: .context(tag), value)
    }

    /// A Sigma1's members, to be changed by one test case each.
    static let sigma1Members = [
        field(1, .bytes(random)), field(2, .unsigned(0x1234)), field(3, .bytes(destination)), field(4, .bytes(key)),
    ]

    static func encode(_ members: [TLVElement]) -> [UInt8] {
        TLVEncoder.encode(TLVElement(.structure(members)))
    }

    @Test func sigma1RoundTrips() throws {
        let plain = Sigma1(
            initiatorRandom: Self.random, initiatorSessionID: 0x1234, destinationID: Self.destination,
            initiatorEphemeralPublicKey: Self.key)
        #expect(plain.encoded() == Self.encode(Self.sigma1Members))
        #expect(try Sigma1(payload: plain.encoded()) == plain)
        var full = plain
        full.initiatorSessionParameters = SessionParameters(idleInterval: 500, activeInterval: 300)
        full.resumption = Sigma1.Resumption(resumptionID: Self.resumptionID, initiatorResumeMIC: Self.mic)
        #expect(try Sigma1(payload: full.encoded()) == full)
        // An unknown member after the known ones is ignored, as CHIP's ParseSigma1 stops at it.
        let extended = Self.encode(Self.sigma1Members + [Self.field(9, .bool(true))])
        #expect(try Sigma1(payload: extended) == plain)
    }

    /// One way a Sigma1 can be wrong: its members and the error they must give.
    struct Malformed: CustomTestStringConvertible, Sendable {
        let problem: String
        let members: [TLVElement]
        let expected: CASEMessageError
        var testDescription: String { problem }

        init(_ problem: String, _ members: [TLVElement], _ expected: CASEMessageError) {
            self.problem = problem
            self.members = members
            self.expected = expected
        }
    }

    @Test(arguments: [
        Malformed("no initiatorRandom", Array(sigma1Members.dropFirst()), .missingField("initiatorRandom")),
        Malformed(
            "short initiatorRandom", [field(1, .bytes(Array(random.dropLast())))] + sigma1Members.dropFirst(),
            .wrongLength(field: "initiatorRandom", expected: "32", actual: 31)
        ),
        Malformed(
            "session ID too large", [sigma1Members[0], field(2, .unsigned(0x1_0000))] + sigma1Members.dropFirst(2),
            .valueOutOfRange(field: "initiatorSessionId", value: 0x1_0000)
        ),
        Malformed(
            "session ID as bytes", [sigma1Members[0], field(2, .bytes([1, 2]))] + sigma1Members.dropFirst(2),
            .wrongType("initiatorSessionId")
        ),
        Malformed(
            "no destinationId", [sigma1Members[0], sigma1Members[1], sigma1Members[3]], .missingField("destinationId")),
        Malformed(
            "long destinationId",
            Array(sigma1Members.prefix(2)) + [field(3, .bytes(destination + [0])), sigma1Members[3]],
            .wrongLength(field: "destinationId", expected: "32", actual: 33)
        ),
        Malformed(
            "short key", Array(sigma1Members.prefix(3)) + [field(4, .bytes(Array(key.prefix(64))))],
            .wrongLength(field: "initiatorEphPubKey", expected: "65", actual: 64)
        ),
        Malformed("no key", Array(sigma1Members.prefix(3)), .missingField("initiatorEphPubKey")),
        Malformed(
            "tags out of order", [sigma1Members[1], sigma1Members[0]] + sigma1Members.dropFirst(2),
            .misplacedMember(.context(1))
        ),
        Malformed("tag twice", sigma1Members + [sigma1Members[3]], .misplacedMember(.context(4))),
        Malformed(
            "anonymous member", sigma1Members + [TLVElement(.unsigned(1))], .misplacedMember(.anonymous)
        ),
        Malformed(
            "profile tag", sigma1Members + [TLVElement(tag: .commonProfile(5), .unsigned(1))],
            .misplacedMember(.commonProfile(5))
        ),
        Malformed(
            "resumption ID without MIC", sigma1Members + [field(6, .bytes(resumptionID))], .unpairedResumptionFields),
        Malformed("MIC without resumption ID", sigma1Members + [field(7, .bytes(mic))], .unpairedResumptionFields),
        Malformed(
            "short resumption ID",
            sigma1Members + [field(6, .bytes(Array(resumptionID.prefix(15)))), field(7, .bytes(mic))],
            .wrongLength(field: "resumptionID", expected: "16", actual: 15)
        ),
        Malformed(
            "long MIC", sigma1Members + [field(6, .bytes(resumptionID)), field(7, .bytes(mic + [0]))],
            .wrongLength(field: "initiatorResumeMIC", expected: "16", actual: 17)
        ),
        Malformed(
            "session parameters not a structure", sigma1Members + [field(5, .unsigned(1))],
            .malformedSessionParameters(.wrongType("session parameters"))
        ),
        Malformed(
            "session parameter out of range", sigma1Members + [field(5, .structure([field(3, .unsigned(0x1_0000))]))],
            .malformedSessionParameters(.valueOutOfRange(field: "SESSION_ACTIVE_THRESHOLD", value: 0x1_0000))
        ),
    ])
    func malformedSigma1(_ malformed: Malformed) {
        #expect(throws: malformed.expected) { try Sigma1(payload: Self.encode(malformed.members)) }
    }

    @Test func sigma1ThatIsNotAStructure() {
        #expect(throws: CASEMessageError.notAnonymousStructure) {
            try Sigma1(payload: TLVEncoder.encode(TLVElement(.array(Self.sigma1Members))))
        }
        #expect(throws: CASEMessageError.notAnonymousStructure) {
            try Sigma1(payload: TLVEncoder.encode(TLVElement(tag: .context(1), .structure(Self.sigma1Members))))
        }
        #expect(throws: CASEMessageError.notTLV(.truncated(offset: 0))) { try Sigma1(payload: [0x15]) }
        #expect(throws: CASEMessageError.tooLong(length: 1201, maximum: 1200)) {
            try Sigma1(payload: [UInt8](repeating: 0, count: 1201))
        }
    }

    @Test func sigma2AndItsEncryptedPartRoundTrip() throws {
        let sigma2 = Sigma2(
            responderRandom: Self.random, responderSessionID: 7, responderEphemeralPublicKey: Self.key,
            encrypted2: [UInt8](repeating: 9, count: 200),
            responderSessionParameters: SessionParameters(idleInterval: 1))
        #expect(try Sigma2(payload: sigma2.encoded()) == sigma2)
        let tbe2 = SigmaTBEData2(
            responderNOC: [1, 2, 3], responderICAC: [4, 5], signature: [UInt8](repeating: 6, count: 64),
            resumptionID: Self.resumptionID)
        #expect(try SigmaTBEData2(payload: tbe2.encoded()) == tbe2)
        var noICAC = tbe2
        noICAC.responderICAC = nil
        #expect(try SigmaTBEData2(payload: noICAC.encoded()) == noICAC)
        var noResumption = Self.encode([Self.field(1, .bytes([1])), Self.field(3, .bytes(tbe2.signature))])
        #expect(throws: CASEMessageError.missingField("resumptionID")) { try SigmaTBEData2(payload: noResumption) }
        noResumption = Self.encode([
            Self.field(1, .bytes([1])), Self.field(3, .bytes(Array(tbe2.signature.prefix(63)))),
        ])
        #expect(throws: CASEMessageError.wrongLength(field: "signature", expected: "64", actual: 63)) {
            try SigmaTBEData2(payload: noResumption)
        }
        // An encrypted2 of nothing but a tag cannot hold a TBEData2.
        var tagOnly = sigma2
        tagOnly.encrypted2 = [UInt8](repeating: 0, count: 16)
        #expect(throws: CASEMessageError.wrongLength(field: "encrypted2", expected: "17 to 912", actual: 16)) {
            try Sigma2(payload: tagOnly.encoded())
        }
    }

    @Test func sigma3AndItsEncryptedPartRoundTrip() throws {
        let sigma3 = Sigma3(encrypted3: [UInt8](repeating: 3, count: 300))
        #expect(try Sigma3(payload: sigma3.encoded()) == sigma3)
        let tbe3 = SigmaTBEData3(initiatorNOC: [1], initiatorICAC: nil, signature: [UInt8](repeating: 6, count: 64))
        #expect(try SigmaTBEData3(payload: tbe3.encoded()) == tbe3)
        let longNOC = [UInt8](repeating: 1, count: SigmaLimits.maximumCertificateByteCount + 1)
        #expect(throws: CASEMessageError.wrongLength(field: "initiatorNOC", expected: "1 to 400", actual: 401)) {
            try SigmaTBEData3(
                payload: Self.encode([Self.field(1, .bytes(longNOC)), Self.field(3, .bytes(tbe3.signature))]))
        }
        #expect(throws: CASEMessageError.missingField("initiatorNOC")) {
            try SigmaTBEData3(payload: Self.encode([Self.field(3, .bytes(tbe3.signature))]))
        }
        #expect(throws: CASEMessageError.missingField("encrypted3")) { try Sigma3(payload: Self.encode([])) }
    }

    @Test func sigma2ResumeRoundTrips() throws {
        let resume = Sigma2Resume(
            resumptionID: Self.resumptionID, sigma2ResumeMIC: Self.mic, responderSessionID: 0xBEEF,
            responderSessionParameters: SessionParameters(activeInterval: 300))
        #expect(try Sigma2Resume(payload: resume.encoded()) == resume)
        #expect(throws: CASEMessageError.missingField("responderSessionId")) {
            try Sigma2Resume(
                payload: Self.encode([Self.field(1, .bytes(Self.resumptionID)), Self.field(2, .bytes(Self.mic))]))
        }
    }

    @Test func largestMessagesFitTheLimits() throws {
        let certificate = [UInt8](repeating: 0xCE, count: SigmaLimits.maximumCertificateByteCount)
        let tbe2 = SigmaTBEData2(
            responderNOC: certificate, responderICAC: certificate, signature: [UInt8](repeating: 6, count: 64),
            resumptionID: Self.resumptionID)
        #expect(tbe2.encoded().count == SigmaTBEData2.maximumByteCount)
        let tbe3 = SigmaTBEData3(initiatorNOC: certificate, initiatorICAC: certificate, signature: tbe2.signature)
        #expect(tbe3.encoded().count == SigmaTBEData3.maximumByteCount)
        let sigma2 = Sigma2(
            responderRandom: Self.random, responderSessionID: 0xFFFF, responderEphemeralPublicKey: Self.key,
            encrypted2: [UInt8](repeating: 9, count: Sigma2.maximumEncryptedByteCount),
            responderSessionParameters: SessionParameters(
                idleInterval: .max, activeInterval: .max, activeThreshold: .max, dataModelRevision: .max,
                interactionModelRevision: .max, specificationVersion: .max, maxPathsPerInvoke: .max,
                supportedTransports: .max, maxTCPMessageSize: .max))
        #expect(sigma2.encoded().count <= SigmaLimits.maximumPayloadByteCount)
        #expect(try Sigma2(payload: sigma2.encoded()) == sigma2)
    }

    /// Every prefix of every message, and random bytes, decode to a value or an error: never a trap.
    @Test func truncationsAndRandomBytesNeverTrap() {
        let certificate = [UInt8](repeating: 0xCE, count: 120)
        let samples: [[UInt8]] = [
            Sigma1(
                initiatorRandom: Self.random, initiatorSessionID: 1, destinationID: Self.destination,
                initiatorEphemeralPublicKey: Self.key, initiatorSessionParameters: SessionParameters(idleInterval: 1),
                resumption: Sigma1.Resumption(resumptionID: Self.resumptionID, initiatorResumeMIC: Self.mic)
            ).encoded(),
            Sigma2(
                responderRandom: Self.random, responderSessionID: 2, responderEphemeralPublicKey: Self.key,
                encrypted2: [UInt8](repeating: 9, count: 40)
            ).encoded(),
            Sigma3(encrypted3: [UInt8](repeating: 3, count: 40)).encoded(),
            Sigma2Resume(resumptionID: Self.resumptionID, sigma2ResumeMIC: Self.mic, responderSessionID: 3).encoded(),
            SigmaTBEData2(
                responderNOC: certificate, responderICAC: certificate, signature: [UInt8](repeating: 6, count: 64),
                resumptionID: Self.resumptionID
            ).encoded(),
            SigmaTBEData3(initiatorNOC: certificate, initiatorICAC: nil, signature: [UInt8](repeating: 6, count: 64))
                .encoded(),
        ]
        func decodeAll(_ bytes: [UInt8]) -> Int {
            [
                (try? Sigma1(payload: bytes)) != nil, (try? Sigma2(payload: bytes)) != nil,
                (try? Sigma3(payload: bytes)) != nil, (try? Sigma2Resume(payload: bytes)) != nil,
                (try? SigmaTBEData2(payload: bytes)) != nil, (try? SigmaTBEData3(payload: bytes)) != nil,
            ].filter { $0 }.count
        }
        for sample in samples {
            #expect(decodeAll(sample) >= 1)
            for length in 0..<sample.count {
                #expect(decodeAll(Array(sample.prefix(length))) == 0, "prefix of \(length) bytes decoded")
            }
        }
        var generator = SeededGenerator(seed: 0xCA5E)
        for _ in 0..<2000 {
            var bytes = samples.randomElement(using: &generator)!
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                bytes[Int.random(in: bytes.indices, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            _ = decodeAll(bytes)
            _ = decodeAll(generator.bytes(Int.random(in: 0...300, using: &generator)))
        }
    }
}
