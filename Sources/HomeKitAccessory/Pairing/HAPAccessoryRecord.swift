import MatterCrypto

/// The accessory's long-term identity: made once, kept, and made anew only when its HomeKit face is reset (HAP R14
/// §5.3; reference section 12).
public struct HAPAccessoryIdentity: Hashable, Sendable {
    /// The Device ID, `XX:XX:XX:XX:XX:XX`: `_hap._tcp`'s `id` and the accessory's pairing identifier in Pair Setup M6
    /// and Pair Verify M2, the same string in both.
    public var deviceID: String
    /// The Ed25519 long-term secret key's seed (32 bytes).
    public var signingSeed: [UInt8]
    /// `XXX-XX-XXX`.
    public var setupCode: String
    /// Four characters of 0-9 and A-Z, for the setup URI and `sh`.
    public var setupID: String

    public init(deviceID: String, signingSeed: [UInt8], setupCode: String, setupID: String) {
        self.deviceID = deviceID
        self.signingSeed = signingSeed
        self.setupCode = setupCode
        self.setupID = setupID
    }

    /// A new identity: a random Device ID, signing key and setup ID, and `setupCode` or a random valid one.
    public static func generate(
        setupCode: String?, using generator: inout some RandomNumberGenerator
    ) -> HAPAccessoryIdentity {
        let deviceID = (0..<6).map { _ in
            let byte = UInt8.random(in: 0...255, using: &generator)
            let text = String(byte, radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }.joined(separator: ":")
        let seed = (0..<Ed25519KeyPair.seedByteCount).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let setupID = String((0..<4).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
        return HAPAccessoryIdentity(
            deviceID: deviceID, signingSeed: seed, setupCode: setupCode ?? randomSetupCode(using: &generator),
            setupID: setupID)
    }

    /// A random setup code HAP takes (not all one digit, not 123-45-678 or 876-54-321: those have at least two equal
    /// or ordered digits, so a draw that hits them is drawn again).
    static func randomSetupCode(using generator: inout some RandomNumberGenerator) -> String {
        while true {
            let digits = (0..<8).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) }
            let code = String(digits[0..<3]) + "-" + String(digits[3..<5]) + "-" + String(digits[5..<8])
            if Set(digits).count > 1 && code != "123-45-678" && code != "876-54-321" { return code }
        }
    }
}

/// A controller paired with the accessory (HAP R14 §5.10–5.12): its pairing identifier exactly as it sent it (a
/// UUID's text, up to 36 bytes; Pair Verify looks it up byte for byte), its Ed25519 long-term public key, and whether
/// it is an administrator (may add, remove and list pairings).
public struct HAPPairing: Hashable, Sendable {
    public var identifier: [UInt8]
    public var publicKey: [UInt8]
    public var isAdmin: Bool

    public init(identifier: [UInt8], publicKey: [UInt8], isAdmin: Bool) {
        self.identifier = identifier
        self.publicKey = publicKey
        self.isAdmin = isAdmin
    }

    /// The identifier as text, for logs and the control socket.
    public var identifierText: String { Self.text(identifier) }

    /// An identifier's bytes as text.
    static func text(_ identifier: [UInt8]) -> String {
        String(decoding: identifier, as: UTF8.self)
    }
}

/// Everything the accessory keeps across restarts (reference section 12): what the store saves, whole, before any
/// answer that depends on it leaves.
public struct HAPAccessoryRecord: Hashable, Sendable {
    public var identity: HAPAccessoryIdentity
    public var pairings: [HAPPairing]
    /// `c#`, wrapped into 1 to 65535 as advertised (`HAPAdvertisement.advertised`).
    public var configurationNumber: UInt32
    /// The database without values when `c#` was last set (`HomeKitBridge.databaseFingerprint`).
    public var databaseFingerprint: [UInt8]
    /// Pair Setup attempts that failed since the last success: at 100 Pair Setup is refused for good (MaxTries) until
    /// the face is reset.
    public var failedSetupAttempts: Int

    public init(
        identity: HAPAccessoryIdentity, pairings: [HAPPairing] = [], configurationNumber: UInt32 = 1,
        databaseFingerprint: [UInt8] = [], failedSetupAttempts: Int = 0
    ) {
        self.identity = identity
        self.pairings = pairings
        self.configurationNumber = configurationNumber
        self.databaseFingerprint = databaseFingerprint
        self.failedSetupAttempts = failedSetupAttempts
    }

    public var isPaired: Bool { !pairings.isEmpty }

    /// The pairing with exactly this identifier.
    public func pairing(_ identifier: [UInt8]) -> HAPPairing? {
        pairings.first { $0.identifier == identifier }
    }
}
