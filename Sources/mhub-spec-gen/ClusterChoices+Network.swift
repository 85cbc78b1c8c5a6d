import MatterDataModel

extension ClusterChoices {
    /// A Network Infrastructure Manager's clusters (issue 37): the home's Wi-Fi and Thread networks, shared with
    /// commissioners (`DeviceLogic+NetworkInfrastructure.swift`).
    static let network: [ClusterChoice] = [
        ClusterChoice(
            name: "wiFiNetworkManagement", cluster: "WiFiNetworkManagement",
            notes: [
                "The home's Wi-Fi: SSID and PassphraseSurrogate follow the hub's Wi-Fi credentials (null while it has",
                "none); NetworkPassphraseRequest gives the passphrase over CASE only.",
            ]),
        ClusterChoice(
            name: "threadBorderRouterManagement", cluster: "ThreadBorderRouterManagement",
            defaults: [
                "BorderRouterName": .string("mhub Border Router"),
                "BorderAgentId": .bytes([
                    0x6D, 0x68, 0x75, 0x62, 0x2D, 0x62, 0x6F, 0x72, 0x64, 0x65, 0x72, 0x2D, 0x61,
                    0x67, 0x65, 0x6E,
                ]),
                "ThreadVersion": .unsigned(4), "InterfaceEnabled": .bool(false), "ActiveDatasetTimestamp": .null,
                "PendingDatasetTimestamp": .null,
            ],
            notes: [
                "Without PanChange. A Thread 1.3 (ThreadVersion 4) border router whose network is the home's Thread",
                "dataset: InterfaceEnabled and ActiveDatasetTimestamp follow it; no pending dataset. BorderAgentId is",
                "16 octets (\"mhub-border-agen\").",
            ]),
        ClusterChoice(
            name: "threadNetworkDirectory", cluster: "ThreadNetworkDirectory",
            defaults: [
                "PreferredExtendedPanId": .null, "ThreadNetworks": .list([]), "ThreadNetworkTableSize": .unsigned(10),
            ],
            notes: [
                "The home's Thread networks, its own first; ThreadNetworkTableSize 10, twice the 5 fabrics a device",
                "supports (10.4.5.3). PreferredExtendedPanId is the home's own network until another listed one is",
                "written.",
            ]),
    ]
}
