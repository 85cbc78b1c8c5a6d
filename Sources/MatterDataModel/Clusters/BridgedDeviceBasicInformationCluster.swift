extension ClusterDefinition {
    /// Bridged Device Basic Information (0x0039), revision 4 (Matter 1.4, which added ProductID and, under the
    /// Bridged ICD Support feature mhub does not declare, KeepActive and ActiveChanged): who a bridged device is, on
    /// the first endpoint of each bridged device.
    ///
    /// Derived from Basic Information (Matter Core Specification 9.13): the same attributes with the same IDs and
    /// types, those a bridged device has (the Python controller's `chip.clusters.Objects.BridgedDeviceBasicInformation`;
    /// CHIP's generated metadata still says `kRevision = 3`, the specification's tables 4). Reachable
    /// and UniqueID are mandatory; NodeLabel is writable with Manage, as Basic Information's is. The values come
    /// from the bridged device (`MatterNode`'s bridge view), not from these defaults.
    public static let bridgedDeviceBasicInformation = ClusterDefinition(
        id: 0x0039, name: "BridgedDeviceBasicInformation", revision: 4,
        attributes: basicInformation.attributes.filter {
            [0x0001, 0x0002, 0x0003, 0x0004, 0x0005, 0x0007, 0x0008, 0x0009, 0x000A, 0x000E, 0x000F, 0x0011, 0x0012]
                .contains($0.id)
        }
    )
}
