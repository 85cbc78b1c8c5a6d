extension ClusterDefinition {
    /// Network Commissioning (0x0031), revision 2, for an Ethernet interface: EthernetNetworkInterface (feature bit 2)
    /// alone, so no commands and none of ScanMaxTimeSeconds, ConnectMaxTimeSeconds or the Wi-Fi and Thread attributes
    /// (their conformance is WI, TH or WI | TH).
    ///
    /// Source: CHIP SDK `data_model/1.4/clusters/NetworkCommissioningCluster.xml`; Matter Core Specification 11.9.
    /// The defaults are an interface not yet named: no networks, the last attempt's attributes null. Whoever places it
    /// gives Networks its one entry {NetworkID: the interface's name, Connected}. Not in `ClusterCatalog`, which knows
    /// one definition per ID (the Wi-Fi one, `networkCommissioning`).
    public static let ethernetNetworkCommissioning = ClusterDefinition(
        id: 0x0031, name: "NetworkCommissioning", revision: 2, featureMap: 0x4,
        attributes: [
            AttributeDefinition(id: 0x0000, name: "maxNetworks", type: .uint8, range: 1...255, default: .unsigned(1)),
            AttributeDefinition(id: 0x0001, name: "networks", type: .list, default: .list([])),
            AttributeDefinition(
                id: 0x0004, name: "interfaceEnabled", type: .bool, writable: true, default: .bool(true)),
            AttributeDefinition(
                id: 0x0005, name: "lastNetworkingStatus", type: .enum8, nullable: true, range: 0...12, default: .null),
            AttributeDefinition(
                id: 0x0006, name: "lastNetworkID", type: .bytes(maxLength: 32), nullable: true, default: .null),
            AttributeDefinition(
                id: 0x0007, name: "lastConnectErrorValue", type: .int32, nullable: true, default: .null),
        ]
    )

    /// Network Commissioning's Networks list with one entry, NetworkInfoStruct {0 NetworkID, 1 Connected}
    /// (Matter Core Specification 11.9.5.6).
    public static func networks(_ networkID: [UInt8], connected: Bool) -> AttributeValue {
        .list([.structure([0: .bytes(networkID), 1: .bool(connected)])])
    }
}
