import MHubConfiguration
import MHubJSON
import MHubProtocol

/// App groups: the connections that name one app group (an iOS app and its Matter Add Device extension, two
/// processes) share its commissioning session, its room list and the hub's fabric information
/// (docs/protocol.md §7, "App groups").
///
/// Who may name which group is `control.app_groups` (`AppGroupRule`): with no rules, any connection with the
/// commission scope may name any group; with rules, only the listed groups, by the listed principals (`*`: any);
/// the admin scope may name any group.
extension Hub {
    /// An app group a request names, if it names one: checked, and `client` joins it.
    mutating func appGroup(_ name: String?, client: ClientInfo) throws(HubError) -> String? {
        guard let name else { return nil }
        guard AppGroupRule.isValidName(name) else {
            throw HubError(
                .invalidArguments, "app_group must be \"group.\" and a reverse-DNS identifier, not \"\(name)\"")
        }
        guard mayUse(appGroup: name, client) else {
            throw HubError(.permissionDenied, "\(client.principal) may not use app group \(name)")
        }
        desk.join(appGroup: name, client.connectionID)
        return name
    }

    /// Whether `client` may name the app group `name` (`control.app_groups`).
    func mayUse(appGroup name: String, _ client: ClientInfo) -> Bool {
        if settings.appGroups.isEmpty || client.scope == .admin { return true }
        guard let rule = settings.appGroups.first(where: { $0.name == name }) else { return false }
        return rule.principals.contains("*") || rule.principals.contains(client.principal.name)
    }

    /// `join_app_group {app_group}`: what the group shares — its session (or `null`), the room list of the
    /// session's structure (the first structure's without one) and the hub's fabric.
    mutating func joinAppGroup(_ request: JoinAppGroup, client: ClientInfo) throws(HubError) -> AppGroupJoined {
        guard let group = try appGroup(request.appGroup, client: client) else {
            throw HubError(.invalidArguments, "argument 'app_group' is required")
        }
        let shared = desk.session.flatMap { $0.appGroup == group ? $0 : nil }
        let structureID = shared?.structureID ?? defaultStructureID
        try checkStructure(structureID, for: client)
        return AppGroupJoined(
            appGroup: group, session: shared.map { $0.info(hub: self) }, structureID: structureID,
            rooms: rooms(in: structureID),
            fabric: FabricIDs(fabricID: state.fabric.fabricID, compressedFabricID: state.fabric.compressedFabricID))
    }

    /// The structure a request names by `id` or by its display name `home`; `nil` when it names none.
    func structure(id: StructureID?, home: String?) throws(HubError) -> StructureID? {
        guard let home else { return id }
        guard id == nil else { throw HubError(.invalidArguments, "give structure_id or home, not both") }
        guard
            let structure = state.structures.values.sorted(by: { $0.id < $1.id })
                .first(where: { $0.name.lowercased() == home.lowercased() })
        else { throw HubError(.structureNotFound, "no structure named \"\(home)\"") }
        return structure.id
    }

    /// The rooms of a structure, in ID order.
    func rooms(in structureID: StructureID) -> [Room] {
        state.rooms.values.filter { $0.structureID == structureID }.sorted { $0.id < $1.id }
    }
}
