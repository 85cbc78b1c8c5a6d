import MHubHub
import MatterCrypto
import MatterNode

extension MatterCommissionee {
    /// The commissionee for the hub's window: its passcode's verifier, computed once when it opens, or the verifier
    /// an administrator sent.
    package init(window: CommissioningWindow, establishmentTimeoutMilliseconds: UInt64) throws(CryptoError) {
        let administrator = window.administrator
        switch window.secret {
        case .passcode(let passcode):
            try self.init(
                discriminator: window.discriminator, passcode: passcode, iterations: window.iterations,
                salt: window.salt, establishmentTimeoutMilliseconds: establishmentTimeoutMilliseconds,
                isEnhanced: window.enhanced, administrator: administrator)
        case .verifier(let verifier):
            try self.init(
                discriminator: window.discriminator, verifier: Spake2pVerifier(serialized: verifier),
                iterations: window.iterations, salt: window.salt,
                establishmentTimeoutMilliseconds: establishmentTimeoutMilliseconds, isEnhanced: window.enhanced,
                administrator: administrator)
        }
    }
}
