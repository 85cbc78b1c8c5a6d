import MHubTestSupport
import MatterCrypto
import Testing

@testable import MatterCredentials

/// The compressed fabric ID and operational group keys against connectedhomeip's vectors (quoted in
/// matter-commissionee.md §8: `src/crypto/tests/CHIPCryptoPALTest.cpp TestCompressedFabricIdentifier`,
/// `src/crypto/tests/TestGroupOperationalCredentials.cpp`).
@Suite struct FabricKeysTests {
    static let rootPublicKey =
        "044a9f42b1ca4840d37292bbc7f6a7e11e22200c976fc900dbc98a7a383a641cb8254a2e56d4e295a847943b4e3897c4a773e930277b4d9fbede8a052686bfacfa"
    static let fabricID: UInt64 = 0x2906_C908_D115_D362
    static let compressedFabricID: UInt64 = 0x87E1_B004_E235_A130

    @Test func compressedFabricIDVector() throws {
        let root = try P256Point(uncompressed: bytes(fromHex: Self.rootPublicKey))
        #expect(FabricKeys.compressedFabricID(rootPublicKey: root, fabricID: Self.fabricID) == Self.compressedFabricID)
        #expect(
            FabricKeys.compressedFabricID(rootPublicKey: root, fabricID: Self.fabricID + 1) != Self.compressedFabricID)
    }

    @Test(arguments: [
        ("00000000000000000000000000000000", "c5f2690187115150c356ad93b385bb0f"),
        ("101112131415161718191a1b1c1d1e1f", "aed95695f375d2ce78556a41730c3f43"),
        ("202122232425262728292a2b2c2d2e2f", "35ca346e5e24bbbe889cf4d35c5e820a"),
    ])
    func operationalGroupKeyVectors(epochKey: String, operationalKey: String) throws {
        let key = try FabricKeys.operationalGroupKey(
            epochKey: bytes(fromHex: epochKey), compressedFabricID: Self.compressedFabricID)
        #expect(hexString(key) == operationalKey)
    }

    @Test func epochKeysMustBe16Bytes() {
        #expect(throws: CryptoError.invalidLength(what: "an epoch key", expected: "16", actual: 15)) {
            try FabricKeys.operationalGroupKey(epochKey: [UInt8](repeating: 0, count: 15), compressedFabricID: 1)
        }
    }
}
