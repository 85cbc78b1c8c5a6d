import MatterDataModel
import MatterInteraction

/// The clusters a Root Node of Matter 1.4 must have besides the commissioning ones (Matter Device Library 2.1: Group
/// Key Management and General Diagnostics "M", Network Commissioning "!CustomNetworkConfig"): made from constants, so
/// they never go stale and their data versions stay as they start.
///
/// The hub serves on the host's network, which it neither scans nor joins: one Ethernet interface, connected, no
/// commands. It keeps no groups: the only key set of a fabric is its IPK, keyset 0, which AddNOC sets.
extension MatterRootEndpoint {
    /// The interface the hub's node names in Network Commissioning and General Diagnostics; the name the simulated
    /// Ethernet devices use too (mhub binds to every interface, so no one name is truer).
    static let interfaceName = "eth0"
    /// A locally administered unicast MAC address (bit 1 of the first octet set, bit 0 clear), "MHUB" in the rest.
    static let hardwareAddress: [UInt8] = [0x02, 0x00, 0x4D, 0x48, 0x55, 0x42]

    /// General Diagnostics' UpTime, answered per read from the node's clock (`MatterNodeAttributes.upTimeSeconds`),
    /// 0 in the cached endpoint. Its quality is C (Matter Core 7.7, changes omitted): a change is never reported on
    /// its own nor moves the data version, but a read gives the value now.
    static let upTime = AttributePath(endpoint: 0, cluster: generalDiagnostics, attribute: 0x0002)

    /// Network Commissioning (Matter Core 11.9) for the one Ethernet interface: MaxNetworks 1, the interface
    /// connected, InterfaceEnabled; no connection attempted, so the last attempt's attributes are null.
    static let networkCommissioningCluster = ClusterTemplate(
        .ethernetNetworkCommissioning,
        overrides: [0x0001: ClusterDefinition.networks(Array(interfaceName.utf8), connected: true)])

    /// General Diagnostics (Matter Core 11.12): NetworkInterfaces with the Ethernet interface (NetworkInterface
    /// {0 Name, 1 IsOperational, 2 OffPremiseServicesReachableIPv4, 3 …IPv6, 4 HardwareAddress, 5 IPv4Addresses,
    /// 6 IPv6Addresses, 7 Type}; InterfaceTypeEnum 2 Ethernet; reachability unknown, so null; the addresses are the
    /// host's, not listed), RebootCount 0 (the hub keeps no count), TestEventTriggersEnabled false.
    static let generalDiagnosticsCluster = ClusterTemplate(
        .generalDiagnostics,
        overrides: [
            0x0000: .list([
                .structure([
                    0: .string(interfaceName), 1: .bool(true), 2: .null, 3: .null, 4: .bytes(hardwareAddress),
                    5: .list([]), 6: .list([]), 7: .unsigned(2),
                ])
            ]),
            0x0001: .unsigned(0), 0x0008: .bool(false),
        ])

    /// Group Key Management (Matter Core 11.2): no groups (MaxGroupsPerFabric 0, GroupKeyMap and GroupTable empty)
    /// and one key set per fabric, its IPK (MaxGroupKeysPerFabric 1, the least the specification allows).
    static let groupKeyManagementCluster = ClusterTemplate(
        .groupKeyManagement, overrides: [0x0002: .unsigned(0), 0x0003: .unsigned(1)])
}
