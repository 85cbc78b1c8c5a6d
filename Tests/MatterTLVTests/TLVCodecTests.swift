import Testing

@testable import MatterTLV

@Suite struct TLVCodecTests {
    func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    func bytes(_ hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count, by: 2).map {
            UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)!
        }
    }

    /// Encodings from the Matter Core Specification's TLV examples (Appendix A.12) as CHIP's tests use
    /// them (`src/lib/core/tests/TestTLV.cpp`).
    @Test(arguments: [
        (TLVElement(.bool(false)), "08"),
        (TLVElement(.bool(true)), "09"),
        (TLVElement(.signed(42)), "002a"),
        (TLVElement(.signed(-17)), "00ef"),
        (TLVElement(.unsigned(42)), "042a"),
        (TLVElement(.signed(-170000)), "02f067fdff"),
        (TLVElement(.signed(40_000_000_000)), "0300902f5009000000"),
        (TLVElement(.utf8("Hello!")), "0c0648656c6c6f21"),
        (TLVElement(.utf8("Tschüs")), "0c0754736368c3bc73"),
        (TLVElement(.bytes([0, 1, 2, 3, 4])), "10050001020304"),
        (TLVElement(.null), "14"),
        (TLVElement(.float(0)), "0a00000000"),
        (TLVElement(.float(1.0 / 3.0)), "0aabaaaa3e"),
        (TLVElement(.float(17.9)), "0a33338f41"),
        (TLVElement(.double(17.9)), "0b6666666666e63140"),
        (TLVElement(.structure([])), "1518"),
        (TLVElement(.array([])), "1618"),
        (TLVElement(.list([])), "1718"),
        (
            TLVElement(.array([TLVElement(.signed(0)), TLVElement(.signed(1)), TLVElement(.signed(2))])),
            "16000000010002" + "18"
        ),
        (TLVElement(tag: .context(1), .signed(42)), "20012a"),
        (TLVElement(tag: .commonProfile(1), .signed(42)), "4001002a"),
        (TLVElement(tag: .commonProfile(100_000), .signed(42)), "60a08601002a"),
        (TLVElement(tag: .implicitProfile(1), .signed(42)), "8001002a"),
        (TLVElement(tag: .implicitProfile(100_000), .signed(42)), "a0a08601002a"),
        (TLVElement(tag: .fullyQualified(vendorID: 0xFFF1, profile: 0xDEED, tag: 1), .signed(42)), "c0f1ffedde01002a"),
        (
            TLVElement(tag: .fullyQualified(vendorID: 0xFFF1, profile: 0xDEED, tag: 0xAA55_FEED), .signed(42)),
            "e0f1ffeddeedfe55aa2a"
        ),
        (
            TLVElement(
                .structure([TLVElement(tag: .context(0), .signed(42)), TLVElement(tag: .context(1), .signed(-17))])),
            "1520002a2001ef18"
        ),
    ])
    func knownEncodings(element: TLVElement, expected: String) throws {
        #expect(hex(TLVEncoder.encode(element)) == expected)
        #expect(try TLVDecoder().decodeElement(bytes(expected)) == element)
    }

    @Test func nonMinimalEncodingsDecode() throws {
        // An 8-byte unsigned 42, a 2-byte-length string: legal, if not canonical.
        #expect(try TLVDecoder().decodeElement(bytes("072a00000000000000")) == TLVElement(.unsigned(42)))
        #expect(try TLVDecoder().decodeElement(bytes("0d02006162")) == TLVElement(.utf8("ab")))
        #expect(try TLVDecoder().decodeElement(bytes("01feff")) == TLVElement(.signed(-2)))
    }

    @Test func integerBoundsRoundTrip() throws {
        for value in [Int64.min, Int64(Int32.min) - 1, Int64(Int16.min), -129, -128, -1, 0, 127, 128, 32768, Int64.max]
        {
            let element = TLVElement(tag: .context(7), .signed(value))
            #expect(try TLVDecoder().decodeElement(TLVEncoder.encode(element)) == element)
        }
        for value in [0, 255, 256, 65535, 65536, UInt64(UInt32.max), UInt64(UInt32.max) + 1, UInt64.max] {
            let element = TLVElement(.unsigned(value))
            #expect(try TLVDecoder().decodeElement(TLVEncoder.encode(element)) == element)
        }
    }

    @Test func malformedInputFailsWithTheReason() {
        let decoder = TLVDecoder()
        #expect(throws: TLVDecodingError.truncated(offset: 0)) { try decoder.decodeElement(bytes("03aabb")) }
        #expect(throws: TLVDecodingError.truncated(offset: 0)) { try decoder.decodeElement(bytes("15")) }
        #expect(throws: TLVDecodingError.truncated(offset: 0)) { try decoder.decodeElement(bytes("20")) }
        #expect(throws: TLVDecodingError.lengthTooLarge(offset: 1)) { try decoder.decodeElement(bytes("0c0561")) }
        #expect(throws: TLVDecodingError.lengthTooLarge(offset: 1)) {
            try decoder.decodeElement(bytes("13ffffffffffffffff"))
        }
        #expect(throws: TLVDecodingError.reservedElementType(0x19, offset: 0)) {
            try decoder.decodeElement(bytes("19"))
        }
        #expect(throws: TLVDecodingError.unexpectedEndOfContainer(offset: 0)) { try decoder.decodeElement(bytes("18")) }
        #expect(throws: TLVDecodingError.invalidUTF8(offset: 0)) { try decoder.decodeElement(bytes("0c02c328")) }
        #expect(throws: TLVDecodingError.trailingBytes(offset: 1)) { try decoder.decodeElement(bytes("0801ff")) }
        #expect(throws: TLVDecodingError.nestingTooDeep(limit: 32)) {
            try decoder.decodeElement([UInt8](repeating: 0x16, count: 40) + [UInt8](repeating: 0x18, count: 40))
        }
    }

    @Test func randomBytesNeverCrashTheDecoder() {
        var state: UInt64 = 0x1234_5678
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let seeds: [[UInt8]] = [
            bytes("1520002a2001ef18"), bytes("152c810656656e646f722c000a31323334353637383930" + "18"),
        ]
        for round in 0..<20_000 {
            var input: [UInt8]
            if round % 2 == 0 {
                input = (0..<Int(next() % 24)).map { _ in UInt8(truncatingIfNeeded: next()) }
            } else {
                input = seeds[round % seeds.count]
                let position = Int(next()) % input.count
                input[position] = UInt8(truncatingIfNeeded: next())
                if next() % 3 == 0 {
                    input.removeLast(Int(next()) % input.count)
                }
            }
            if let elements = try? TLVDecoder().decodeElements(input) {
                // Whatever decodes encodes to something that decodes to the same elements.
                #expect((try? TLVDecoder().decodeElements(TLVEncoder.encode(elements))) == elements)
            }
        }
    }

    @Test func membersAreFoundByTag() {
        let structure = TLVElement(.structure([TLVElement(tag: .context(3), .utf8("x"))]))
        #expect(structure.member(.context(3))?.value == .utf8("x"))
        #expect(structure.member(.context(4)) == nil)
        #expect(TLVValue.signed(-1).unsignedValue == nil)
        #expect(TLVValue.signed(5).unsignedValue == 5)
    }
}
