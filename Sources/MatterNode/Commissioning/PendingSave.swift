import MatterInteraction

/// A durable change waiting for the owner's save (`MatterNodeAction.persist`): the tables it makes, the answer
/// that reports it and the one for a failed save, and what the change does once saved.
struct PendingSave: Sendable {
    enum Effect: Sendable {
        /// CommissioningComplete: the fail-safe is disarmed, Breadcrumb returns to 0, the hub is told.
        case commissioningComplete(fabricIndex: UInt8)
        /// RemoveFabric: the fabric's sessions and resumption records go; `session` (the one that asked, if it is
        /// of that fabric) ends once its answer is delivered.
        case fabricRemoved(UInt8, askingSession: UInt16?)
        /// UpdateFabricLabel of a committed fabric.
        case labelUpdated
        /// A write of a committed fabric's ACL.
        case accessControlChanged
    }

    /// Who waits for the save: an invoke (its exchange, and its answers on success and failure), or the node's
    /// owner itself (`MatterNode.removeFabric(_:requestID:)`, the hub's `remove_fabric`).
    enum Waiting: Sendable {
        case invoke(MatterExchange.Key, success: InvokeResponseIB, failure: InvokeResponseIB)
        case owner(requestID: UInt64)
        /// A write whose statuses wait in `pendingWrites[group]`; `slots` become FAILURE if the save fails.
        case write(group: UInt64, slots: [Int])
    }

    var ticket: UInt64
    var committed: FabricTable
    var working: FabricTable
    var waiting: Waiting
    var effect: Effect
}
