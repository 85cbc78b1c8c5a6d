import MHubProtocol

/// The networks the hub gives devices at `network_setup`, and the label of its fabric, as typed calls
/// (docs/protocol.md §7a).
extension MHubConnection {
    /// The Wi-Fi network Wi-Fi devices join (`set_wifi_credentials`); the hub keeps it across restarts.
    public func setWiFiCredentials(ssid: String, credentials: String) async throws(MHubClientError) {
        _ = try await call(.setWiFiCredentials, ["ssid": .string(ssid), "credentials": .string(credentials)])
    }

    /// The Thread network Thread devices join (`set_thread_dataset`): the Active Operational Dataset in hexadecimal.
    public func setThreadDataset(_ hex: String) async throws(MHubClientError) {
        _ = try await call(.setThreadDataset, ["dataset": .string(hex)])
    }

    public func removeWiFiCredentials() async throws(MHubClientError) {
        _ = try await call(.removeWiFiCredentials)
    }

    public func removeThreadDataset() async throws(MHubClientError) {
        _ = try await call(.removeThreadDataset)
    }

    /// The label the hub's fabric gets on the devices it commissions from now on (nil: "Home").
    public func setDefaultFabricLabel(_ label: String?) async throws(MHubClientError) {
        _ = try await call(.setDefaultFabricLabel, ["label": label.map { .string($0) } ?? .null])
    }
}
