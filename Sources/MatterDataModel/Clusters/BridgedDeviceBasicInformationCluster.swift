extension ClusterDefinition {
    /// Bridged Device Basic Information (0x0039), revision 3: who a bridged device is, on the first endpoint of
    /// each bridged device.
    ///
    /// Source: CHIP's generated cluster metadata (`BridgedDeviceBasicInformation` `kRevision = 3`) and the Python
    /// controller's `chip.clusters.Objects.BridgedDeviceBasicInformation` (IDs and types); the cluster derives from
    /// Basic Information (Matter Core Specification 9.13). Reachable and UniqueID are mandatory; NodeLabel is
    /// writable with Manage, as Basic Information's is. The values come from the bridged device
    /// (`MatterNode`'s bridge view), not from these defaults.
    public static let bridgedDeviceBasicInformation = ClusterDefinition(
        id: 0x0039, name: "BridgedDeviceBasicInformation", revision: 3,
        attributes: [
            AttributeDefinition(id: 0x0001, name: "vendorName", type: .string(maxLength: 32), default: .string("")),
            AttributeDefinition(id: 0x0002, name: "vendorID", type: .uint16, default: .unsigned(0xFFF1)),
            AttributeDefinition(id: 0x0003, name: "productName", type: .string(maxLength: 32), default: .string("")),
            AttributeDefinition(id: 0x0004, name: "productID", type: .uint16, default: .unsigned(0x8000)),
            AttributeDefinition(
                id: 0x0005, name: "nodeLabel", type: .string(maxLength: 32), writable: true,
                writePrivilege: .manage, default: .string("")),
            AttributeDefinition(id: 0x0007, name: "hardwareVersion", type: .uint16, default: .unsigned(0)),
            AttributeDefinition(
                id: 0x0008, name: "hardwareVersionString", type: .string(maxLength: 64), default: .string("0")),
            AttributeDefinition(id: 0x0009, name: "softwareVersion", type: .uint32, default: .unsigned(0)),
            AttributeDefinition(
                id: 0x000A, name: "softwareVersionString", type: .string(maxLength: 64), default: .string("0")),
            AttributeDefinition(id: 0x000E, name: "productLabel", type: .string(maxLength: 64), default: .string("")),
            AttributeDefinition(id: 0x000F, name: "serialNumber", type: .string(maxLength: 32), default: .string("")),
            AttributeDefinition(id: 0x0011, name: "reachable", type: .bool, default: .bool(true)),
            AttributeDefinition(id: 0x0012, name: "uniqueID", type: .string(maxLength: 32), default: .string("")),
        ]
    )
}
