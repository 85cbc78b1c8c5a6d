import MatterCredentials
import MatterDataModel
import MatterInteraction

/// Endpoint 0 as a controller reads it (matter-commissionee.md §1 stage 1, §6.1): a Root Node (device type 0x0016)
/// with Descriptor, Access Control, Basic Information, General Commissioning, Network Commissioning, General
/// Diagnostics, Administrator Commissioning, Operational Credentials and Group Key Management, their values made from
/// the root endpoint's state (the three that do not change from constants, `+NodeClusters`). The endpoint is kept and a cluster made
/// again only when the state it comes from changes: the observers of `fabrics`, `fabricFacts`, `failSafe`,
/// `breadcrumb`, `regulatoryConfig` and `commissionee` mark it stale.
extension MatterRootEndpoint {
    /// Fabric-scoped lists and their fabric-sensitive fields: NOCs (NOC, ICAC), Fabrics (none), ACL (every field
    /// but the fabric index) (CHIP `operational-credentials-server.cpp` ReadNOCs; Matter Core 9.10.5.3).
    static let fabricScoped: [AttributePath: Set<UInt32>] = [
        AttributePath(endpoint: 0, cluster: 0x003E, attribute: 0x0000): [1, 2],
        AttributePath(endpoint: 0, cluster: 0x003E, attribute: 0x0001): [],
        AttributePath(endpoint: 0, cluster: 0x001F, attribute: 0x0000): [1, 2, 3, 4],
        // GroupKeyMap and GroupTable (Matter Core 11.2.6), every field but the fabric index fabric-sensitive.
        AttributePath(endpoint: 0, cluster: 0x003F, attribute: 0x0000): [1, 2],
        AttributePath(endpoint: 0, cluster: 0x003F, attribute: 0x0001): [1, 2, 3],
    ]
    /// Attributes read with Administer: the ACL (Matter Core 9.10.5: "ACL ... RW F A") and Network Commissioning's
    /// MaxNetworks, Networks and last attempt (11.9.6: "R A").
    static let readPrivileges: [AttributePath: UInt8] = Dictionary(
        uniqueKeysWithValues: [
            AttributePath(endpoint: 0, cluster: 0x001F, attribute: 0x0000),
            AttributePath(endpoint: 0, cluster: 0x0031, attribute: 0x0000),
            AttributePath(endpoint: 0, cluster: 0x0031, attribute: 0x0001),
            AttributePath(endpoint: 0, cluster: 0x0031, attribute: 0x0005),
            AttributePath(endpoint: 0, cluster: 0x0031, attribute: 0x0006),
            AttributePath(endpoint: 0, cluster: 0x0031, attribute: 0x0007),
        ].map { ($0, AccessControlEntry.Privilege.administer.rawValue) })

    /// OperationalCredentials' CurrentFabricIndex: the accessing fabric's, answered per read
    /// (`MatterNodeAttributes.accessingFabric`), 0 in the cached endpoint.
    static let currentFabricIndex = AttributePath(endpoint: 0, cluster: operationalCredentials, attribute: 0x0005)

    /// The template of root cluster `id` from the state now; nil for the Descriptor (made with the endpoint)
    /// and IDs that are not root clusters.
    func cluster(_ id: ClusterID) -> ClusterTemplate? {
        switch id {
        case Self.accessControl: accessControlCluster
        case ClusterDefinition.basicInformation.id: basicInformation
        case Self.generalCommissioning: generalCommissioningCluster
        case Self.networkCommissioning: Self.networkCommissioningCluster
        case Self.generalDiagnostics: Self.generalDiagnosticsCluster
        case Self.administratorCommissioning: administratorCommissioningCluster
        case Self.operationalCredentials: operationalCredentialsCluster
        case Self.groupKeyManagement: Self.groupKeyManagementCluster
        default: nil
        }
    }

    var generalCommissioningCluster: ClusterTemplate {
        ClusterTemplate(
            .generalCommissioning,
            overrides: [
                0x0000: .unsigned(breadcrumb), 0x0002: .unsigned(UInt64(regulatoryConfig)),
                0x0003: .unsigned(UInt64(Self.locationCapability)),
            ])
    }

    var administratorCommissioningCluster: ClusterTemplate {
        let status: UInt64 = commissionee.map { $0.isEnhanced ? 1 : 2 } ?? 0
        let administrator = commissionee?.administrator
        return ClusterTemplate(
            .administratorCommissioning,
            overrides: [
                0x0000: .unsigned(status),
                0x0001: administrator.map { .unsigned(UInt64($0.fabricIndex)) } ?? .null,
                0x0002: administrator.map { .unsigned(UInt64($0.vendorID)) } ?? .null,
            ])
    }

    var operationalCredentialsCluster: ClusterTemplate {
        let records = fabrics.ordered
        let nocs: [AttributeValue] = records.map { record in
            .structure([
                1: .bytes(record.operationalCertificate), 2: record.intermediateCertificate.map { .bytes($0) } ?? .null,
                0xFE: .unsigned(UInt64(record.fabricIndex)),
            ])
        }
        let descriptors: [AttributeValue] = records.compactMap { record in
            guard let facts = fabricFacts[record.fabricIndex] else { return nil }
            return .structure([
                1: .bytes(facts.rootPublicKey.uncompressed), 2: .unsigned(UInt64(record.vendorID)),
                3: .unsigned(facts.fabricID), 4: .unsigned(facts.nodeID), 5: .string(record.label),
                0xFE: .unsigned(UInt64(record.fabricIndex)),
            ])
        }
        var roots = records.map { AttributeValue.bytes($0.rootCertificate) }
        if let pending = failSafe?.rootCertificate, failSafe?.addedFabric == nil { roots.append(.bytes(pending)) }
        return ClusterTemplate(
            .operationalCredentials,
            overrides: [
                0x0000: .list(nocs), 0x0001: .list(descriptors),
                0x0002: .unsigned(UInt64(FabricTable.capacity)), 0x0003: .unsigned(UInt64(records.count)),
                0x0004: .list(roots), 0x0005: .unsigned(0),
            ])
    }

    var accessControlCluster: ClusterTemplate {
        let entries: [AttributeValue] = fabrics.ordered.flatMap(\.accessControl).map { entry in
            let targets: AttributeValue =
                entry.targets.map { targets in
                    .list(
                        targets.map { target in
                            .structure([
                                0: target.cluster.map { .unsigned(UInt64($0)) } ?? .null,
                                1: target.endpoint.map { .unsigned(UInt64($0)) } ?? .null,
                                2: target.deviceType.map { .unsigned(UInt64($0)) } ?? .null,
                            ])
                        })
                } ?? .null
            return .structure([
                1: .unsigned(UInt64(entry.privilege.rawValue)), 2: .unsigned(UInt64(entry.authMode.rawValue)),
                3: entry.subjects.map { .list($0.map { .unsigned($0) }) } ?? .null, 4: targets,
                0xFE: .unsigned(UInt64(entry.fabricIndex)),
            ])
        }
        return ClusterTemplate(.accessControl, overrides: [0x0000: .list(entries)])
    }
}
