import MatterDataModel

/// An endpoint the owner serves, as reads see it in each layout. The bridge shows a device endpoint as CHIP's
/// `examples/bridge-app` does (matter-commissionee.md §6.1): a Descriptor of the bridge's own (the device types, with
/// Bridged Node 0x0013 on the device's first endpoint, Device Library 2.5; every server cluster; the bridged numbers
/// of its parts) and, on the device's first endpoint, Bridged Device Basic Information (Matter Core Specification
/// 9.13). A device's own node shows the endpoint as it is, its own Descriptor included.
extension NodeEndpoint {
    /// The device types its Descriptor lists.
    func deviceTypes(in layout: MatterNodeLayout) -> [DeviceTypeRef] {
        switch layout {
        case .bridge:
            deviceTypes
                + (device != nil && !deviceTypes.contains { $0.id == DeviceTypeRef.bridgedNode.id }
                    ? [.bridgedNode] : [])
        case .device: deviceTypes
        }
    }

    /// Its client clusters, as its own Descriptor's ClientList has them (a light switch's On/Off): the bridge's
    /// Descriptor keeps them, since the device type's conformance requires them (Device Library 1.4).
    var clientList: [ClusterID] {
        guard case .list(let clients)? = clusters[MatterNodeAttributes.descriptor]?.attributes[2] else { return [] }
        return clients.compactMap { if case .unsigned(let id) = $0 { ClusterID(truncatingIfNeeded: id) } else { nil } }
    }

    /// Its server clusters, ascending: its Descriptor's ServerList.
    func serverList(in layout: MatterNodeLayout) -> [ClusterID] {
        switch layout {
        case .bridge:
            var served = Set(clusters.keys)
            served.insert(MatterNodeAttributes.descriptor)
            if device != nil { served.insert(MatterNodeAttributes.bridgedDeviceBasicInformation) }
            return served.sorted()
        case .device:
            return clusters.keys.sorted()
        }
    }

    func hasCluster(_ cluster: ClusterID, in layout: MatterNodeLayout) -> Bool {
        switch layout {
        case .bridge:
            cluster == MatterNodeAttributes.descriptor || clusters[cluster] != nil
                || (cluster == MatterNodeAttributes.bridgedDeviceBasicInformation && device != nil)
        case .device: clusters[cluster] != nil
        }
    }

    func attributeIDs(of cluster: ClusterID, in layout: MatterNodeLayout) -> [AttributeID]? {
        switch (layout, cluster) {
        case (.bridge, MatterNodeAttributes.descriptor): ClusterDefinition.descriptor.attributeIDs
        case (.bridge, MatterNodeAttributes.bridgedDeviceBasicInformation) where device != nil:
            ClusterDefinition.bridgedDeviceBasicInformation.attributeIDs
        case (.bridge, _), (.device, _): clusters[cluster]?.attributes.keys.sorted()
        }
    }

    func value(_ cluster: ClusterID, _ attribute: AttributeID, in layout: MatterNodeLayout) -> AttributeValue? {
        switch (layout, cluster) {
        case (.bridge, MatterNodeAttributes.descriptor):
            MatterNodeAttributes.descriptorValue(
                attribute, deviceTypes: deviceTypes(in: layout), serverList: serverList(in: layout),
                clientList: clientList, parts: parts)
        case (.bridge, MatterNodeAttributes.bridgedDeviceBasicInformation) where device != nil:
            device?.value(attribute)
        case (.bridge, _), (.device, _): clusters[cluster]?.attributes[attribute]
        }
    }
}
