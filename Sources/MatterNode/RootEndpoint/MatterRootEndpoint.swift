import MatterCredentials
import MatterDataModel
import MatterInteraction

/// Endpoint 0 of the node, the Root Node, as a value: the state of its commissioning clusters (Basic Information,
/// General Commissioning with the fail-safe, Breadcrumb and regulatory configuration, Administrator Commissioning's
/// window as the node's commissionee, Operational Credentials with the fabric table, Access Control's entries in it),
/// the clusters a Root Node must have besides, whose values do not change (Network Commissioning for one Ethernet
/// interface, General Diagnostics, Group Key Management with only the IPK; `+NodeClusters`), their data versions,
/// and the endpoint as reads see it.
///
/// Every change of the state a cluster comes from marks that cluster stale (the observers below); `refresh()`, once
/// an input is handled, makes the stale clusters again and bumps the data version of each whose data changed. The
/// sessions an input arrived on and the subscriptions that report a change are the node's (`MatterNode`); this value
/// answers for one endpoint's state only.
struct MatterRootEndpoint {
    /// The server clusters of endpoint 0 (its Descriptor's ServerList), in ID order.
    static let clusterIDs: [ClusterID] = [0x001D, 0x001F, 0x0028, 0x0030, 0x0031, 0x0033, 0x003C, 0x003E, 0x003F]
    static let accessControl: ClusterID = 0x001F
    static let generalCommissioning: ClusterID = 0x0030
    static let networkCommissioning: ClusterID = 0x0031
    static let generalDiagnostics: ClusterID = 0x0033
    static let administratorCommissioning: ClusterID = 0x003C
    static let operationalCredentials: ClusterID = 0x003E
    static let groupKeyManagement: ClusterID = 0x003F
    /// LocationCapability: IndoorOutdoor (2), so any RegulatoryConfig is accepted.
    static let locationCapability: UInt8 = 2

    let basicInformation: ClusterTemplate
    let attestation: AttestationIdentity
    /// The open commissioning window as PASE answers for it (Administrator Commissioning's WindowStatus and admin).
    var commissionee: MatterCommissionee? {
        didSet { stale.insert(Self.administratorCommissioning) }
    }
    /// The fabrics the node holds as CASE and reads see them: the committed table with what the armed fail-safe
    /// added or changed.
    var fabrics: FabricTable {
        didSet { stale.formUnion([Self.accessControl, Self.operationalCredentials]) }
    }
    /// The fabric table as last saved (or loaded): what a rollback returns to.
    var committedFabrics: FabricTable
    /// What each fabric's certificates say (IDs, root key, IPK), computed once per change of `fabrics`.
    var fabricFacts: [UInt8: FabricIdentityFacts] = [:] {
        didSet { stale.insert(Self.operationalCredentials) }
    }
    /// The armed fail-safe; its pending root certificate is in the TrustedRootCertificates a read sees.
    var failSafe: FailSafe? {
        didSet { stale.insert(Self.operationalCredentials) }
    }
    /// GeneralCommissioning's Breadcrumb: 0 at start, as CHIP's server sets it (a controller that reads more
    /// skips stages, matter-commissionee.md §10).
    var breadcrumb: UInt64 = 0 {
        didSet { stale.insert(Self.generalCommissioning) }
    }
    var regulatoryConfig: UInt8 = 2 {
        didSet { stale.insert(Self.generalCommissioning) }
    }
    var countryCode = "XX"
    /// A durable change of the fabric table waiting for the owner's save, and the ticket the next one gets.
    var pendingSave: PendingSave?
    var nextTicket: UInt64 = 1
    /// The clusters' data versions (random at start, as CHIP's are).
    var dataVersions: [ClusterID: UInt32] = [:]
    /// The endpoint as reads see it, kept between inputs, and the clusters a change since made stale.
    var node = NodeData(endpoints: [])
    var stale: Set<ClusterID> = []

    /// Endpoint 0 with the fabric table `fabrics` as the store loaded it, its data versions random.
    init(
        basicInformation: ClusterTemplate, attestation: AttestationIdentity, fabrics: FabricTable,
        using generator: inout some RandomNumberGenerator
    ) {
        self.basicInformation = basicInformation
        self.attestation = attestation
        self.fabrics = fabrics
        committedFabrics = fabrics
        for cluster in Self.clusterIDs {
            dataVersions[cluster] = UInt32(truncatingIfNeeded: generator.next())
        }
    }

    /// Endpoint 0 as a read sees it, with CurrentFabricIndex 0: the kept endpoint, unless a change since the last
    /// `refresh()` made some of its clusters stale (then those are made again for this read).
    var rootNode: NodeData {
        guard !stale.isEmpty else { return node }
        var made = node
        for id in stale {
            made.endpoints[0]?.clusters[id] = cluster(id)?.makeData()
        }
        return made
    }

    /// Endpoint 0 made from the state, every cluster.
    func makeRootNode() -> NodeData {
        let clusters = Self.clusterIDs.compactMap(cluster)
        return NodeData(endpoints: [
            EndpointData(id: 0, deviceTypes: [.rootNode], serverClusters: clusters, parts: [])
        ])
    }

    /// Makes the endpoint kept for reads again from the state now, with nothing stale.
    mutating func rebuild() {
        node = makeRootNode()
        stale = []
    }

    /// Makes the stale clusters of the kept endpoint again, and bumps the data version of each whose data changed
    /// (Matter Core 7.10.3: DataVersion changes whenever any attribute of the cluster instance does). Returns those
    /// clusters, in order, for the subscriptions; with nothing stale it does nothing.
    mutating func refresh() -> [ClusterID] {
        guard !stale.isEmpty else { return [] }
        let ids = stale.sorted()
        stale = []
        var changed: [ClusterID] = []
        for id in ids {
            guard let data = cluster(id)?.makeData() else { continue }
            guard node.endpoints[0]?.clusters[id] != data else { continue }
            node.endpoints[0]?.clusters[id] = data
            dataVersions[id, default: 0] &+= 1
            changed.append(id)
        }
        return changed
    }

    /// The ticket of the next durable change.
    mutating func takeTicket() -> UInt64 {
        defer { nextTicket &+= 1 }
        return nextTicket
    }
}
