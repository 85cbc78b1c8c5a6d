import MHubTestSupport
import MatterCredentials

/// An attestation identity for tests of the node, made once from a seed: vendor 0xFFF1, product 0x8001 (the hub's
/// defaults), valid from 2025-01-01.
public enum TestAttestation {
    public static let identity: AttestationIdentity = {
        var random = SeededGenerator(seed: 0xA77E_57)
        // 2025-01-01T00:00:00Z.
        return try! AttestationIdentity.make(
            vendorID: 0xFFF1, productID: 0x8001, now: UTCDateTime(secondsSinceUnixEpoch: 1_735_689_600),
            using: &random)
    }()
}
