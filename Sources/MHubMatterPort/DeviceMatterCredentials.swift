import Foundation
import MHubEventLoop
import MHubStore
import MatterCredentials
import MatterCrypto
import MatterNode

/// What a simulated device's own Matter node starts from, loaded from the store: its identity (made and saved the
/// first time, or again when the device's VID, PID, device type or passcode no longer match the stored one's, since
/// its DAC and CD carry the first three and its verifier follows from the passcode), as `MatterNodeState` does for
/// the hub.
package enum DeviceMatterCredentials {
    package static func load(
        store: HubStore, device: Int64, vendorID: UInt16, productID: UInt16, deviceTypeID: UInt32, passcode: UInt32,
        logger: Logger
    ) throws -> DeviceMatterIdentity {
        let stored = try store.loadDeviceMatterIdentity(device: device)
        let fits = stored?.matches(
            vendorID: vendorID, productID: productID, deviceTypeID: deviceTypeID, passcode: passcode)
        if let stored, fits == true { return stored }
        if let stored {
            logger.notice(
                "matter: device \(device)'s stored identity (vendor \(stored.attestation.vendorID), product "
                    + "\(stored.attestation.productID), device type \(stored.deviceTypeID)) no longer fits its vendor "
                    + "\(vendorID), product \(productID), device type \(deviceTypeID) or passcode; making a new one")
        }
        var random = SecureRandomNumberGenerator()
        let now = UTCDateTime(secondsSinceUnixEpoch: Int64(Date().timeIntervalSince1970))
        let loaded = try store.loadDeviceAuthority()
        var authority = try loaded ?? AttestationAuthority.make(now: now, using: &random)
        var made = try DeviceMatterIdentity.make(
            vendorID: vendorID, productID: productID, deviceTypeID: deviceTypeID, passcode: passcode,
            authority: &authority, now: now, using: &random)
        // The port the device's node bound stays its port.
        made.udpPort = stored?.udpPort
        if authority != loaded {
            try store.saveDeviceAuthority(authority)
            if loaded == nil { logger.notice("matter: made the simulated devices' attestation authority (PAA)") }
            logger.notice("matter: made the simulated devices' PAI for vendor \(vendorID)")
        }
        try store.saveDeviceMatterIdentity(made, device: device)
        logger.notice("matter: made device \(device)'s attestation identity (DAC, CD) and PASE verifier")
        return made
    }
}
