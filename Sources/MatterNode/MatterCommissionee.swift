import MatterCrypto
import MatterMessage
import MatterSecureChannel

/// The node as a PASE commissionee while a commissioning window is open: the window's SPAKE2+ verifier, salt and
/// iterations, and its discriminator.
///
/// Matter reference C.2: the commissionee keeps the verifier (w0, L), not the passcode; CHIP's
/// `CommissioningWindowManager::AdvertiseAndListenForPASE` hands its PASESession the verifier, iterations and salt.
/// A basic window computes the verifier from the configured passcode once when it opens; an enhanced window
/// opened by OpenCommissioningWindow carries the commissioner's verifier as it was sent.
public struct MatterCommissionee: Hashable, Sendable {
    /// Who opened a window with AdministratorCommissioning: its AdminFabricIndex and AdminVendorId.
    public struct Administrator: Hashable, Sendable {
        public var fabricIndex: UInt8
        public var vendorID: UInt16

        public init(fabricIndex: UInt8, vendorID: UInt16) {
            self.fabricIndex = fabricIndex
            self.vendorID = vendorID
        }
    }

    /// The window's discriminator, for logs.
    public let discriminator: UInt16
    public let responder: PASEResponderConfiguration
    /// Enhanced (a verifier for this window) or basic (the configured passcode's).
    public let isEnhanced: Bool
    public let administrator: Administrator?

    /// What the hub announces in PBKDFParamResponse (responderSessionParams, Matter reference C.1): CHIP's default
    /// MRP intervals, Matter 1.4's revisions, one path per invoke, TCP server support and its largest message.
    public static let sessionParameters = SessionParameters(
        idleInterval: 500, activeInterval: 300, activeThreshold: 4000, dataModelRevision: 18,
        interactionModelRevision: 12, specificationVersion: 0x0104_0000, maxPathsPerInvoke: 1,
        supportedTransports: 0x04, maxTCPMessageSize: UInt32(MatterTCPFraming.maximumMessageLength))

    /// A window with a verifier as given (salt and iterations checked against Matter's limits).
    public init(
        discriminator: UInt16, verifier: Spake2pVerifier, iterations: UInt32, salt: [UInt8],
        establishmentTimeoutMilliseconds: UInt64, isEnhanced: Bool = true, administrator: Administrator? = nil
    ) throws(CryptoError) {
        self.discriminator = discriminator
        self.isEnhanced = isEnhanced
        self.administrator = administrator
        responder = try PASEResponderConfiguration(
            verifier: verifier, iterations: iterations, salt: salt, sessionParameters: Self.sessionParameters,
            establishmentTimeoutMilliseconds: establishmentTimeoutMilliseconds)
    }

    /// A window with a passcode: computes the verifier (PBKDF2 with the window's iterations, up to 100000 rounds,
    /// done once per window).
    public init(
        discriminator: UInt16, passcode: UInt32, iterations: UInt32, salt: [UInt8],
        establishmentTimeoutMilliseconds: UInt64, isEnhanced: Bool = false, administrator: Administrator? = nil
    ) throws(CryptoError) {
        let keys = try Spake2pPasscodeKeys(passcode: passcode, salt: salt, iterations: iterations)
        try self.init(
            discriminator: discriminator, verifier: try keys.verifier(), iterations: iterations, salt: salt,
            establishmentTimeoutMilliseconds: establishmentTimeoutMilliseconds, isEnhanced: isEnhanced,
            administrator: administrator)
    }
}
