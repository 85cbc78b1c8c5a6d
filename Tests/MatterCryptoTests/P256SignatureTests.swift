import MHubTestSupport
import Testing

@testable import MatterCrypto

/// Raw r ‖ s and DER `ECDSA-Sig-Value` conversion, including the edges of leading zero bytes.
@Suite struct P256SignatureTests {
    static func raw(r: [UInt8], s: [UInt8]) throws -> P256Signature {
        try P256Signature(
            raw: [UInt8](repeating: 0, count: 32 - r.count) + r + [UInt8](repeating: 0, count: 32 - s.count) + s)
    }

    @Test func leadingZerosAreDroppedAndSignBytesAdded() throws {
        // r = 1 (31 leading zero bytes), s = 0x80… (needs a 0x00 sign byte).
        let signature = try Self.raw(r: [1], s: [0x80] + [UInt8](repeating: 0, count: 31))
        let der = signature.derEncoded
        #expect(der == [0x30, 0x26, 0x02, 0x01, 0x01, 0x02, 0x21, 0x00, 0x80] + [UInt8](repeating: 0, count: 31))
        #expect(try P256Signature(derEncoded: der) == signature)
        // Zero encodes as one zero byte.
        let zero = try Self.raw(r: [], s: [0x7F])
        #expect(zero.derEncoded == [0x30, 0x06, 0x02, 0x01, 0x00, 0x02, 0x01, 0x7F])
        #expect(try P256Signature(derEncoded: zero.derEncoded) == zero)
    }

    @Test func randomSignaturesRoundTrip() throws {
        var generator = SeededGenerator(seed: 12)
        for round in 0..<500 {
            var raw = generator.bytes(64)
            // Every few rounds, force leading zero bytes or a top bit on either integer.
            if round % 3 == 0 {
                raw[0] = 0
                raw[1] = 0
            }
            if round % 5 == 0 { raw[32] = 0 }
            if round % 7 == 0 { raw[32] |= 0x80 }
            let signature = try P256Signature(raw: raw)
            #expect(try P256Signature(derEncoded: signature.derEncoded) == signature)
            #expect(signature.derEncoded.count <= 72)
        }
    }

    @Test func wrongRawLengthsAreRefused() {
        for count in [0, 63, 65, 72] {
            #expect(
                throws: CryptoError.invalidLength(what: "a raw P-256 ECDSA signature", expected: "64", actual: count)
            ) {
                try P256Signature(raw: [UInt8](repeating: 1, count: count))
            }
        }
    }

    @Test(arguments: [
        "",  // empty
        "3000",  // no integers
        "3106020101020101",  // SET, not SEQUENCE
        "3007020101020101",  // length says 7, 6 follow
        "300602010102010100",  // a byte after the sequence
        "30060201010201",  // truncated
        "3006020181020101",  // r negative
        "300702020001020101",  // r not minimal (00 before a clear top bit)
        "3006020100020201",  // s's length runs past the end
        "3003020100",  // one integer only
        "3006040101020101",  // OCTET STRING, not INTEGER
        "308106020101020101",  // long-form length
        "30270222" + "01" + String(repeating: "00", count: 33) + "020101",  // 34-byte INTEGER
        "30260221" + "01" + String(repeating: "00", count: 32) + "020101",  // 33 significant bytes
    ])
    func malformedDERIsRefused(hex: String) {
        let der = bytes(fromHex: hex)
        #expect(throws: CryptoError.self) { try P256Signature(derEncoded: der) }
    }

    @Test func everyTruncationIsRefused() throws {
        var generator = SeededGenerator(seed: 3)
        let der = try P256Signature(raw: generator.bytes(64)).derEncoded
        for length in 0..<der.count {
            #expect(throws: CryptoError.self) { try P256Signature(derEncoded: Array(der.prefix(length))) }
        }
        for _ in 0..<2000 {
            // Random bytes never trap; the few that happen to be DER round-trip exactly.
            let input = generator.bytes(Int.random(in: 0...75, using: &generator))
            if let signature = try? P256Signature(derEncoded: input) {
                #expect(signature.derEncoded == input)
            }
        }
    }
}
