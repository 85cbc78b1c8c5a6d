import MatterCrypto

/// The identifiers and keys derived from a fabric's root key, fabric ID and epoch keys (Matter Core §4.3.2.2
/// "Compressed Fabric Identifier" and §4.16.2 "Operational Group Key Derivation").
public enum FabricKeys {
    /// The compressed fabric ID: HKDF-SHA256(IKM = the root public key without its 0x04 byte, salt = the
    /// fabric ID as 8 big-endian bytes, info = "CompressedFabric", L = 8), read big-endian (CHIP
    /// `CHIPCryptoPAL.cpp GenerateCompressedFabricId`). Operational DNS-SD names and the IPK derive from it.
    public static func compressedFabricID(rootPublicKey: P256Point, fabricID: UInt64) -> UInt64 {
        let salt = (0..<8).reversed().map { UInt8(truncatingIfNeeded: fabricID >> (8 * $0)) }
        // 8 bytes is far below HKDF's limit, so the derivation cannot fail.
        let bytes =
            (try? HKDFSHA256.deriveKey(
                inputKeyMaterial: Array(rootPublicKey.uncompressed.dropFirst()), salt: salt,
                info: Array("CompressedFabric".utf8), outputByteCount: 8)) ?? []
        return bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// The operational group key of an epoch key: HKDF-SHA256(IKM = the 16-byte epoch key, salt = the
    /// compressed fabric ID as 8 big-endian bytes, info = "GroupKey v1.0", L = 16) (CHIP `CHIPCryptoPAL.cpp
    /// DeriveGroupOperationalKey`). For the IPK epoch key AddNOC delivers, this is the key CASE uses.
    public static func operationalGroupKey(epochKey: [UInt8], compressedFabricID: UInt64) throws(CryptoError) -> [UInt8]
    {
        guard epochKey.count == 16 else {
            throw .invalidLength(what: "an epoch key", expected: "16", actual: epochKey.count)
        }
        let salt = (0..<8).reversed().map { UInt8(truncatingIfNeeded: compressedFabricID >> (8 * $0)) }
        return try HKDFSHA256.deriveKey(
            inputKeyMaterial: epochKey, salt: salt, info: Array("GroupKey v1.0".utf8), outputByteCount: 16)
    }
}
