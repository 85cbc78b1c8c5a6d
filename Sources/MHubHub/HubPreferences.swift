/// What OHF clients tell the hub to use when it commissions: the label of its fabric and the networks devices
/// join. Stored, and kept across restarts; `reset` clears it.
public struct HubPreferences: Hashable, Sendable {
    /// The label the hub's fabric gets on the nodes it commissions from then on (`set_default_fabric_label`); `nil`
    /// is ``defaultFabricLabel``.
    public var fabricLabel: String?
    /// The Wi-Fi network Wi-Fi devices join at `network_setup` (`set_wifi_credentials`).
    public var wifi: WiFiCredentials?
    /// The Thread network Thread devices join at `network_setup` (`set_thread_dataset`).
    public var threadDataset: ThreadDataset?
    /// The other Thread networks the home knows, which a Network Infrastructure Manager's Thread Network Directory
    /// lists after the home's own (`AddNetwork`; docs/devices.md, "Network infrastructure"), at most
    /// `threadDirectoryCapacity` with it.
    public var threadDirectory: [ThreadDataset] = []

    /// The networks a Thread Network Directory holds: its ThreadNetworkTableSize, at least twice the 5 fabrics a
    /// device supports (Application Cluster Specification 10.4.5.3).
    public static let threadDirectoryCapacity = 10

    /// The label a fabric gets when none was set, or when it was set to null or "" (as the matter.js server does:
    /// matterjs-server `docs/websockets_api.md`, "Behavioral Differences").
    public static let defaultFabricLabel = "Home"

    public init(
        fabricLabel: String? = nil, wifi: WiFiCredentials? = nil, threadDataset: ThreadDataset? = nil,
        threadDirectory: [ThreadDataset] = []
    ) {
        self.fabricLabel = fabricLabel
        self.wifi = wifi
        self.threadDataset = threadDataset
        self.threadDirectory = threadDirectory
    }

    /// Every Thread network the home knows: its own first (the one its devices join), then the directory's others.
    public var threadNetworks: [ThreadDataset] {
        (threadDataset.map { [$0] } ?? []) + threadDirectory.filter { $0.extendedPANID != threadDataset?.extendedPANID }
    }

    /// The label the hub's fabric has on the nodes it commissions now.
    public var effectiveFabricLabel: String { fabricLabel ?? Self.defaultFabricLabel }
}

/// A Wi-Fi network's SSID and passphrase, as Network Commissioning's AddOrUpdateWiFiNetwork carries them (Matter
/// Core Specification 11.9.7.3: SSID 1–32 octets, credentials 0–64 octets).
public struct WiFiCredentials: Hashable, Sendable, CustomStringConvertible {
    public var ssid: String
    public var credentials: String

    public init(ssid: String, credentials: String) {
        self.ssid = ssid
        self.credentials = credentials
    }

    /// Checks the lengths a device checks; the reason when they are wrong.
    public static func validated(ssid: String, credentials: String) -> Result<WiFiCredentials, WiFiCredentialsError> {
        guard (1...32).contains(ssid.utf8.count) else {
            return .failure(WiFiCredentialsError(reason: "ssid must be 1 to 32 bytes, not \(ssid.utf8.count)"))
        }
        guard credentials.utf8.count <= 64 else {
            return .failure(
                WiFiCredentialsError(reason: "credentials must be at most 64 bytes, not \(credentials.utf8.count)"))
        }
        return .success(WiFiCredentials(ssid: ssid, credentials: credentials))
    }

    /// Never the passphrase: what a log line or an error may show.
    public var description: String { "Wi-Fi \"\(ssid)\" (credentials hidden)" }
}

public struct WiFiCredentialsError: Error, Hashable, Sendable {
    public var reason: String
}
