import MHubJSON
import MHubProtocol

/// What OHF clients set for the hub's commissioning (`HubPreferences`): the fabric label Home Assistant sends right
/// after `start_listening`, the Wi-Fi credentials and Thread dataset devices join at `network_setup`; and the vendor
/// names table (docs/protocol.md §7a).
extension Hub {
    /// `set_default_fabric_label {label}`: null or "" is "Home" (`HubPreferences.defaultFabricLabel`). The label of the
    /// hub's fabric on the nodes it commissions from then on; nodes already commissioned keep theirs.
    mutating func setDefaultFabricLabel(_ request: SetDefaultFabricLabel, _ outcome: inout HubOutcome) {
        var preferences = state.preferences
        // Cut to the 32 bytes a fabric label holds (Operational Credentials' UpdateFabricLabel, Matter Core
        // Specification 11.18.6.11), as the OHF server cuts it: Home Assistant sends its home's name whatever its
        // length, and takes a refusal as a reason never to finish setting up.
        preferences.fabricLabel = request.label.flatMap { $0.isEmpty ? nil : $0.prefix(utf8Bytes: 32) }
        if preferences != state.preferences {
            state.preferences = preferences
            outcome.changes.append(.savePreferences(preferences))
        }
    }

    mutating func setWiFiCredentials(_ request: SetWiFiCredentials, _ outcome: inout HubOutcome) throws(HubError) {
        switch WiFiCredentials.validated(ssid: request.ssid, credentials: request.credentials) {
        case .success(let valid): changePreferences(&outcome) { $0.wifi = valid }
        case .failure(let error): throw HubError(.invalidArguments, error.reason)
        }
    }

    /// The Active Operational Dataset as hex, checked (`ThreadDataset`).
    mutating func setThreadDataset(_ request: SetThreadDataset, _ outcome: inout HubOutcome) throws(HubError) {
        switch ThreadDataset.parse(hex: request.dataset) {
        case .success(let valid): changePreferences(&outcome) { $0.threadDataset = valid }
        case .failure(let error): throw HubError(.invalidArguments, "dataset is not a Thread dataset: \(error.reason)")
        }
    }

    mutating func removeWiFiCredentials(_: RemoveWiFiCredentials, _ outcome: inout HubOutcome) {
        changePreferences(&outcome) { $0.wifi = nil }
    }

    mutating func removeThreadDataset(_: RemoveThreadDataset, _ outcome: inout HubOutcome) {
        changePreferences(&outcome) { $0.threadDataset = nil }
    }

    /// A credentials command's change to the preferences, which are stored and announced (`setPreferences`).
    private mutating func changePreferences(_ outcome: inout HubOutcome, _ change: (inout HubPreferences) -> Void) {
        var preferences = state.preferences
        change(&preferences)
        setPreferences(preferences, &outcome)
    }

    /// Stores `preferences`, and tells every listener the new server info, as the OHF server does after each
    /// credentials change (`server_info_updated`).
    mutating func setPreferences(_ preferences: HubPreferences, _ outcome: inout HubOutcome) {
        state.preferences = preferences
        refreshServerInfo()
        outcome.changes.append(.savePreferences(preferences))
        outcome.events.append(HubEvent(.serverInfoUpdated, run.serverInfoText))
        refreshNetworkInfrastructure(&outcome)
    }

    /// Every Network Infrastructure Manager's attributes brought in line with the home's networks, reported and
    /// stored as any change is.
    mutating func refreshNetworkInfrastructure(_ outcome: inout HubOutcome) {
        for id in state.nodes.keys.sorted() {
            guard var node = state.nodes[id] else { continue }
            let changes = node.data.endpoints.values.flatMap {
                NetworkInfrastructure.attributes(state.preferences, endpoint: $0)
            }
            guard changes.contains(where: { node.data[$0.0] != $0.1 }) else { continue }
            for (path, value) in changes { set(path, value, on: &node, &outcome) }
            state.nodes[id] = node
            outcome.changes.append(.saveNode(node))
        }
    }

    /// `get_vendor_names {filter_vendors?}`: the names of the IDs asked (all when none are), from `VendorNames`; IDs
    /// it does not know are left out.
    func getVendorNames(_ request: GetVendorNames) -> VendorNameList {
        var names: [UInt16: String] = [:]
        if let filter = request.filterVendors {
            for vendor in filter { names[vendor] = VendorNames.name(of: vendor) }
        } else {
            for (id, name) in VendorNames.all { names[id] = name }
        }
        return VendorNameList(names: names)
    }
}
