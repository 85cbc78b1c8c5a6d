import MatterCrypto

/// One controller's TCP connection as the accessory server keeps it: plaintext HTTP until Pair Verify, then every
/// byte framed and sealed (reference section 2 and 6).
struct HAPConnection {
    let id: UInt64
    var parser = HAPRequestParser()
    /// The session's framing after Pair Verify M4.
    var secure: SecureFraming?
    /// The controller Pair Verify proved this connection to be.
    var controller: [UInt8]?
    var pairSetup: PairSetupProgress?
    var pairVerify: PairVerifyProgress?
    /// The characteristics it subscribed to (`ev`); they die with it.
    var subscriptions: Set<HAPCharacteristicID> = []
    /// A `PUT /characteristics` whose writes the owner carries out: no other request is answered before it.
    var waiting: PendingWrite?
    /// Requests that came while one waited, in order.
    var queued: [HAPRequest] = []
    /// A timed write's `PUT /prepare`: its `pid` and when it lapses.
    var prepared: (pid: UInt64, deadline: UInt64)?

    init(id: UInt64) {
        self.id = id
    }

    var isSecured: Bool { secure != nil }
}

/// The two directions of a secured session (reference section 6): what the accessory sends is sealed with the
/// read key, what it receives opened with the write key.
struct SecureFraming {
    var sealer: HAPFrameSealer<ChaCha20Poly1305AEAD>
    var opener: HAPFrameOpener<ChaCha20Poly1305AEAD>
}

/// Where a Pair Setup stands on its connection.
enum PairSetupProgress {
    /// M2 sent: waiting for M3.
    case started(HAPSRPServer)
    /// M4 sent: waiting for M5, with the session key K that matched.
    case proved(sessionKey: [UInt8])
}

/// Where a Pair Verify stands on its connection: M2 sent, waiting for M3.
struct PairVerifyProgress {
    var sharedSecret: [UInt8]
    var accessoryPublicKey: [UInt8]
    var controllerPublicKey: [UInt8]
    var encryptionKey: [UInt8]
}

/// A `PUT /characteristics` waiting for its writes.
struct PendingWrite {
    var ticket: UInt64
    /// Each element of the request, in order, with its status so far (nil: written by the owner, not answered yet).
    var elements: [WriteElement]
}

/// One element of a `PUT /characteristics`.
struct WriteElement {
    var id: HAPCharacteristicID
    var status: HAPStatus?
    /// Whether it asked for the value back (`r`).
    var wantsResponse: Bool
}
