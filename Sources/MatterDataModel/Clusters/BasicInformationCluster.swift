extension ClusterDefinition {
    /// Basic Information (0x0028), revision 4, as a Matter 1.4 node reports it.
    ///
    /// Source: CHIP SDK `data_model/1.4/clusters/BasicInformationCluster.xml` (IDs, types, lengths).
    /// DataModelRevision 18 is Matter 1.4's (CHIP SDK pull request #72874,
    /// `binfo_attributes_verification.py`); SpecificationVersion encodes 1.4.0 as 0x01040000 (major, minor,
    /// patch, reserved octets). CapabilityMinima is {0 CaseSessionsPerFabric, 1 SubscriptionsPerFabric},
    /// each at least 3. The identity strings default to empty; nodes built from a template fill them.
    public static let basicInformation = ClusterDefinition(
        id: 0x0028, name: "BasicInformation", revision: 4,
        attributes: [
            AttributeDefinition(id: 0x0000, name: "dataModelRevision", type: .uint16, default: .unsigned(18)),
            AttributeDefinition(id: 0x0001, name: "vendorName", type: .string(maxLength: 32), default: .string("")),
            AttributeDefinition(id: 0x0002, name: "vendorID", type: .uint16, default: .unsigned(0xFFF1)),
            AttributeDefinition(id: 0x0003, name: "productName", type: .string(maxLength: 32), default: .string("")),
            AttributeDefinition(id: 0x0004, name: "productID", type: .uint16, default: .unsigned(0x8000)),
            AttributeDefinition(
                id: 0x0005, name: "nodeLabel", type: .string(maxLength: 32), writable: true, writePrivilege: .manage,
                default: .string("")),
            AttributeDefinition(
                id: 0x0006, name: "location", type: .string(maxLength: 2), writable: true, writePrivilege: .administer,
                default: .string("XX")),
            AttributeDefinition(id: 0x0007, name: "hardwareVersion", type: .uint16, default: .unsigned(0)),
            AttributeDefinition(
                id: 0x0008, name: "hardwareVersionString", type: .string(maxLength: 64), default: .string("0")),
            AttributeDefinition(id: 0x0009, name: "softwareVersion", type: .uint32, default: .unsigned(0)),
            AttributeDefinition(
                id: 0x000A, name: "softwareVersionString", type: .string(maxLength: 64), default: .string("0")),
            AttributeDefinition(
                id: 0x000B, name: "manufacturingDate", type: .string(maxLength: 16), default: .string("20240101")),
            AttributeDefinition(id: 0x000C, name: "partNumber", type: .string(maxLength: 32), default: .string("")),
            AttributeDefinition(
                id: 0x000D, name: "productURL", type: .string(maxLength: 256), default: .string("https://mhub.invalid/")
            ),
            AttributeDefinition(id: 0x000E, name: "productLabel", type: .string(maxLength: 64), default: .string("")),
            AttributeDefinition(id: 0x000F, name: "serialNumber", type: .string(maxLength: 32), default: .string("")),
            AttributeDefinition(
                id: 0x0010, name: "localConfigDisabled", type: .bool, writable: true, writePrivilege: .manage,
                default: .bool(false)),
            AttributeDefinition(id: 0x0011, name: "reachable", type: .bool, default: .bool(true)),
            AttributeDefinition(id: 0x0012, name: "uniqueID", type: .string(maxLength: 32), default: .string("")),
            AttributeDefinition(
                id: 0x0013, name: "capabilityMinima", type: .structure,
                default: .structure([0: .unsigned(3), 1: .unsigned(3)])),
            AttributeDefinition(
                id: 0x0015, name: "specificationVersion", type: .uint32, default: .unsigned(0x0104_0000)),
            AttributeDefinition(
                id: 0x0016, name: "maxPathsPerInvoke", type: .uint16, range: 1...0xFFFF, default: .unsigned(1)),
        ]
    )
}
