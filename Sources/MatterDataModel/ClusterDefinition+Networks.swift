extension ClusterDefinition {
    /// Network Commissioning's Networks list with one entry, NetworkInfoStruct {0 NetworkID, 1 Connected}
    /// (Matter Core Specification 11.9.5.6).
    public static func networks(_ networkID: [UInt8], connected: Bool) -> AttributeValue {
        .list([.structure([0: .bytes(networkID), 1: .bool(connected)])])
    }
}
