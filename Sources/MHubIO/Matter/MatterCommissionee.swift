import MHubHub
import MatterCrypto
import MatterMessage
import MatterSecureChannel

/// The hub as a PASE commissionee while its commissioning window is open: the SPAKE2+ verifier computed once
/// from the window's passcode, salt and iterations when it opened, with that salt and those iterations.
///
/// Matter reference C.2: the commissionee keeps the verifier (w0, L), not the passcode; CHIP's
/// `CommissioningWindowManager::AdvertiseAndListenForPASE` hands its PASESession the verifier, iterations and salt.
struct MatterCommissionee: Sendable {
    /// The window's discriminator, for logs.
    let discriminator: UInt16
    let responder: PASEResponderConfiguration

    /// What the hub announces in PBKDFParamResponse (responderSessionParams, Matter reference C.1): CHIP's default
    /// MRP intervals, Matter 1.4's revisions, one path per invoke, TCP server support and its largest message.
    static let sessionParameters = SessionParameters(
        idleInterval: 500, activeInterval: 300, activeThreshold: 4000, dataModelRevision: 18,
        interactionModelRevision: 12, specificationVersion: 0x0104_0000, maxPathsPerInvoke: 1,
        supportedTransports: 0x04, maxTCPMessageSize: UInt32(MatterTCPFraming.maximumMessageLength))

    /// Computes the verifier (PBKDF2 with the window's iterations: up to 100000 rounds, done once per window).
    init(window: CommissioningWindow, establishmentTimeoutMilliseconds: UInt64) throws(CryptoError) {
        let keys = try Spake2pPasscodeKeys(passcode: window.passcode, salt: window.salt, iterations: window.iterations)
        discriminator = window.discriminator
        responder = try PASEResponderConfiguration(
            verifier: try keys.verifier(), iterations: window.iterations, salt: window.salt,
            sessionParameters: Self.sessionParameters,
            establishmentTimeoutMilliseconds: establishmentTimeoutMilliseconds)
    }
}
