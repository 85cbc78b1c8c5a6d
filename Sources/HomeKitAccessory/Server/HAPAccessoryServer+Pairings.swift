/// `POST /pairings` (HAP R14 §5.10–5.12; reference section 7): an administrator adds, removes and lists pairings.
extension HAPAccessoryServer {
    mutating func pairings(_ body: [UInt8], on id: UInt64, context: some HAPServerContext) -> [HAPServerAction] {
        guard let message = try? TLV8.decode(body), let method = message.byte(.method) else {
            return respond(HAPResponse(status: 400), on: id)
        }
        guard let controller = connections[id]?.controller, record.pairing(controller)?.isAdmin == true else {
            return pairingError(state: 2, .authentication, on: id)
        }
        switch HAPPairingMethod(rawValue: method) {
        case .addPairing: return addPairing(message, on: id, context: context)
        case .removePairing: return removePairing(message, on: id, context: context)
        case .listPairings: return listPairings(on: id)
        default: return pairingError(state: 2, .unknown, on: id)
        }
    }

    /// Add: a new pairing, or new permissions for one with the same key; the same identifier with another key is an
    /// error (ADK `HAPPairingPairings.c`).
    private mutating func addPairing(
        _ message: TLV8, on id: UInt64, context: some HAPServerContext
    ) -> [HAPServerAction] {
        guard let identifier = message.first(.identifier), !identifier.isEmpty, identifier.count <= 64,
            let key = message.first(.publicKey), key.count == 32, let permissions = message.byte(.permissions)
        else { return pairingError(state: 2, .unknown, on: id) }
        var changed = record
        if let index = changed.pairings.firstIndex(where: { $0.identifier == identifier }) {
            guard changed.pairings[index].publicKey == key else { return pairingError(state: 2, .unknown, on: id) }
            changed.pairings[index].isAdmin = permissions & 1 == 1
        } else {
            guard changed.pairings.count < Self.maximumPairings else {
                return pairingError(state: 2, .maxPeers, on: id)
            }
            changed.pairings.append(HAPPairing(identifier: identifier, publicKey: key, isAdmin: permissions & 1 == 1))
        }
        guard keep(changed, context: context) else { return pairingError(state: 2, .unknown, on: id) }
        return respond(.tlv8(TLV8([(.state, [2])])), on: id) + [
            .log(
                .notice,
                "homekit: pairing \(HAPPairing.text(identifier)) added (\(permissions & 1 == 1 ? "admin" : "user"))"),
            .pairingsChanged,
        ]
    }

    /// Remove: gone if present, success if not; its connections close after the reply. With no administrator left,
    /// every pairing goes and the accessory is unpaired (ADK `HAPAccessoryServerCleanupPairings`).
    private mutating func removePairing(
        _ message: TLV8, on id: UInt64, context: some HAPServerContext
    ) -> [HAPServerAction] {
        guard let identifier = message.first(.identifier) else { return pairingError(state: 2, .unknown, on: id) }
        var changed = record
        changed.pairings.removeAll { $0.identifier == identifier }
        let lastAdminGone = !changed.pairings.contains(where: \.isAdmin)
        if lastAdminGone { changed.pairings = [] }
        guard keep(changed, context: context) else { return pairingError(state: 2, .unknown, on: id) }
        var actions = respond(.tlv8(TLV8([(.state, [2])])), on: id)
        actions.append(
            .log(
                .notice,
                "homekit: pairing \(HAPPairing.text(identifier)) removed"
                    + (lastAdminGone ? "; no administrator is left, so the bridge is unpaired" : "")))
        for (other, connection) in connections.sorted(by: { $0.key < $1.key }) {
            guard let owner = connection.controller, owner == identifier || record.pairing(owner) == nil else {
                continue
            }
            actions.append(.close(connection: other, reason: "its pairing was removed"))
        }
        actions.append(.pairingsChanged)
        return actions
    }

    /// List: State first (aiohomekit checks it), then each pairing with a separator between them.
    private mutating func listPairings(on id: UInt64) -> [HAPServerAction] {
        var items: [(HAPTLVType, [UInt8])] = [(.state, [2])]
        for (index, pairing) in record.pairings.enumerated() {
            if index > 0 { items.append((.separator, [])) }
            items += [
                (.identifier, pairing.identifier), (.publicKey, pairing.publicKey),
                (.permissions, [pairing.isAdmin ? 1 : 0]),
            ]
        }
        return respond(.tlv8(TLV8(items)), on: id)
    }
}
