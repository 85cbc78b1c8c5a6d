import MHubJSON
import MHubProtocol

/// What OHF clients set for the hub's commissioning (`HubPreferences`): the fabric label Home Assistant sends right
/// after `start_listening`, the Wi-Fi credentials and Thread dataset devices join at `network_setup`; and the vendor
/// names table (docs/protocol.md §7a).
extension Hub {
    /// `set_default_fabric_label {label}`: null or "" is "Home" (`HubPreferences.defaultFabricLabel`). The label of the
    /// hub's fabric on the nodes it commissions from then on; nodes already commissioned keep theirs.
    mutating func setDefaultFabricLabel(_ args: inout Arguments, _ outcome: inout HubOutcome) throws(HubError)
        -> JSONValue
    {
        guard args.members["label"] != nil else { throw HubError(.invalidArguments, "argument 'label' is required") }
        let label = try args.string("label")
        try args.rejectUnknown(command: .setDefaultFabricLabel)
        var preferences = state.preferences
        // Cut to the 32 bytes a fabric label holds (Operational Credentials' UpdateFabricLabel, Matter Core
        // Specification 11.18.6.11), as the OHF server cuts it: Home Assistant sends its home's name whatever its
        // length, and takes a refusal as a reason never to finish setting up.
        preferences.fabricLabel = label.flatMap { $0.isEmpty ? nil : $0.prefix(utf8Bytes: 32) }
        if preferences != state.preferences {
            state.preferences = preferences
            outcome.changes.append(.savePreferences(preferences))
        }
        return .null
    }

    /// `set_wifi_credentials {ssid, credentials, id?}`.
    mutating func setWiFiCredentials(_ args: inout Arguments, _ outcome: inout HubOutcome) throws(HubError)
        -> JSONValue
    {
        let ssid = try args.requiredString("ssid")
        let credentials = try args.requiredString("credentials")
        return try changePreferences(&args, command: .setWiFiCredentials, &outcome) { preferences throws(HubError) in
            switch WiFiCredentials.validated(ssid: ssid, credentials: credentials) {
            case .success(let valid): preferences.wifi = valid
            case .failure(let error): throw HubError(.invalidArguments, error.reason)
            }
        }
    }

    /// `set_thread_dataset {dataset, id?}`: the Active Operational Dataset as hex, checked (`ThreadDataset`).
    mutating func setThreadDataset(_ args: inout Arguments, _ outcome: inout HubOutcome) throws(HubError) -> JSONValue {
        let hex = try args.requiredString("dataset")
        return try changePreferences(&args, command: .setThreadDataset, &outcome) { preferences throws(HubError) in
            switch ThreadDataset.parse(hex: hex) {
            case .success(let valid): preferences.threadDataset = valid
            case .failure(let error):
                throw HubError(.invalidArguments, "dataset is not a Thread dataset: \(error.reason)")
            }
        }
    }

    /// `remove_wifi_credentials {id?}`.
    mutating func removeWiFiCredentials(_ args: inout Arguments, _ outcome: inout HubOutcome) throws(HubError)
        -> JSONValue
    {
        try changePreferences(&args, command: .removeWiFiCredentials, &outcome) { $0.wifi = nil }
    }

    /// `remove_thread_dataset {id?}`.
    mutating func removeThreadDataset(_ args: inout Arguments, _ outcome: inout HubOutcome) throws(HubError)
        -> JSONValue
    {
        try changePreferences(&args, command: .removeThreadDataset, &outcome) { $0.threadDataset = nil }
    }

    /// A credentials command's common part: its `id` (matterjs-server keeps named lists from schema 12, and its
    /// client sends `id: "default"` to a schema-11 server; mhub, schema 11, has the default entry only), no other
    /// argument, then `change` to the preferences, which are stored and announced (`setPreferences`). Answers null.
    private mutating func changePreferences(
        _ args: inout Arguments, command: HubCommand, _ outcome: inout HubOutcome,
        _ change: (inout HubPreferences) throws(HubError) -> Void
    ) throws(HubError) -> JSONValue {
        if let id = try args.string("id"), id != "default" {
            throw HubError(
                .invalidArguments, "mhub keeps one entry (schema 11); id must be \"default\" or left out, not \"\(id)\""
            )
        }
        try args.rejectUnknown(command: command)
        var preferences = state.preferences
        try change(&preferences)
        setPreferences(preferences, &outcome)
        return .null
    }

    /// Stores `preferences`, and tells every listener the new server info, as the OHF server does after each
    /// credentials change (`server_info_updated`).
    mutating func setPreferences(_ preferences: HubPreferences, _ outcome: inout HubOutcome) {
        state.preferences = preferences
        refreshServerInfo()
        outcome.changes.append(.savePreferences(preferences))
        outcome.events.append(HubEvent(.serverInfoUpdated, serverInfoText))
    }

    /// `get_vendor_names {filter_vendors?}`: `{"<vendor ID>": name}` for the IDs asked (all when none are), from
    /// `VendorNames`; IDs it does not know are left out.
    func getVendorNames(_ args: inout Arguments) throws(HubError) -> JSONValue {
        let filter = args.raw("filter_vendors")
        try args.rejectUnknown(command: .getVendorNames)
        var names: [String: JSONValue] = [:]
        switch filter {
        case nil:
            for (id, name) in VendorNames.all { names[String(id)] = .string(name) }
        case .array(let ids)?:
            for id in ids {
                guard case .integer(let number) = id, let vendor = UInt16(exactly: number) else {
                    throw HubError(.invalidArguments, "filter_vendors must list vendor IDs from 0 to 65535")
                }
                if let name = VendorNames.name(of: vendor) { names[String(vendor)] = .string(name) }
            }
        case let other?:
            throw HubError(.invalidArguments, "filter_vendors must be a list of vendor IDs, not \(other.typeName)")
        }
        return .object(names)
    }
}
