import MatterInteraction
import MatterMessage

/// Durable changes of the fabric table (docs/matter.md, "Durability"): the node hands the owner the whole table
/// to save (`.persist`), and the answer reporting the change leaves only once the owner says the save succeeded.
/// A failed save answers FAILURE and keeps the old table; a save is one transaction, so whatever happens to the
/// process the stored table is the old one or the new one.
extension MatterNode {
    /// The owner saved (or failed to save) the table of `.persist(_, ticket:)`.
    public mutating func persisted(
        ticket: UInt64, succeeded: Bool, now: MonotonicInstant, using generator: inout some RandomNumberGenerator
    ) -> [MatterNodeAction] {
        guard let save = rootEndpoint.pendingSave, save.ticket == ticket else { return [] }
        rootEndpoint.pendingSave = nil
        var actions: [MatterNodeAction] = []
        if succeeded {
            rootEndpoint.committedFabrics = save.committed
            rootEndpoint.fabrics = save.working
            actions += saved(save.effect)
        } else {
            actions.append(.log(.saveFailed("the owner's save did not succeed; the old table stays")))
        }
        switch save.waiting {
        case .invoke(let key, let success, let failure):
            actions += answerInvoke(on: key, with: [succeeded ? success : failure], now: now, using: &generator)
        case .owner(let requestID):
            actions.append(.ownerRequestDone(requestID: requestID, succeeded: succeeded))
        case .write(let groupID, let slots):
            if var group = pendingWrites[groupID] {
                if !succeeded {
                    for slot in slots { group.statuses[slot].status = StatusIB(.failure) }
                }
                group.waiting -= 1
                if group.waiting == 0 {
                    pendingWrites[groupID] = nil
                    actions += answerWrite(on: group.key, with: group.statuses, now: now, using: &generator)
                } else {
                    pendingWrites[groupID] = group
                }
            }
        }
        actions += sweep(now: now)
        refreshRootEndpoint()
        return actions
    }

    /// The owner removes a fabric (the hub's `remove_fabric`, an administrator's act outside Matter): the same as
    /// RemoveFabric from that fabric's administrator — sessions, ACL entries, keys and resumption records go, the
    /// saved table first. Answers `.persist` and, once `persisted`, `.ownerRequestDone(requestID:succeeded:)`; `nil`
    /// when there is no such fabric, or another save is waiting (the owner saves at once, so that is not expected).
    public mutating func removeFabric(_ fabricIndex: UInt8, requestID: UInt64) -> [MatterNodeAction]? {
        guard rootEndpoint.fabrics.records[fabricIndex] != nil, rootEndpoint.pendingSave == nil else { return nil }
        var working = rootEndpoint.fabrics
        working.remove(fabricIndex)
        var committed = rootEndpoint.committedFabrics
        committed.remove(fabricIndex)
        let save = PendingSave(
            ticket: rootEndpoint.takeTicket(), committed: committed, working: working,
            waiting: .owner(requestID: requestID), effect: .fabricRemoved(fabricIndex, askingSession: nil))
        rootEndpoint.pendingSave = save
        return [.persist(save.committed, ticket: save.ticket)]
    }

    /// What a saved change does besides the table.
    mutating func saved(_ effect: PendingSave.Effect) -> [MatterNodeAction] {
        switch effect {
        case .commissioningComplete(let fabricIndex):
            return completeCommissioning(fabricIndex: fabricIndex)
        case .fabricRemoved(let fabricIndex, let asking):
            sessionLayer.resumptions.removeFabric(fabricIndex)
            if let asking { sessionLayer.retiringSessions.insert(asking) }
            return endSessions(ofFabric: fabricIndex, keeping: asking, reason: "its fabric was removed")
                + fabricsChanged()
        case .labelUpdated:
            return fabricsChanged()
        case .accessControlChanged:
            return []
        }
    }

    /// Hands `statuses` to the write waiting on exchange `key`, and sends what its responder makes of them.
    mutating func answerWrite(
        on key: MatterExchange.Key, with statuses: [AttributeStatusIB], now: MonotonicInstant,
        using generator: inout some RandomNumberGenerator
    ) -> [MatterNodeAction] {
        answer(on: key, now: now, using: &generator) { $0.writesHandled(statuses) }
    }

    /// Hands `answers` to the invoke waiting on exchange `key`, and sends what its responder makes of them.
    mutating func answerInvoke(
        on key: MatterExchange.Key, with answers: [InvokeResponseIB], now: MonotonicInstant,
        using generator: inout some RandomNumberGenerator
    ) -> [MatterNodeAction] {
        answer(on: key, now: now, using: &generator) { $0.commandsHandled(answers) }
    }

    /// Gives the responder of exchange `key` what its owner has for it, and carries out what it makes of it.
    mutating func answer(
        on key: MatterExchange.Key, now: MonotonicInstant, using generator: inout some RandomNumberGenerator,
        _ handing: (inout InteractionResponder) -> [InteractionResponderAction]
    ) -> [MatterNodeAction] {
        guard var responder = sessionLayer.exchanges[key]?.interaction else { return [] }
        let steps = handing(&responder)
        sessionLayer.exchanges[key]?.interaction = responder
        return runInteraction(steps, on: key, now: now, using: &generator)
    }
}
