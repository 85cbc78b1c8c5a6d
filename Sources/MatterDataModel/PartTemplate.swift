/// One part of a composed device: a device type on an endpoint of its own below the device's endpoint 1, such as a
/// heat pump's room thermostat (Matter Core Specification 9.2, endpoint composition; Device Library 14.5.5).
public struct PartTemplate: Hashable, Sendable {
    /// What the part is to the device, for documentation and `mhubctl`: `room thermostat`.
    public var role: String
    public var deviceType: DeviceTypeRef
    /// Its server clusters besides its Descriptor.
    public var clusters: [ClusterTemplate]
    /// The client clusters its device type requires, for its Descriptor's ClientList.
    public var clients: [ClusterID]

    public init(role: String, deviceType: DeviceTypeRef, clusters: [ClusterTemplate], clients: [ClusterID] = []) {
        self.role = role
        self.deviceType = deviceType
        self.clusters = clusters
        self.clients = clients
    }

    /// The part as endpoint `id`: a leaf of the device's tree, with an empty PartsList.
    func endpoint(_ id: EndpointID) -> EndpointData {
        EndpointData(id: id, deviceTypes: [deviceType], serverClusters: clusters, parts: [], clients: clients)
    }
}
