import MHubHub
import MatterCrypto
import MatterNode

extension MatterCommissionee {
    /// The commissionee for the hub's window: its passcode's verifier, computed once when it opens.
    init(window: CommissioningWindow, establishmentTimeoutMilliseconds: UInt64) throws(CryptoError) {
        try self.init(
            discriminator: window.discriminator, passcode: window.passcode, iterations: window.iterations,
            salt: window.salt, establishmentTimeoutMilliseconds: establishmentTimeoutMilliseconds)
    }
}
