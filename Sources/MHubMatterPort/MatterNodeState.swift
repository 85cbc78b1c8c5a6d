import Foundation
import MHubConfiguration
import MHubEventLoop
import MHubStore
import MatterCredentials
import MatterCrypto
import MatterNode

/// What the Matter node starts from, loaded from the store: the hub's attestation identity (made and saved at
/// first start, or again when `hub.vendor_id`/`hub.product_id` no longer match it, since its DAC and CD carry
/// them) and the fabric table; and the devices' attestation authority (made and saved at first start).
package struct MatterNodeState {
    var attestation: AttestationIdentity
    var fabrics: FabricTable
    /// The PAA of the devices on the network (`AttestationAuthority`), made and saved at first start.
    var devicePAA: [UInt8]

    package static func load(store: HubStore, identity: HubIdentity, logger: Logger) throws -> MatterNodeState {
        var attestation = try store.loadAttestation()
        if let loaded = attestation, loaded.vendorID != identity.vendorID || loaded.productID != identity.productID {
            logger.notice(
                "matter: the stored attestation identity is for vendor \(loaded.vendorID), product \(loaded.productID); "
                    + "making one for the configured vendor \(identity.vendorID), product \(identity.productID)")
            attestation = nil
        }
        if attestation == nil {
            var random = SecureRandomNumberGenerator()
            let now = UTCDateTime(secondsSinceUnixEpoch: Int64(Date().timeIntervalSince1970))
            let made = try AttestationIdentity.make(
                vendorID: identity.vendorID, productID: identity.productID, now: now, using: &random)
            try store.saveAttestation(made)
            logger.notice("matter: made the hub's attestation identity (PAA, PAI, DAC, CD)")
            attestation = made
        }
        let fabrics = try store.loadFabricTable()
        var authority = try store.loadDeviceAuthority()
        if authority == nil {
            var random = SecureRandomNumberGenerator()
            let now = UTCDateTime(secondsSinceUnixEpoch: Int64(Date().timeIntervalSince1970))
            let made = try AttestationAuthority.make(now: now, using: &random)
            try store.saveDeviceAuthority(made)
            logger.notice("matter: made the simulated devices' attestation authority (PAA)")
            authority = made
        }
        return MatterNodeState(attestation: attestation!, fabrics: fabrics, devicePAA: authority!.paa.certificate)
    }
}
