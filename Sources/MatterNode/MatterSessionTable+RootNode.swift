import MatterCredentials
import MatterDataModel
import MatterInteraction

/// Endpoint 0 as a controller reads it (matter-commissionee.md §1 stage 1, §6.1): a Root Node (device type 0x0016)
/// with Descriptor, Access Control, Basic Information, General Commissioning, Administrator Commissioning and
/// Operational Credentials, their values made from the node's state when a read starts.
extension MatterSessionTable {
    /// The server clusters of endpoint 0 (its Descriptor's ServerList).
    static let rootClusterIDs: [ClusterID] = [0x001D, 0x001F, 0x0028, 0x0030, 0x003C, 0x003E]
    /// Fabric-scoped lists and their fabric-sensitive fields: NOCs (NOC, ICAC), Fabrics (none), ACL (every field
    /// but the fabric index) (CHIP `operational-credentials-server.cpp` ReadNOCs; Matter Core 9.10.5.3).
    static let fabricScoped: [AttributePath: Set<UInt32>] = [
        AttributePath(endpoint: 0, cluster: 0x003E, attribute: 0x0000): [1, 2],
        AttributePath(endpoint: 0, cluster: 0x003E, attribute: 0x0001): [],
        AttributePath(endpoint: 0, cluster: 0x001F, attribute: 0x0000): [1, 2, 3, 4],
    ]
    /// The ACL is read with Administer (Matter Core 9.10.5: "ACL ... RW F A").
    static let readPrivileges: [AttributePath: UInt8] = [
        AttributePath(endpoint: 0, cluster: 0x001F, attribute: 0x0000): AccessControlEntry.Privilege.administer.rawValue
    ]

    /// Endpoint 0 with CurrentFabricIndex as `accessingFabric` reads it.
    func rootNode(accessingFabric: UInt8) -> NodeData {
        let clusters = [
            accessControlCluster, basicInformation, generalCommissioningCluster, administratorCommissioningCluster,
            operationalCredentialsCluster(accessingFabric: accessingFabric),
        ]
        return NodeData(endpoints: [
            EndpointData(id: 0, deviceTypes: [.rootNode], serverClusters: clusters, parts: [])
        ])
    }

    /// Bumps the data version of every cluster whose data changed since the last call (Matter Core 7.10.3:
    /// DataVersion changes whenever any attribute of the cluster instance does).
    mutating func refreshDataVersions() {
        guard let endpoint = rootNode(accessingFabric: 0).endpoints[0] else { return }
        for (id, cluster) in endpoint.clusters where lastRootData[id] != cluster {
            if lastRootData[id] != nil {
                dataVersions[id, default: 0] &+= 1
                markDirty([AttributePathIB(endpoint: 0, cluster: id)])
            }
            lastRootData[id] = cluster
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

    func operationalCredentialsCluster(accessingFabric: UInt8) -> ClusterTemplate {
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
                0x0004: .list(roots), 0x0005: .unsigned(UInt64(accessingFabric)),
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
