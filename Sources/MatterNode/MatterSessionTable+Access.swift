import MatterDataModel

/// Who may do what on the node (Matter Core Specification 6.6, Access Control).
extension MatterSessionTable {
    /// The highest privilege `session` has on endpoint 0: Administer over PASE (the commissioning session's implicit
    /// grant, Matter Core 6.6.2.9); over CASE the best of its fabric's entries with auth mode CASE whose subjects
    /// name the peer's node ID or one of its CATs (or are empty) and whose targets cover the whole endpoint or
    /// leave it unrestricted. Entries that target single clusters or device types are not counted: mhub grants
    /// per endpoint, a narrower reading than CHIP's per-path check.
    func privilege(of session: MatterSecureSession) -> AccessControlEntry.Privilege? {
        switch session.kind {
        case .pase:
            return .administer
        case .case:
            guard let record = fabrics.records[session.fabricIndex] else { return nil }
            return record.accessControl.filter { entry in
                entry.authMode == .case && Self.subjects(entry.subjects, match: session)
                    && (entry.targets.map { targets in
                        targets.contains { $0.cluster == nil && $0.deviceType == nil && ($0.endpoint ?? 0) == 0 }
                    } ?? true)
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
