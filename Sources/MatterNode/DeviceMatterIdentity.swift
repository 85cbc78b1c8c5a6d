import MatterCredentials
import MatterCrypto

/// What a simulated device's own Matter node proves itself with: its attestation identity (issued by the devices'
/// `AttestationAuthority`), the device type its CD names, its PASE passcode with the SPAKE2+ salt, iterations and
/// verifier computed from it once, and the UDP port its node last bound.
///
/// Matter reference C.2: a commissionee keeps the verifier (w0, L), not the passcode; the passcode is kept too,
/// only to tell whether the device's configured one changed (`matches`).
public struct DeviceMatterIdentity: Hashable, Sendable {
    /// The iterations a device's verifier is made with: the least Matter allows (`kSpake2p_Min_PBKDF_Iterations`),
    /// as CHIP's example apps use.
    public static let iterations: UInt32 = 1000
    /// The salt's length: the longest Matter allows (`kSpake2p_Max_PBKDF_Salt_Length`).
    public static let saltLength = 32

    public var attestation: AttestationIdentity
    /// The device type of the CD's `device_type_id`.
    public var deviceTypeID: UInt32
    /// The PASE setup passcode (a secret: keep it out of logs).
    public var passcode: UInt32
    public var iterations: UInt32
    public var salt: [UInt8]
    /// The `Spake2pVerifier`, serialised (w0 ‖ L).
    public var verifier: [UInt8]
    /// The UDP port the device's node last bound, if it has bound one.
    public var udpPort: UInt16?

    public init(
        attestation: AttestationIdentity, deviceTypeID: UInt32, passcode: UInt32, iterations: UInt32, salt: [UInt8],
        verifier: [UInt8], udpPort: UInt16? = nil
    ) {
        self.attestation = attestation
        self.deviceTypeID = deviceTypeID
        self.passcode = passcode
        self.iterations = iterations
        self.salt = salt
        self.verifier = verifier
        self.udpPort = udpPort
    }

    /// A new identity: a DAC and CD issued by `authority` (which makes the vendor's PAI if it has none), a
    /// 32-byte salt from `random`, and the verifier of `passcode` with `iterations` (PBKDF2, done once here).
    public static func make(
        vendorID: UInt16, productID: UInt16, deviceTypeID: UInt32, passcode: UInt32,
        authority: inout AttestationAuthority, now: UTCDateTime, using random: inout some RandomNumberGenerator
    ) throws(CryptoError) -> DeviceMatterIdentity {
        let attestation = try authority.issue(
            vendorID: vendorID, productID: productID, deviceTypeID: deviceTypeID, now: now, using: &random)
        let salt = random.bytes(count: saltLength)
        let keys = try Spake2pPasscodeKeys(passcode: passcode, salt: salt, iterations: iterations)
        return DeviceMatterIdentity(
            attestation: attestation, deviceTypeID: deviceTypeID, passcode: passcode, iterations: iterations,
            salt: salt, verifier: try keys.verifier().serialized)
    }

    /// Whether this identity was made for a device with these: its DAC and CD carry the VID, PID and device type,
    /// its verifier follows from the passcode.
    public func matches(vendorID: UInt16, productID: UInt16, deviceTypeID: UInt32, passcode: UInt32) -> Bool {
        attestation.vendorID == vendorID && attestation.productID == productID && self.deviceTypeID == deviceTypeID
            && self.passcode == passcode
    }

    /// The verifier as the PASE responder takes it.
    public func spake2pVerifier() throws(CryptoError) -> Spake2pVerifier {
        try Spake2pVerifier(serialized: verifier)
    }
}
