import MatterDataModel
import MatterInteraction
import MatterMessage
import MatterTLV

/// The endpoints the owner serves, in the node's layout (docs/matter.md, "The bridge" and "Two layouts"): reads over
/// every endpoint, the devices' commands and writes through the hub's device logic, and the hub's changes as data
/// versions, subscription reports and events.
extension MatterNode {
    /// A command or write on an endpoint the owner serves, waiting for the hub's answer (`bridgedRequestAnswered`).
    enum PendingBridged: Sendable {
        case invoke(MatterExchange.Key, path: CommandPathIB, ref: UInt16?)
        /// One write of the write on `key` whose statuses fill `group`'s slot `slot`.
        case write(MatterExchange.Key, group: UInt64, slot: Int)
    }

    /// A write's statuses, some still waiting for the hub.
    struct PendingWriteGroup: Sendable {
        var key: MatterExchange.Key
        var statuses: [AttributeStatusIB]
        var waiting: Int
    }

    /// Commands and writes the hub may have at once for the node; more get BUSY.
    static let maximumPendingBridged = 64

    /// A reader for one read on `session` at `now`, over every endpoint as they are now: its fabric, its privileges
    /// per cluster, the clusters' data versions, UpTime, and the node's events.
    func reader(for session: MatterSecureSession, now: MonotonicInstant) -> AttributeReader {
        let source = MatterNodeAttributes(
            root: rootEndpoint.rootNode, accessingFabric: session.fabricIndex, endpoints: endpoints, layout: layout,
            upTimeSeconds: now.milliseconds(since: startedAt) / 1000)
        var reader = AttributeReader(source: source, dataVersion: bridgedVersionBase)
        let rootVersions = rootEndpoint.dataVersions
        let bridged = bridgedVersions
        reader.versions = { instance in
            instance.endpoint == 0 ? rootVersions[instance.cluster] : bridged[instance]
        }
        reader.fabricScoped = MatterRootEndpoint.fabricScoped
        reader.accessingFabricIndex = session.fabricIndex
        reader.requiredPrivileges = MatterRootEndpoint.readPrivileges
        let table = AccessView(fabrics: rootEndpoint.fabrics)
        reader.grants = { endpoint, cluster in
            table.privilege(of: session, endpoint: endpoint, cluster: cluster) {
                source.deviceTypes(of: endpoint)
            }?.rawValue ?? 0
        }
        return reader
    }

    /// The data version of `cluster` on `endpoint`.
    func dataVersion(endpoint: EndpointID, cluster: ClusterID) -> UInt32 {
        endpoint == 0
            ? rootEndpoint.dataVersions[cluster] ?? 0
            : bridgedVersions[AttributeReader.ClusterInstance(endpoint: endpoint, cluster: cluster)]
                ?? bridgedVersionBase
    }

    mutating func bumpVersion(endpoint: EndpointID, cluster: ClusterID) {
        guard endpoint != 0 else {
            rootEndpoint.dataVersions[cluster, default: 0] &+= 1
            return
        }
        let instance = AttributeReader.ClusterInstance(endpoint: endpoint, cluster: cluster)
        bridgedVersions[instance] = (bridgedVersions[instance] ?? bridgedVersionBase) &+ 1
    }

    // MARK: the hub's changes

    /// The owner's endpoints changed as the hub says (after its commit): data versions move, subscriptions whose
    /// paths it touches become due, events are recorded. Reports go out at the next timer (`nextDeadline`), so a
    /// burst of changes makes one report.
    public mutating func homeChanged(_ change: BridgeChange, now: MonotonicInstant) {
        switch change {
        case .attributes(let paths):
            var clusters: Set<AttributeReader.ClusterInstance> = []
            for path in paths {
                clusters.insert(AttributeReader.ClusterInstance(endpoint: path.endpoint, cluster: path.cluster))
            }
            for instance in clusters { bumpVersion(endpoint: instance.endpoint, cluster: instance.cluster) }
            markDirty(paths.map { AttributePathIB($0) })
        case .endpoints(let added, let removed):
            guard !added.isEmpty || !removed.isEmpty else { return }
            // The PartsLists that list every served endpoint: endpoint 0's, and the Aggregator's in a bridge.
            let listing = [0] + (layout.aggregator.map { [$0] } ?? [])
            for endpoint in listing {
                bumpVersion(endpoint: endpoint, cluster: MatterNodeAttributes.descriptor)
            }
            if !removed.isEmpty {
                let gone = Set(removed)
                bridgedVersions = bridgedVersions.filter { !gone.contains($0.key.endpoint) }
            }
            markDirty(
                listing.map { AttributePathIB(endpoint: $0, cluster: MatterNodeAttributes.descriptor, attribute: 3) }
                    + (added + removed).map { AttributePathIB(endpoint: $0) })
        case .event(let record):
            events.append(record)
            for id in subscriptions.keys {
                subscriptions[id]?.eventRecorded(record)
            }
        }
    }

    mutating func markDirty(_ paths: [AttributePathIB]) {
        for id in subscriptions.keys {
            subscriptions[id]?.attributesChanged(paths)
        }
    }

    // MARK: commands and writes on the owner's endpoints

    /// A command on an endpoint the owner serves (or the Aggregator), checked as CHIP's
    /// `InteractionModelEngine::ValidateCommandCanBeDispatched` does: the endpoint, the cluster, the command
    /// (UNSUPPORTED_ENDPOINT, _CLUSTER, _COMMAND), the privilege the command needs (UNSUPPORTED_ACCESS), a timed
    /// invoke where it must be one (NEEDS_TIMED_INTERACTION), the fields' TLV (INVALID_COMMAND); then it goes to the
    /// hub, whose device logic answers.
    mutating func bridgedCommand(
        _ command: CommandDataIB, on key: MatterExchange.Key, session: MatterSecureSession, timed: Bool
    ) -> CommandOutcome {
        let path = command.path
        let source = MatterNodeAttributes(
            root: NodeData(endpoints: []), accessingFabric: 0, endpoints: endpoints, layout: layout)
        guard let clusters = source.clusterIDs(on: path.endpoint) else {
            return CommandOutcome(result: .status(path, .unsupportedEndpoint))
        }
        guard clusters.contains(path.cluster) else { return CommandOutcome(result: .status(path, .unsupportedCluster)) }
        guard let definition = ClusterCatalog.definition(path.cluster)?.command(path.command),
            !isNodeMade(path.endpoint, cluster: path.cluster)
        else { return CommandOutcome(result: .status(path, .unsupportedCommand)) }
        let granted = rootEndpoint.privilege(of: session, endpoint: path.endpoint, cluster: path.cluster) {
            source.deviceTypes(of: path.endpoint)
        }
        guard let granted, granted.rawValue >= definition.privilege.rawValue else {
            return CommandOutcome(result: .status(path, .unsupportedAccess))
        }
        if definition.timed, !timed { return CommandOutcome(result: .status(path, .needsTimedInteraction)) }
        var fields: [UInt32: AttributeValue] = [:]
        for member in command.fields ?? [] {
            guard case .context(let tag) = member.tag, let value = try? AttributeValue(tlv: member.value) else {
                return CommandOutcome(result: .status(path, .invalidCommand))
            }
            fields[UInt32(tag)] = value
        }
        return CommandOutcome(
            result: .bridged(
                endpoint: path.endpoint,
                .invoke(cluster: path.cluster, command: path.command, fields: fields)))
    }

    /// Whether the node makes `cluster` on `endpoint` (above 0) itself, so that no command of it reaches the hub's
    /// device logic: in a bridge, the Aggregator, every Descriptor and Bridged Device Basic Information; in a
    /// device's node none (its Descriptors are the device's own, and have no commands).
    func isNodeMade(_ endpoint: EndpointID, cluster: ClusterID) -> Bool {
        switch layout {
        case .bridge:
            endpoint == layout.aggregator || cluster == MatterNodeAttributes.descriptor
                || cluster == MatterNodeAttributes.bridgedDeviceBasicInformation
        case .device: false
        }
    }

    /// Hands an operation on one of the owner's endpoints to the hub, answered later on exchange `key`; nil (BUSY)
    /// when too many wait.
    mutating func askHub(_ operation: BridgedRequest.Operation, endpoint: EndpointID, pending: PendingBridged)
        -> MatterNodeAction?
    {
        guard pendingBridged.count < Self.maximumPendingBridged else { return nil }
        let id = nextBridgedRequest
        nextBridgedRequest &+= 1
        pendingBridged[id] = pending
        return .bridgedRequest(BridgedRequest(id: id, endpoint: endpoint, operation: operation))
    }

    /// The hub answered a `BridgedRequest`: the command's response or status, or the write's status, goes out (a
    /// write once all its bridged writes are answered). A device that never answers gets nothing sent: its
    /// controller times out, as with a bridge whose device is silent.
    public mutating func bridgedRequestAnswered(
        id: UInt64, answer: BridgedAnswer, now: MonotonicInstant, using generator: inout some RandomNumberGenerator
    ) -> [MatterNodeAction] {
        guard let pending = pendingBridged.removeValue(forKey: id) else { return [] }
        var actions: [MatterNodeAction] = []
        switch pending {
        case .invoke(let key, let path, let ref):
            let response: InvokeResponseIB
            switch answer {
            case .noAnswer:
                actions.append(.log(.bridgedNoAnswer(path: path.description)))
                return actions
            case .status(let status):
                response = .status(path: path, StatusIB(InteractionModelStatus(rawValue: status)), ref: ref)
            case .response(let command, let fields):
                let members = fields.keys.sorted().compactMap { tag -> TLVElement? in
                    guard let small = UInt8(exactly: tag), let value = fields[tag] else { return nil }
                    return TLVElement(tag: .context(small), value.tlvValue)
                }
                response = .command(
                    CommandDataIB(
                        path: CommandPathIB(endpoint: path.endpoint, cluster: path.cluster, command: command),
                        fields: members, ref: ref))
            }
            if let peer = sessionLayer.exchanges[key]?.peer {
                actions.append(.log(.command(peer, path: path.description, outcome: Self.describe(response))))
            }
            actions += answerInvoke(on: key, with: [response], now: now, using: &generator)
        case .write(let key, let groupID, let slot):
            guard var group = pendingWrites[groupID] else { return [] }
            switch answer {
            case .status(let status):
                group.statuses[slot].status = StatusIB(InteractionModelStatus(rawValue: status))
            case .response:
                group.statuses[slot].status = StatusIB(.success)
            case .noAnswer:
                pendingWrites[groupID] = nil
                return [.log(.bridgedNoAnswer(path: group.statuses[slot].path.description))]
            }
            group.waiting -= 1
            guard group.waiting == 0 else {
                pendingWrites[groupID] = group
                return []
            }
            pendingWrites[groupID] = nil
            actions += answerWrite(on: key, with: group.statuses, now: now, using: &generator)
        }
        return actions
    }
}

/// The ACL as a reader's privilege check sees it, without the rest of the table.
struct AccessView: Sendable {
    var fabrics: FabricTable

    func privilege(
        of session: MatterSecureSession, endpoint: EndpointID, cluster: ClusterID,
        deviceTypes: () -> [DeviceTypeRef]
    ) -> AccessControlEntry.Privilege? {
        MatterRootEndpoint.privilege(
            of: session, in: fabrics, endpoint: endpoint, cluster: cluster, deviceTypes: deviceTypes)
    }
}
