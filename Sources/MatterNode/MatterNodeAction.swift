import MatterMessage

/// What the owner of a `MatterSessionTable` must do after an event.
public enum MatterNodeAction: Hashable, Sendable {
    /// Send these bytes, one whole message, to the peer (the TCP owner adds the length prefix).
    case send([UInt8], to: MatterPeer)
    case log(MatterNodeEvent)
    /// The peer sent a message the node took (it decoded and, on the secure session, authenticated): over TCP
    /// that is what keeps its connection from the idle timeout.
    case peerActive(MatterPeer)
    /// The window's PASE attempts are used up: tell the hub (`Hub.commissioningAttemptsExhausted(now:)`), whose
    /// window then closes. The table already refuses PASE as for a closed window.
    case commissioningAttemptsExhausted
    /// A secure session was established (PASE or CASE): for the hub's view of the node.
    case sessionOpened(MatterSessionSummary)
    /// A secure session ended, and why.
    case sessionEnded(MatterSessionSummary, reason: String)
    /// The peer answered a request this node sent (`MatterSessionTable.sendRequest`); the exchange is over.
    case requestAnswered(
        localSessionID: UInt16, exchangeID: UInt16, protocolID: ProtocolID, opcode: UInt8,
        payload: [UInt8])
    /// A request this node sent was never acknowledged, after every retransmission; the exchange is over.
    case requestFailed(localSessionID: UInt16, exchangeID: UInt16)
}
