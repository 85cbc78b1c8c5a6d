import MHubProtocol

/// The networks the hub gives devices at `network_setup`, and the label of its fabric, as typed calls
/// (docs/protocol.md §7a).
extension MHubConnection {
    /// The Wi-Fi network Wi-Fi devices join (`set_wifi_credentials`); the hub keeps it across restarts.
    public func setWiFiCredentials(ssid: String, credentials: String) async throws(MHubClientError) {
        _ = try await send(SetWiFiCredentials(ssid: ssid, credentials: credentials))
    }

    /// The Thread network Thread devices join (`set_thread_dataset`): the Active Operational Dataset in hexadecimal.
    public func setThreadDataset(_ hex: String) async throws(MHubClientError) {
        _ = try await send(SetThreadDataset(dataset: hex))
    }

    public func removeWiFiCredentials() async throws(MHubClientError) {
        _ = try await send(RemoveWiFiCredentials())
    }

    public func removeThreadDataset() async throws(MHubClientError) {
        _ = try await send(RemoveThreadDataset())
    }

    /// The label the hub's fabric gets on the devices it commissions from now on (nil: "Home").
    public func setDefaultFabricLabel(_ label: String?) async throws(MHubClientError) {
        _ = try await send(SetDefaultFabricLabel(label: label))
    }
}
