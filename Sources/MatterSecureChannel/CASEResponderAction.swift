import MatterMessage

/// What the owner of a `CASEResponder` must do after an event.
public enum CASEResponderAction: Hashable, Sendable {
    /// Send a Secure Channel message on `exchange` over the unsecured session, as a reliable (R flag) response;
    /// the owner's MRP acknowledges and retransmits.
    case send(opcode: SecureChannelOpcode, payload: [UInt8], exchange: CASEExchange)
    /// The handshake succeeded: install the secure session, then close the exchange.
    case established(CASESession)
    /// Keep this record for the peer's next resumption (in the owner's `CASEResumptionStore`, and on disk if the
    /// owner persists them); it replaces the peer's earlier one.
    case saveResumption(CASEResumptionRecord)
    /// The handshake ended without a session (a StatusReport to the peer, if any, is in a `.send` before this).
    case failed(CASEFailure, exchange: CASEExchange)
}
