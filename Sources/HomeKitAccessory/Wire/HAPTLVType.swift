/// The item types of HAP's pairing TLV8 bodies (HAP R14 Table 5-17 "TLV Values", as ADK `HAP/HAPPairing.h` cites it).
public enum HAPTLVType: UInt8, Hashable, Sendable, CaseIterable {
    case method = 0x00
    case identifier = 0x01
    case salt = 0x02
    case publicKey = 0x03
    case proof = 0x04
    case encryptedData = 0x05
    /// The pairing message's number (M1 = 1 …); one byte.
    case state = 0x06
    case error = 0x07
    case retryDelay = 0x08
    case certificate = 0x09
    case signature = 0x0A
    /// 0 = user, 1 = admin; one byte.
    case permissions = 0x0B
    /// Obsolete since R7, listed so that a log can name them.
    case fragmentData = 0x0C
    case fragmentLast = 0x0D
    case sessionID = 0x0E
    /// Pairing flags, such as Transient (1 << 4) and Split (1 << 24); iOS may send them in Pair Setup M1.
    case flags = 0x13
    /// An empty item between two entries of a list (List Pairings' reply).
    case separator = 0xFF
}

/// The pairing methods a controller names in its first message (HAP R14 Table 5-14, as ADK `HAP/HAPPairing.h` cites it).
public enum HAPPairingMethod: UInt8, Hashable, Sendable, CaseIterable {
    case pairSetup = 0
    case pairSetupWithAuth = 1
    case pairVerify = 2
    case addPairing = 3
    case removePairing = 4
    case listPairings = 5
    case pairResume = 6
}

/// The errors a pairing reply carries in its Error item (HAP R14 Table 5-16, as ADK `HAP/HAPPairing.h` cites it).
public enum HAPPairingError: UInt8, Hashable, Sendable, CaseIterable {
    case unknown = 1
    /// A wrong setup code, a bad signature, an unknown controller.
    case authentication = 2
    /// Too many attempts: wait RetryDelay seconds (obsolete since R3; never sent, see hap-reference.md §3).
    case backoff = 3
    /// No free pairing slot.
    case maxPeers = 4
    /// 100 failed Pair Setup attempts.
    case maxTries = 5
    /// Already paired.
    case unavailable = 6
    /// Another Pair Setup is in progress.
    case busy = 7
}
