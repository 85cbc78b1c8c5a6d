import MatterDataModel

/// Who may do what on the node, as the fabric table's ACL says (Matter Core Specification 6.6, Access Control; CHIP
/// `src/access/AccessControl.cpp` `Check`), per path: an endpoint, a cluster and the endpoint's device types.
extension MatterRootEndpoint {
    /// The highest privilege `session` has on `cluster` of `endpoint`: Administer over PASE (the commissioning
    /// session's implicit grant, Matter Core 6.6.2.9); over CASE the best of its fabric's entries with auth mode CASE
    /// whose subjects name the peer's node ID or one of its CATs (or are empty) and whose targets are empty or have
    /// one that matches: its cluster (if given) is this one, its endpoint (if given) this one, its device type (if
    /// given) one of the endpoint's. Privileges include the lower ones (Administer ⊃ Manage ⊃ Operate ⊃ View).
    func privilege(
        of session: MatterSecureSession, endpoint: EndpointID, cluster: ClusterID,
        deviceTypes: () -> [DeviceTypeRef] = { [] }
    ) -> AccessControlEntry.Privilege? {
        Self.privilege(of: session, in: fabrics, endpoint: endpoint, cluster: cluster, deviceTypes: deviceTypes)
    }

    static func privilege(
        of session: MatterSecureSession, in fabrics: FabricTable, endpoint: EndpointID, cluster: ClusterID,
        deviceTypes: () -> [DeviceTypeRef]
    ) -> AccessControlEntry.Privilege? {
        switch session.kind {
        case .pase:
            return .administer
        case .case:
            guard let record = fabrics.records[session.fabricIndex] else { return nil }
            var types: [DeviceTypeRef]?
            return record.accessControl.filter { entry in
                guard entry.authMode == .case, subjects(entry.subjects, match: session) else { return false }
                guard let targets = entry.targets else { return true }
                return targets.contains { target in
                    guard target.cluster.map({ $0 == cluster }) ?? true,
                        target.endpoint.map({ $0 == endpoint }) ?? true
                    else { return false }
                    guard let deviceType = target.deviceType else { return true }
                    if types == nil { types = deviceTypes() }
                    return types?.contains { $0.id == deviceType } ?? false
                }
            }.map(\.privilege).max()
        }
    }

    /// Whether an entry's subjects include the session's peer: its node ID, or a CAT with the same identifier and
    /// at least the entry's version (Matter Core 6.6.2.1.2).
    static func subjects(_ subjects: [UInt64]?, match session: MatterSecureSession) -> Bool {
        guard let subjects, !subjects.isEmpty else { return true }
        return subjects.contains { subject in
            if subject == session.peerNodeID { return true }
            guard subject >> 32 == 0xFFFF_FFFD else { return false }
            let identifier = UInt16(truncatingIfNeeded: subject >> 16)
            let version = UInt16(truncatingIfNeeded: subject)
            return session.peerCATs.contains {
                UInt16($0 >> 16) == identifier && UInt16(truncatingIfNeeded: $0) >= version
            }
        }
    }
}
