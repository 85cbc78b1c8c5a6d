extension EndpointData {
    /// An endpoint with `serverClusters` and a Descriptor computed from the endpoint's structure.
    ///
    /// DeviceTypeList holds DeviceTypeStructs {0 DeviceType, 1 Revision}; ServerList is every server
    /// cluster, the Descriptor itself included, in ID order; ClientList is `clients` in ID order; PartsList is
    /// `parts`.
    public init(
        id: EndpointID, deviceTypes: [DeviceTypeRef], serverClusters: [ClusterTemplate], parts: [EndpointID],
        clients: [ClusterID] = []
    ) {
        let deviceTypeList = deviceTypes.map { type in
            AttributeValue.structure([0: .unsigned(UInt64(type.id)), 1: .unsigned(UInt64(type.revision))])
        }
        let serverList = ([ClusterDefinition.descriptor.id] + serverClusters.map(\.definition.id)).sorted()
        let descriptor = ClusterTemplate(
            .descriptor,
            overrides: [
                0x0000: .list(deviceTypeList),
                0x0001: .list(serverList.map { .unsigned(UInt64($0)) }),
                0x0002: .list(clients.sorted().map { .unsigned(UInt64($0)) }),
                0x0003: .list(parts.map { .unsigned(UInt64($0)) }),
            ])
        self.init(id: id, deviceTypes: deviceTypes, clusters: ([descriptor] + serverClusters).map { $0.makeData() })
    }
}
