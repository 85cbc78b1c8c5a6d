import MatterDataModel
import MatterInteraction

/// Writes to the ACL (Access Control 0x001F, attribute 0; Matter Core Specification 9.10.5.3; CHIP
/// `src/app/clusters/access-control-server/access-control-server.cpp` and `src/access/AccessControl.cpp`
/// `IsValid`): a fabric-scoped list, so a write touches the accessing fabric's entries only (the fabric index of each
/// entry is the accessing fabric's, whatever the writer put there). A write without a list index replaces them,
/// one with ListIndex null appends one; each entry is checked as CHIP checks it (CONSTRAINT_ERROR otherwise), and
/// more than `AccessControlEntriesPerFabric` (4) is RESOURCE_EXHAUSTED. The new entries take effect and are saved with
/// the fabric table (a committed fabric's: before the WriteResponse, docs/matter.md "Durability"; one under the
/// fail-safe: with it) once the write's last chunk is in.
extension MatterRootEndpoint {
    /// AccessControlEntriesPerFabric, SubjectsPerAccessControlEntry, TargetsPerAccessControlEntry (the cluster's
    /// minimums, which endpoint 0 announces).
    static let entriesPerFabric = 4
    static let subjectsPerEntry = 4
    static let targetsPerEntry = 3

    enum AccessControlCommit {
        case saved(MatterNodeAction)
        case applied
        case refused(InteractionModelStatus)
    }

    /// Applies one write of the ACL to `draft` (the accessing fabric's entries being written, from the table's at
    /// the first write); a status when it is refused.
    func editAccessControl(
        _ draft: inout [AccessControlEntry]?, _ value: AttributeValue, listIndex: AttributePathIB.ListIndex?,
        session: MatterSecureSession
    ) -> InteractionModelStatus? {
        guard session.fabricIndex != 0, let record = fabrics.records[session.fabricIndex] else {
            return .unsupportedAccess
        }
        var entries = draft ?? record.accessControl
        switch listIndex {
        case .none:
            guard case .list(let items) = value else { return .invalidDataType }
            var decoded: [AccessControlEntry] = []
            for item in items {
                guard let entry = Self.accessControlEntry(item, fabricIndex: session.fabricIndex) else {
                    return .constraintError
                }
                decoded.append(entry)
            }
            entries = decoded
        case .null:
            guard let entry = Self.accessControlEntry(value, fabricIndex: session.fabricIndex) else {
                return .constraintError
            }
            entries.append(entry)
        case .index:
            return .invalidAction
        }
        guard entries.count <= Self.entriesPerFabric else { return .resourceExhausted }
        draft = entries
        return nil
    }

    /// Makes `entries` the accessing fabric's ACL: in the working table, and for a committed fabric in the saved one
    /// (the answer then waits for the save).
    mutating func commitAccessControl(
        _ entries: [AccessControlEntry], session: MatterSecureSession, group: UInt64, slots: [Int]
    ) -> AccessControlCommit {
        let index = session.fabricIndex
        guard var working = fabrics.records[index] else { return .refused(.unsupportedAccess) }
        working.accessControl = entries
        guard var committed = committedFabrics.records[index] else {
            fabrics.store(working)
            return .applied
        }
        guard pendingSave == nil else { return .refused(.busy) }
        committed.accessControl = entries
        var committedTable = committedFabrics
        committedTable.store(committed)
        var workingTable = fabrics
        workingTable.store(working)
        let save = PendingSave(
            ticket: nextTicket, committed: committedTable, working: workingTable,
            waiting: .write(group: group, slots: slots), effect: .accessControlChanged)
        nextTicket &+= 1
        pendingSave = save
        return .saved(.persist(save.committed, ticket: save.ticket))
    }

    /// An AccessControlEntryStruct {1 Privilege, 2 AuthMode, 3 Subjects (nullable list), 4 Targets (nullable list of
    /// {0 Cluster, 1 Endpoint, 2 DeviceType}, each nullable), 0xFE FabricIndex} as CHIP's `AccessControl::IsValid`
    /// takes it: a privilege of 1–5; auth mode CASE or Group (PASE is not for entries), Group not with Administer;
    /// at most 4 subjects, each an operational node ID or a CAT with a version (CASE) or a group ID (Group); at most 3
    /// targets, each naming something, not an endpoint and a device type at once, with valid IDs. Nil when invalid.
    static func accessControlEntry(_ value: AttributeValue, fabricIndex: UInt8) -> AccessControlEntry? {
        guard case .structure(let fields) = value,
            case .unsigned(let privilegeValue)? = fields[1],
            let privilege = UInt8(exactly: privilegeValue).flatMap(AccessControlEntry.Privilege.init(rawValue:)),
            case .unsigned(let modeValue)? = fields[2],
            let authMode = UInt8(exactly: modeValue).flatMap(AccessControlEntry.AuthMode.init(rawValue:)),
            authMode != .pase, !(authMode == .group && privilege == .administer)
        else { return nil }
        var subjects: [UInt64]?
        switch fields[3] {
        case nil, .null?: subjects = nil
        case .list(let items)?:
            var list: [UInt64] = []
            for item in items {
                guard case .unsigned(let subject) = item, isValid(subject: subject, authMode: authMode) else {
                    return nil
                }
                list.append(subject)
            }
            guard list.count <= subjectsPerEntry else { return nil }
            subjects = list
        default: return nil
        }
        var targets: [AccessControlEntry.Target]?
        switch fields[4] {
        case nil, .null?: targets = nil
        case .list(let items)?:
            var list: [AccessControlEntry.Target] = []
            for item in items {
                guard let target = accessControlTarget(item) else { return nil }
                list.append(target)
            }
            guard list.count <= targetsPerEntry else { return nil }
            targets = list
        default: return nil
        }
        return AccessControlEntry(
            privilege: privilege, authMode: authMode, subjects: subjects, targets: targets, fabricIndex: fabricIndex)
    }

    static func isValid(subject: UInt64, authMode: AccessControlEntry.AuthMode) -> Bool {
        switch authMode {
        case .case:
            let operational = subject >= 1 && subject <= 0xFFFF_FFEF_FFFF_FFFF
            let cat = subject >> 32 == 0xFFFF_FFFD && subject & 0xFFFF != 0
            return operational || cat
        case .group:
            return subject >= 1 && subject <= 0xFFFF
        case .pase:
            return false
        }
    }

    static func accessControlTarget(_ value: AttributeValue) -> AccessControlEntry.Target? {
        guard case .structure(let fields) = value else { return nil }
        func optional(_ tag: UInt32) -> UInt64?? {
            switch fields[tag] {
            case nil, .null?: return .some(nil)
            case .unsigned(let number)?: return .some(number)
            default: return nil
            }
        }
        guard let cluster = optional(0), let endpoint = optional(1), let deviceType = optional(2),
            cluster != nil || endpoint != nil || deviceType != nil, endpoint == nil || deviceType == nil
        else { return nil }
        if let cluster, UInt32(exactly: cluster).map(AttributePathIB.isValidClusterID) != true { return nil }
        if let endpoint, endpoint >= 0xFFFF { return nil }
        if let deviceType, deviceType > 0xFFFE_BFFF || deviceType & 0xFFFF > 0xBFFF { return nil }
        return AccessControlEntry.Target(
            cluster: cluster.map { UInt32($0) }, endpoint: endpoint.map { UInt16($0) },
            deviceType: deviceType.map { UInt32($0) })
    }
}
