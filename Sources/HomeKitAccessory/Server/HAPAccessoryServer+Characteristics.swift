/// The characteristics on a secured session (HAP R14 §6.7; reference section 7): reads, writes and subscriptions,
/// timed writes, and events.
extension HAPAccessoryServer {
    /// `GET /characteristics?id=A.I,…`: 200 when every read succeeds, else 207 with a status on every entry; with
    /// the `meta`, `perms`, `type` and `ev` flags iOS may add, what they ask for of each.
    mutating func readCharacteristics(
        _ request: HAPRequest, on id: UInt64, context: some HAPServerContext
    ) -> [HAPServerAction] {
        guard let ids = try? request.characteristicIDs(), !ids.isEmpty else {
            return respond(.json(status: 400, HAPJSON.statusBody(.invalidValue)), on: id)
        }
        let subscriptions = connections[id]?.subscriptions ?? []
        let results = ids.map { characteristicID -> HAPCharacteristicResult in
            switch context.characteristic(characteristicID) {
            case .failure(let status): return HAPCharacteristicResult(id: characteristicID, status: status)
            case .success(let characteristic):
                guard characteristic.permissions.contains(.pairedRead) else {
                    return HAPCharacteristicResult(id: characteristicID, status: .writeOnly)
                }
                guard context.isReachable(characteristicID.aid) else {
                    return HAPCharacteristicResult(id: characteristicID, status: .unableToCommunicate)
                }
                return HAPCharacteristicResult(
                    id: characteristicID, value: characteristic.value ?? .null, characteristic: characteristic,
                    subscribed: subscriptions.contains(characteristicID))
            }
        }
        var options: HAPReadOptions = []
        for (flag, option) in [("meta", HAPReadOptions.meta), ("perms", .perms), ("type", .type), ("ev", .events)]
        where request.queryFlag(flag) {
            options.insert(option)
        }
        return respond(HAPJSON.readReply(results, options: options), on: id)
    }

    /// `PUT /characteristics`: subscriptions now; values checked (permission, format, range, a timed write's
    /// `pid`) and the valid ones handed to the owner, the answer waiting for it.
    mutating func writeCharacteristics(
        _ request: HAPRequest, on id: UInt64, context: some HAPServerContext
    ) -> [HAPServerAction] {
        guard let body = try? HAPCharacteristicWrites(json: request.body), !body.requests.isEmpty else {
            return respond(.json(status: 400, HAPJSON.statusBody(.invalidValue)), on: id)
        }
        var elements: [WriteElement] = []
        var writes: [HAPCharacteristicID: HAPValue] = [:]
        let timedWriteValid = timedWrite(body.pid, on: id, now: context.now)
        for write in body.requests {
            let characteristicID = write.id
            var element = WriteElement(id: characteristicID, status: nil, wantsResponse: write.response == true)
            let characteristic: HAPCharacteristic
            switch context.characteristic(characteristicID) {
            case .failure(let status):
                element.status = status
                elements.append(element)
                continue
            case .success(let found): characteristic = found
            }
            if let subscribe = write.events {
                if characteristic.permissions.contains(.events) {
                    if subscribe {
                        connections[id]?.subscriptions.insert(characteristicID)
                    } else {
                        connections[id]?.subscriptions.remove(characteristicID)
                    }
                    if write.value == nil { element.status = .success }
                } else {
                    element.status = .notificationNotSupported
                }
            }
            if let value = write.value, element.status == nil {
                if !characteristic.permissions.contains(.pairedWrite) {
                    element.status = .readOnly
                } else if !context.isReachable(characteristicID.aid) {
                    element.status = .unableToCommunicate
                } else if characteristic.permissions.contains(.timedWrite) && timedWriteValid != true
                    || timedWriteValid == false
                {
                    element.status = .invalidValue
                } else {
                    switch characteristic.accepting(value) {
                    case .failure(let status): element.status = status
                    case .success(let accepted): writes[characteristicID] = accepted
                    }
                }
            } else if write.value == nil && write.events == nil && element.status == nil {
                element.status = .invalidValue
            }
            elements.append(element)
        }
        guard !writes.isEmpty else { return finishWrite(elements, on: id, context: context) }
        let ticket = nextTicket
        nextTicket += 1
        connections[id]?.waiting = PendingWrite(ticket: ticket, elements: elements)
        return [.write(HAPWriteBatch(ticket: ticket, connection: id, writes: writes))]
    }

    /// Whether a `pid` names this connection's prepared timed write in time (nil: none was given). Used once.
    private mutating func timedWrite(_ pid: UInt64?, on id: UInt64, now: UInt64) -> Bool? {
        guard let pid else { return nil }
        defer { connections[id]?.prepared = nil }
        guard let prepared = connections[id]?.prepared else { return false }
        return prepared.pid == pid && now <= prepared.deadline
    }

    /// The owner carried out a batch's writes: each status (missing: success), then the answer, then the requests that
    /// waited behind it.
    public mutating func writesAnswered(
        _ ticket: UInt64, statuses: [HAPCharacteristicID: HAPStatus], connection id: UInt64,
        context: some HAPServerContext, using generator: inout some RandomNumberGenerator
    ) -> [HAPServerAction] {
        guard let pending = connections[id]?.waiting, pending.ticket == ticket else { return [] }
        connections[id]?.waiting = nil
        var elements = pending.elements
        for index in elements.indices where elements[index].status == nil {
            elements[index].status = statuses[elements[index].id] ?? .success
        }
        var actions = finishWrite(elements, on: id, context: context)
        while connections[id]?.waiting == nil, let next = connections[id]?.queued.first {
            connections[id]?.queued.removeFirst()
            actions += handle(next, on: id, context: context, using: &generator)
        }
        return actions
    }

    /// 204 when every element succeeded and none asked for its value; else 207 with every element's status and the
    /// values asked for (ADK `write_characteristic_write_response`).
    private mutating func finishWrite(
        _ elements: [WriteElement], on id: UInt64, context: some HAPServerContext
    ) -> [HAPServerAction] {
        let results = elements.map { element -> HAPCharacteristicResult in
            var result = HAPCharacteristicResult(id: element.id, status: element.status ?? .success)
            if element.wantsResponse, result.status == .success,
                case .success(let characteristic) = context.characteristic(element.id)
            {
                result.value = characteristic.value
            }
            return result
        }
        return respond(HAPJSON.writeReply(results), on: id)
    }

    /// `PUT /prepare {ttl, pid}`: the next timed write must carry `pid` within `ttl` ms (HAP R14 §6.7.2.4).
    mutating func prepare(_ request: HAPRequest, on id: UInt64, context: some HAPServerContext) -> [HAPServerAction] {
        guard let prepare = try? HAPPrepareRequest(json: request.body) else {
            return respond(.json(status: 400, HAPJSON.statusBody(.invalidValue)), on: id)
        }
        connections[id]?.prepared = (prepare.pid, context.now + prepare.ttl)
        return respond(.json(status: 200, HAPJSON.statusBody(.success)), on: id)
    }

    /// Values changed: an `EVENT/1.0` to each secured connection subscribed to any of them, with those it subscribed
    /// to, but none to the connection whose write made the change (`skipping`: the ids it wrote) and none while it
    /// waits for its own write's answer... the event then goes before that answer, as a message of its own.
    public mutating func notify(
        _ values: [HAPCharacteristicID: HAPValue], skipping: [UInt64: Set<HAPCharacteristicID>] = [:]
    ) -> [HAPServerAction] {
        guard !values.isEmpty else { return [] }
        var actions: [HAPServerAction] = []
        for id in connections.keys.sorted() {
            guard let connection = connections[id], connection.isSecured, !connection.subscriptions.isEmpty else {
                continue
            }
            let skipped = skipping[id] ?? []
            let changed = values.filter { connection.subscriptions.contains($0.key) && !skipped.contains($0.key) }
            guard !changed.isEmpty else { continue }
            let changes = changed.sorted { $0.key < $1.key }.map { HAPCharacteristicValue(id: $0.key, value: $0.value) }
            if let action = send(HAPEvent(changes: changes).encoded(), on: id) {
                actions.append(action)
            }
        }
        return actions
    }
}
