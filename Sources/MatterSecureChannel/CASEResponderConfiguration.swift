/// How a CASE responder answers: its session parameters, how many handshakes it runs at once and for how long.
public struct CASEResponderConfiguration: Hashable, Sendable {
    /// Sent as responderSessionParams (Sigma2 tag 5, Sigma2_Resume tag 4).
    public var sessionParameters: SessionParameters?
    /// Handshakes in progress at once; a Sigma1 beyond them gets StatusReport BUSY. CHIP's `CASEServer` runs one
    /// (a second Sigma1 gets BUSY); mhub runs a few so that several controllers can reconnect together.
    public var maximumConcurrentHandshakes: Int
    /// How long a handshake may take from its Sigma1 to its end (CHIP `CASESession.cpp` `kSigma_Response_Timeout`,
    /// 30 s, is how long the initiator waits for each answer).
    public var handshakeTimeoutMilliseconds: UInt64

    public init(
        sessionParameters: SessionParameters? = nil, maximumConcurrentHandshakes: Int = 4,
        handshakeTimeoutMilliseconds: UInt64 = 30_000
    ) {
        precondition(maximumConcurrentHandshakes > 0, "a CASE responder runs at least one handshake")
        self.sessionParameters = sessionParameters
        self.maximumConcurrentHandshakes = maximumConcurrentHandshakes
        self.handshakeTimeoutMilliseconds = handshakeTimeoutMilliseconds
    }
}
