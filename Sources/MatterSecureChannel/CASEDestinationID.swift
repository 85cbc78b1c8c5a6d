import MatterCrypto

/// The destination ID of Sigma1: which fabric and node the initiator wants, hidden behind the fabric's IPK.
///
/// Matter reference §5, "Destination ID match" (CHIP `CASEDestinationId.cpp` `GenerateCaseDestinationId`):
/// HMAC-SHA256(key: IPK (the 16-byte operational group key), message: initiatorRandom (32) ‖ root public key (65)
/// ‖ fabric ID (little-endian u64) ‖ node ID (little-endian u64)).
public enum CASEDestinationID {
    public static let byteCount = HMACSHA256.byteCount

    public static func make(
        initiatorRandom: [UInt8], rootPublicKey: P256Point, fabricID: UInt64, nodeID: UInt64, ipk: [UInt8]
    ) -> [UInt8] {
        var message = initiatorRandom + rootPublicKey.uncompressed
        message.reserveCapacity(message.count + 16)
        for value in [fabricID, nodeID] {
            for shift in stride(from: 0, to: 64, by: 8) { message.append(UInt8(truncatingIfNeeded: value >> shift)) }
        }
        return HMACSHA256.authenticationCode(key: ipk, message: message)
    }
}
