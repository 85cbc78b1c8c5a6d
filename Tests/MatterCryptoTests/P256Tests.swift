import MHubTestSupport
import Testing

@testable import MatterCrypto

/// Point and scalar arithmetic on P-256, and the validation of untrusted points.
@Suite struct P256Tests {
    /// G from SEC 2 (version 2) section 2.4.2, uncompressed.
    static let generatorHex =
        "046b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296"
        + "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5"
    /// n − 1, the largest scalar.
    static let orderMinusOne = "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632550"

    @Test func generatorEncoding() {
        #expect(hexString(P256Point.generator.uncompressed) == Self.generatorHex)
    }

    @Test func scalarArithmetic() throws {
        let one = try P256Scalar(bytes: [UInt8](repeating: 0, count: 31) + [1])
        let two = try P256Scalar(bytes: [UInt8](repeating: 0, count: 31) + [2])
        let g = P256Point.generator
        #expect(try P256Point.generatorMultiple(one) == g)
        #expect(try P256Point.generatorMultiple(two) == (try g.adding(g)))
        #expect(try g.multiplied(by: two) == (try g.adding(g)))
        // (n − 1)·G = −G.
        let minusOne = try P256Scalar(bytes: bytes(fromHex: Self.orderMinusOne))
        #expect(try P256Point.generatorMultiple(minusOne) == g.negated())
        #expect(throws: CryptoError.pointAtInfinity) { try g.adding(g.negated()) }
        #expect(throws: CryptoError.pointAtInfinity) { try g.subtracting(g) }
        #expect(throws: CryptoError.pointAtInfinity) {
            try P256Point.generatorMultiple(P256Scalar(bytes: [UInt8](repeating: 0, count: 32)))
        }
    }

    @Test func scalarReduction() throws {
        // n itself is not a scalar; reduced, it is 0. n + 1 reduces to 1.
        var order = bytes(fromHex: Self.orderMinusOne)
        order[31] += 1
        #expect(throws: CryptoError.invalidScalar) { try P256Scalar(bytes: order) }
        #expect(try P256Scalar(reducing: order).isZero)
        var orderPlusOne = order
        orderPlusOne[31] += 1
        #expect(try P256Scalar(reducing: orderPlusOne).bytes == [UInt8](repeating: 0, count: 31) + [1])
        #expect(throws: CryptoError.self) { try P256Scalar(bytes: [1, 2, 3]) }
    }

    @Test func randomScalarsAreValidAndDistinct() {
        var random = SecureRandomNumberGenerator()
        let a = P256Scalar.random(using: &random)
        let b = P256Scalar.random(using: &random)
        #expect(a != b)
        #expect(!a.isZero)
    }

    @Test func decodingRejectsInvalidPoints() {
        let good = bytes(fromHex: Self.generatorHex)
        #expect((try? P256Point(uncompressed: good)) != nil)
        // Off the curve: change the last byte of Y.
        var offCurve = good
        offCurve[64] ^= 0x01
        #expect(throws: CryptoError.invalidPoint) { try P256Point(uncompressed: offCurve) }
        // Compressed form, wrong prefix, wrong lengths, the encoding of infinity.
        #expect(throws: CryptoError.invalidPoint) { try P256Point(uncompressed: [0x02] + good[1...32]) }
        var wrongPrefix = good
        wrongPrefix[0] = 0x05
        #expect(throws: CryptoError.invalidPoint) { try P256Point(uncompressed: wrongPrefix) }
        #expect(throws: CryptoError.invalidPoint) { try P256Point(uncompressed: Array(good.dropLast())) }
        #expect(throws: CryptoError.invalidPoint) { try P256Point(uncompressed: good + [0]) }
        #expect(throws: CryptoError.invalidPoint) { try P256Point(uncompressed: [0x00]) }
        #expect(throws: CryptoError.invalidPoint) { try P256Point(uncompressed: []) }
        // X = 0, Y = 0 is not on the curve.
        #expect(throws: CryptoError.invalidPoint) {
            try P256Point(uncompressed: [0x04] + [UInt8](repeating: 0, count: 64))
        }
    }

    @Test func spake2pConstantsMatchCompressedForms() {
        // Matter reference C.3: M and N compressed start with 02 / 03 and the same X.
        #expect(
            hexString(Array(Spake2p.m.uncompressed[1...32]))
                == "886e2f97ace46e55ba9dd7242579f2993b64e16ef3dcab95afd497333d8fa12f")
        #expect(Spake2p.m.uncompressed[64] & 1 == 0)
        #expect(
            hexString(Array(Spake2p.n.uncompressed[1...32]))
                == "d8bbd6c639c62937b04d997f38c3770719c629d7014d49a24b4f98baa1292b49")
        #expect(Spake2p.n.uncompressed[64] & 1 == 1)
    }
}
