extension ClusterDefinition {
    /// Network Commissioning (0x0031), revision 2, for a Wi-Fi interface.
    ///
    /// Source: CHIP SDK `data_model/1.4/clusters/NetworkCommissioningCluster.xml`. WiFiNetworkInterface is
    /// feature bit 0; SupportedWiFiBands lists WiFiBandEnum values (0 is 2.4 GHz). The last-attempt
    /// attributes are null until a connection has been tried.
    public static let networkCommissioning = ClusterDefinition(
        id: 0x0031, name: "NetworkCommissioning", revision: 2, featureMap: 0x1,
        attributes: [
            AttributeDefinition(id: 0x0000, name: "maxNetworks", type: .uint8, range: 1...255, default: .unsigned(1)),
            AttributeDefinition(id: 0x0001, name: "networks", type: .list, default: .list([])),
            AttributeDefinition(id: 0x0002, name: "scanMaxTimeSeconds", type: .uint8, default: .unsigned(10)),
            AttributeDefinition(id: 0x0003, name: "connectMaxTimeSeconds", type: .uint8, default: .unsigned(20)),
            AttributeDefinition(
                id: 0x0004, name: "interfaceEnabled", type: .bool, writable: true, default: .bool(true)),
            AttributeDefinition(
                id: 0x0005, name: "lastNetworkingStatus", type: .enum8, nullable: true, range: 0...12, default: .null),
            AttributeDefinition(
                id: 0x0006, name: "lastNetworkID", type: .bytes(maxLength: 32), nullable: true, default: .null),
            AttributeDefinition(
                id: 0x0007, name: "lastConnectErrorValue", type: .int32, nullable: true, default: .null),
            AttributeDefinition(
                id: 0x0008, name: "supportedWiFiBands", type: .list, default: .list([.unsigned(0)])),
        ],
        commands: [
            CommandDefinition(
                id: 0x00, name: "ScanNetworks",
                fields: [
                    CommandField(id: 0, name: "ssid", type: .bytes(maxLength: 32), nullable: true, optional: true),
                    breadcrumb(tag: 1),
                ],
                response: 0x01),
            CommandDefinition(
                id: 0x02, name: "AddOrUpdateWiFiNetwork",
                fields: [
                    CommandField(id: 0, name: "ssid", type: .bytes(maxLength: 32)),
                    CommandField(id: 1, name: "credentials", type: .bytes(maxLength: 64)),
                    breadcrumb(tag: 2),
                ],
                response: 0x05),
            CommandDefinition(
                id: 0x04, name: "RemoveNetwork", fields: [networkID, breadcrumb(tag: 1)], response: 0x05),
            CommandDefinition(
                id: 0x06, name: "ConnectNetwork", fields: [networkID, breadcrumb(tag: 1)], response: 0x07),
            CommandDefinition(
                id: 0x08, name: "ReorderNetwork",
                fields: [networkID, CommandField(id: 1, name: "networkIndex", type: .uint8), breadcrumb(tag: 2)],
                response: 0x05),
        ],
        responses: [
            CommandDefinition(
                id: 0x01, name: "ScanNetworksResponse",
                fields: [
                    networkingStatus, debugText,
                    CommandField(id: 2, name: "wiFiScanResults", type: .list, optional: true),
                    CommandField(id: 3, name: "threadScanResults", type: .list, optional: true),
                ]),
            CommandDefinition(
                id: 0x05, name: "NetworkConfigResponse",
                fields: [
                    networkingStatus, debugText,
                    CommandField(id: 2, name: "networkIndex", type: .uint8, optional: true),
                ]),
            CommandDefinition(
                id: 0x07, name: "ConnectNetworkResponse",
                fields: [
                    networkingStatus, debugText,
                    CommandField(id: 2, name: "errorValue", type: .int32, nullable: true),
                ]),
        ]
    )
}

private let networkID = CommandField(id: 0, name: "networkID", type: .bytes(maxLength: 32))
private let networkingStatus = CommandField(id: 0, name: "networkingStatus", type: .enum8)
private let debugText = CommandField(id: 1, name: "debugText", type: .string(maxLength: 512), optional: true)

/// The optional Breadcrumb field at context tag `tag`.
private func breadcrumb(tag: UInt32) -> CommandField {
    CommandField(id: tag, name: "breadcrumb", type: .uint64, optional: true)
}
