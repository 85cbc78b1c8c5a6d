import MatterMessage

/// What the owner of a `PASEResponder` must do after an event.
public enum PASEResponderAction: Hashable, Sendable {
    /// Send a Secure Channel message on `exchange` over the unsecured session, as a reliable (R flag)
    /// response; the owner's MRP acknowledges and retransmits.
    case send(opcode: SecureChannelOpcode, payload: [UInt8], exchange: PASEExchange)
    /// The handshake succeeded: install the secure session, then close the exchange.
    case established(PASESession)
    /// The handshake ended without a session (a failure StatusReport, if any, is in a `.send` before this).
    case failed(PASEFailure, exchange: PASEExchange)
}
