import MatterDataModel
import MatterInteraction
import MatterMessage

/// Writes (Matter Core Specification 8.7; CHIP `src/app/WriteHandler.cpp` `CheckWriteAllowed`, then the cluster's
/// own checks), each AttributeDataIB in order: a path that is not concrete is INVALID_ACTION; then
/// UNSUPPORTED_ENDPOINT, UNSUPPORTED_CLUSTER, UNSUPPORTED_ATTRIBUTE; UNSUPPORTED_WRITE for an attribute that is not
/// writable (before access, as CHIP checks, connectedhomeip issue 33735); UNSUPPORTED_ACCESS below the attribute's
/// write privilege; DATA_VERSION_MISMATCH when the write names a data version the cluster does not have. Then:
/// * an attribute of an endpoint the owner serves (a bridged device's, or in a device's node the device's own) goes
///   to the hub's device logic, whose refusals are the control socket's (`write_attribute`: INVALID_DATA_TYPE,
///   CONSTRAINT_ERROR …); a bridge's Bridged Device Basic Information NodeLabel renames the device;
/// * the ACL (Access Control 0x001F/0x0000) is replaced (no list index) or appended to (ListIndex null), for the
///   accessing fabric only (`+AccessControlWrite`), saved with the fabric table before the answer;
/// * Breadcrumb (General Commissioning 0x0030/0x0000) is set;
/// * GroupKeyMap (Group Key Management 0x003F/0x0000) stays empty: the hub keeps no groups (`writeGroupKeyMap`);
/// * the hub's own Basic Information (NodeLabel, Location, LocalConfigDisabled come from its configuration) answers
///   UNSUPPORTED_WRITE.
/// The WriteResponse leaves once every write has its status: at once, after the hub's answers (a slow device's come
/// late), or after the save.
extension MatterNode {
    mutating func write(
        _ writes: [AttributeDataIB], timed: Bool, moreChunks: Bool, on key: MatterExchange.Key, now: MonotonicInstant,
        using generator: inout some RandomNumberGenerator
    ) -> [MatterNodeAction] {
        guard case .secure(let localSessionID) = key.session, let session = sessionLayer.sessions[localSessionID] else {
            return []
        }
        let source = MatterNodeAttributes(
            root: rootEndpoint.rootNode, accessingFabric: session.fabricIndex, endpoints: endpoints, layout: layout)
        let group = nextWriteGroup
        var statuses: [AttributeStatusIB] = []
        var asks: [MatterNodeAction] = []
        var aclSlots: [Int] = []
        var draft = sessionLayer.exchanges[key]?.aclDraft
        for write in writes {
            let slot = statuses.count
            var echoed = write.path
            echoed.wildcardPathFlags = nil
            statuses.append(AttributeStatusIB(path: echoed, status: StatusIB(.success)))
            func refuse(_ status: InteractionModelStatus) { statuses[slot].status = StatusIB(status) }
            guard let path = write.path.concrete else {
                refuse(.invalidAction)
                continue
            }
            if let refusal = writeRefusal(path, write: write, session: session, source: source) {
                refuse(refusal)
                continue
            }
            guard let value = try? AttributeValue(tlv: write.data) else {
                refuse(.invalidDataType)
                continue
            }
            switch (path.endpoint, path.cluster, path.attribute) {
            case (0, 0x001F, 0x0000):
                if let status = rootEndpoint.editAccessControl(
                    &draft, value, listIndex: write.path.listIndex, session: session)
                {
                    refuse(status)
                } else {
                    aclSlots.append(slot)
                }
            case (0, MatterRootEndpoint.groupKeyManagement, 0x0000):
                if let status = MatterRootEndpoint.writeGroupKeyMap(
                    value, listIndex: write.path.listIndex, session: session)
                {
                    refuse(status)
                }
            case (0, 0x0030, 0x0000):
                guard case .unsigned(let crumb) = value else {
                    refuse(.invalidDataType)
                    continue
                }
                rootEndpoint.breadcrumb = crumb
            case (let endpoint, let cluster, _)
            where (endpoint == 0 && endpoints.rootExtension?.clusters[cluster] == nil) || endpoint == layout.aggregator:
                refuse(.unsupportedWrite)
            default:
                let operation = BridgedRequest.Operation.write(
                    cluster: path.cluster, attribute: path.attribute, value: value)
                guard
                    let ask = askHub(operation, endpoint: path.endpoint, pending: .write(key, group: group, slot: slot))
                else {
                    refuse(.busy)
                    continue
                }
                asks.append(ask)
            }
        }
        var waiting = asks.count
        var actions = asks
        if moreChunks {
            sessionLayer.exchanges[key]?.aclDraft = draft
        } else if let draft {
            sessionLayer.exchanges[key]?.aclDraft = nil
            switch rootEndpoint.commitAccessControl(draft, session: session, group: group, slots: aclSlots) {
            case .saved(let persist):
                waiting += 1
                actions.append(persist)
            case .applied:
                break
            case .refused(let status):
                for slot in aclSlots { statuses[slot].status = StatusIB(status) }
            }
        }
        guard waiting > 0 else {
            return actions + answerWrite(on: key, with: statuses, now: now, using: &generator)
        }
        nextWriteGroup &+= 1
        pendingWrites[group] = PendingWriteGroup(key: key, statuses: statuses, waiting: waiting)
        return actions
    }

    /// Why a write of `path` is refused before its value is looked at, in CHIP's order; nil when it may go on.
    func writeRefusal(
        _ path: AttributePath, write: AttributeDataIB, session: MatterSecureSession, source: MatterNodeAttributes
    ) -> InteractionModelStatus? {
        guard let clusters = source.clusterIDs(on: path.endpoint) else { return .unsupportedEndpoint }
        guard clusters.contains(path.cluster) else { return .unsupportedCluster }
        guard source.value(at: path) != nil else { return .unsupportedAttribute }
        let descriptorOrBridgeOwn =
            path.cluster == MatterNodeAttributes.descriptor
            || (path.endpoint == layout.aggregator)
        guard !descriptorOrBridgeOwn,
            let attribute = ClusterCatalog.definition(path.cluster)?.attribute(path.attribute),
            attribute.writable
        else { return .unsupportedWrite }
        let granted = rootEndpoint.privilege(of: session, endpoint: path.endpoint, cluster: path.cluster) {
            source.deviceTypes(of: path.endpoint)
        }
        guard let granted, granted.rawValue >= attribute.writePrivilege.rawValue else { return .unsupportedAccess }
        if let expected = write.dataVersion, expected != dataVersion(endpoint: path.endpoint, cluster: path.cluster) {
            return .dataVersionMismatch
        }
        return nil
    }
}
