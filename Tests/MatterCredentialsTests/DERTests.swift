import MHubTestSupport
import MatterCrypto
import Testing

@testable import MatterCredentials

/// The DER reader and writer: X.690's length, INTEGER, BIT STRING, OID and time rules, and totality.
@Suite struct DERTests {
    @Test func lengthsTakeTheirShortestForm() throws {
        #expect(DER.octetString([UInt8](repeating: 0, count: 127)).prefix(2) == [0x04, 0x7F])
        #expect(DER.octetString([UInt8](repeating: 0, count: 128)).prefix(3) == [0x04, 0x81, 0x80])
        #expect(DER.octetString([UInt8](repeating: 0, count: 256)).prefix(4) == [0x04, 0x82, 0x01, 0x00])
        for count in [0, 1, 127, 128, 255, 256, 1000] {
            let element = try DERReader.single(DER.octetString([UInt8](repeating: 7, count: count)))
            #expect(element.content.count == count)
        }
        // Long form for a short length, a leading zero length byte, the indefinite form: all refused.
        for bad: [UInt8] in [
            [0x04, 0x81, 0x05, 1, 2, 3, 4, 5], [0x04, 0x82, 0x00, 0x80] + [UInt8](repeating: 0, count: 128),
            [0x30, 0x80, 0x00, 0x00],
        ] {
            #expect(throws: DERDecodingError.self) { try DERReader.single(bad) }
        }
        #expect(throws: DERDecodingError.unsupportedTag(offset: 0)) { try DERReader.single([0x1F, 0x01, 0x00]) }
    }

    @Test func integers() throws {
        #expect(DER.integer(0) == [0x02, 0x01, 0x00])
        #expect(DER.integer(127) == [0x02, 0x01, 0x7F])
        #expect(DER.integer(128) == [0x02, 0x02, 0x00, 0x80])
        #expect(DER.integer(unsigned: [0, 0, 0xFF]) == [0x02, 0x02, 0x00, 0xFF])
        #expect(try DERReader.single(DER.integer(0x1234_5678)).smallInteger() == 0x1234_5678)
        for bad: [UInt8] in [[0x02, 0x00], [0x02, 0x02, 0x00, 0x01], [0x02, 0x02, 0xFF, 0x80]] {
            #expect(throws: DERDecodingError.self) { try DERReader.single(bad).integerContent() }
        }
        #expect(throws: DERDecodingError.self) { try DERReader.single([0x02, 0x01, 0x80]).smallInteger() }
    }

    @Test func namedBitsMatchOpenSSLsKeyUsage() throws {
        // digitalSignature → 03 02 07 80; keyCertSign + cRLSign → 03 02 01 06 (as in the SDK's certificates).
        #expect(DER.namedBits(UInt32(KeyUsage.digitalSignature.rawValue)) == [0x03, 0x02, 0x07, 0x80])
        #expect(DER.namedBits(UInt32(KeyUsage([.keyCertSign, .cRLSign]).rawValue)) == [0x03, 0x02, 0x01, 0x06])
        #expect(DER.namedBits(UInt32(KeyUsage.decipherOnly.rawValue)) == [0x03, 0x03, 0x07, 0x00, 0x80])
        #expect(DER.namedBits(0) == [0x03, 0x01, 0x00])
        for value: UInt32 in [0, 1, 0x60, 0x81, 0x100, 0x1FF, 0xFFFF, 0x1234_5678] {
            #expect(try DERReader.single(DER.namedBits(value)).namedBits() == value)
        }
        // Unused bits that are not zero are not DER.
        #expect(throws: DERDecodingError.self) { try DERReader.single([0x03, 0x02, 0x07, 0x81]).namedBits() }
    }

    @Test func objectIdentifiers() throws {
        #expect(OID.ecdsaWithSHA256.encoded == [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x02])
        #expect(OID.ecdsaWithSHA256.description == "1.2.840.10045.4.3.2")
        #expect(OID.matterVendorID.encoded == [0x2B, 0x06, 0x01, 0x04, 0x01, 0x82, 0xA2, 0x7C, 0x02, 0x01])
        #expect(TextAttributeType.domainComponent.oid.description == "0.9.2342.19200300.100.1.25")
        #expect(OID(2, 999, 3).description == "2.999.3")
        #expect(OID(encoded: []) == nil)
        #expect(OID(encoded: [0x2A, 0x86]) == nil)
        #expect(OID(encoded: [0x2A, 0x80, 0x01]) == nil)
    }

    @Test func timesPickUTCTimeOrGeneralizedTimeByYear() throws {
        let last = UTCDateTime(year: 2049, month: 12, day: 31, hour: 23, minute: 59, second: 59)!
        #expect(DER.time(last) == [0x17, 0x0D] + Array("491231235959Z".utf8))
        let first = UTCDateTime(year: 2050, month: 1, day: 1, hour: 0, minute: 0, second: 0)!
        #expect(DER.time(first) == [0x18, 0x0F] + Array("20500101000000Z".utf8))
        #expect(DER.time(UTCDateTime(year: 1950, month: 1, day: 1, hour: 0, minute: 0, second: 0)!).first == 0x17)
        for time in [last, first, .noWellDefinedExpiration] {
            #expect(try DERReader.single(DER.time(time)).time() == time)
        }
        for bad in ["491231235959", "4912312359Z", "491331235959Z", "490230000000Z", "49123123595aZ"] {
            #expect(throws: DERDecodingError.self) {
                try DERReader.single(DER.element(DERTag.utcTime, Array(bad.utf8))).time()
            }
        }
    }

    @Test func strings() throws {
        #expect(try DERReader.single(DER.string(DERTag.printableString, "Acme (1)")).directoryString().0 == "Acme (1)")
        #expect(throws: DERDecodingError.self) {
            try DERReader.single(DER.string(DERTag.printableString, "a@b")).directoryString()
        }
        #expect(throws: DERDecodingError.self) { try DERReader.single([0x0C, 0x01, 0xFF]).directoryString() }
        #expect(throws: DERDecodingError.self) { try DERReader.single([0x16, 0x01, 0x80]).directoryString() }
    }

    @Test func readersAreTotalOverRandomBytes() throws {
        var random = SeededGenerator(seed: 77)
        let identity = try AttestationIdentity.make(
            vendorID: 0xFFF1, productID: 0x8000, now: UTCDateTime(secondsSinceUnixEpoch: 1_750_000_000), using: &random)
        let samples = [
            identity.paa, identity.dac, try CertificateSigningRequest(key: P256KeyPair.random(using: &random)).der,
        ]
        for sample in samples {
            for length in 0..<sample.count {
                #expect(throws: DERDecodingError.self) { try X509Certificate(der: Array(sample.prefix(length))) }
            }
        }
        for round in 0..<3000 {
            var input = samples[round % samples.count]
            for _ in 0..<(1 + round % 3) {
                input[Int.random(in: 0..<input.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            if round % 5 == 0 { input = random.bytes(Int.random(in: 0...600, using: &random)) }
            _ = try? X509Certificate(der: input)
            _ = try? CertificateSigningRequest(der: input)
            for kind in AttestationCertificateKind.allCases {
                _ = try? AttestationCertificateFormat(der: input, kind: kind)
            }
        }
    }
}
