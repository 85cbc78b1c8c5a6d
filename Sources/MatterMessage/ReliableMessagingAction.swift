/// What the owner of a `ReliableMessaging` value must do after an event.
public enum ReliableMessagingAction: Hashable, Sendable {
    /// Send a standalone acknowledgement (Secure Channel opcode 0x10, A flag, R flag clear, empty payload)
    /// for the received message `counter`, on this exchange.
    case sendStandaloneAck(acknowledging: UInt32)
    /// Send the message with this counter again, byte for byte; `attempt` counts from 1 for the first
    /// retransmission.
    case retransmit(messageCounter: UInt32, attempt: Int)
    /// The peer acknowledged the message with this counter.
    case delivered(messageCounter: UInt32)
    /// Every retransmission went unacknowledged: the exchange has failed (CHIP closes it and may mark a
    /// CASE session defunct).
    case deliveryFailed(messageCounter: UInt32)
}
