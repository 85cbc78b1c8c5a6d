import MatterMessage

/// What the owner of a `MatterNode` must do after an event.
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
    /// A secure session was established (PASE or CASE): for the hub's view of the node. Said again of the PASE
    /// session when AddNOC binds it to its new fabric.
    case sessionOpened(MatterSessionSummary)
    /// A secure session ended, and why.
    case sessionEnded(MatterSessionSummary, reason: String)
    /// The peer answered a request this node sent (`MatterNode.sendRequest`); the exchange is over.
    case requestAnswered(
        localSessionID: UInt16, exchangeID: UInt16, protocolID: ProtocolID, opcode: UInt8,
        payload: [UInt8])
    /// A request this node sent was never acknowledged, after every retransmission; the exchange is over.
    case requestFailed(localSessionID: UInt16, exchangeID: UInt16)
    /// Save this fabric table, whole, in one transaction; then tell the node `persisted(ticket:succeeded:)`. The
    /// answer that reports the change waits for it (docs/matter.md, "Durability").
    case persist(FabricTable, ticket: UInt64)
    /// The node's fabrics changed (added, updated, removed, committed or rolled back): all of them, for the hub.
    case fabricsChanged([MatterFabricSummary])
    /// CommissioningComplete committed the commissioning of this fabric: the hub closes its window.
    case commissioningCompleted(fabricIndex: UInt8)
    /// An administrator opened a commissioning window (AdministratorCommissioning): the hub opens it, and hands
    /// the node its commissionee (`commissioneeChanged`).
    case openWindow(MatterAdministratorWindow)
    /// An administrator revoked the open window (RevokeCommissioning): the hub closes it.
    case revokeWindow
    /// The fail-safe expired (or its PASE session closed, or ArmFailSafe(0)): what was added under it is gone.
    case failSafeExpired
    /// A command or write on a bridged device: the hub's device logic carries it out and answers with
    /// `bridgedRequestAnswered(id:answer:now:using:)` (at once, or later for a slow device, or `.noAnswer`).
    case bridgedRequest(BridgedRequest)
    /// A request of the owner's (`removeFabric(_:requestID:)`) is done: its change was saved, or not and nothing
    /// changed.
    case ownerRequestDone(requestID: UInt64, succeeded: Bool)
}
