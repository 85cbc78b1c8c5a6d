import MHubJSON
import MHubProtocol
import MatterDataModel

/// The entries of `set_acl_entry` and the targets of `set_node_binding`, read from the JSON OHF clients send and
/// checked as a device checks a write of Access Control's ACL (Matter Core Specification 9.10.5.6,
/// AccessControlEntryStruct; 9.10.4.2, subjects by auth mode) or Binding's Binding (9.6.5.1, TargetStruct).
///
/// Fields are taken by the names python-matter-server's clients send (`privilege`, `authMode`, `subjects`,
/// `targets`, `fabricIndex`), by matterjs-server's (`auth_mode`, `device_type`, `fabric_index`) or by tag number.
/// Every entry is written on the hub's fabric, as a device scopes a fabric-scoped write to the writer's fabric.
enum AccessControlWrite {
    /// The limits a device reports (Access Control's SubjectsPerAccessControlEntry and friends, the minimums mhub's
    /// devices have).
    static let subjectsPerEntry = 4
    static let targetsPerEntry = 3
    static let entriesPerFabric = 4

    /// The ACL `json` (a list of entries) spells, or the status a device answers.
    static func entries(_ json: JSONValue, fabricIndex: UInt64) throws(InteractionError) -> AttributeValue {
        guard case .array(let items) = json else {
            throw InteractionError(.invalidDataType, "entry must be a list of access control entries")
        }
        guard items.count <= entriesPerFabric else {
            throw InteractionError(
                .resourceExhausted, "a device keeps at most \(entriesPerFabric) entries per fabric, not \(items.count)")
        }
        var entries: [AttributeValue] = []
        for (index, item) in items.enumerated() {
            entries.append(try entry(item, index: index, fabricIndex: fabricIndex))
        }
        return .list(entries)
    }

    private static func entry(_ json: JSONValue, index: Int, fabricIndex: UInt64) throws(InteractionError)
        -> AttributeValue
    {
        guard case .object(let fields) = json else {
            throw InteractionError(.invalidDataType, "entry \(index) must be an object")
        }
        let what = "entry \(index)"
        let privilege = try integer(fields, ["privilege", "1"], what: what, required: true)!
        let authMode = try integer(fields, ["authMode", "auth_mode", "2"], what: what, required: true)!
        guard (1...5).contains(privilege) else {
            throw InteractionError(.constraintError, "\(what): privilege must be 1 to 5, not \(privilege)")
        }
        switch authMode {
        case 2: break
        case 3:
            guard privilege != Int64(AccessPrivilege.administer.rawValue) else {
                throw InteractionError(.constraintError, "\(what): a group entry cannot grant Administer")
            }
        case 1: throw InteractionError(.constraintError, "\(what): PASE entries are implicit and cannot be written")
        default: throw InteractionError(.constraintError, "\(what): authMode must be 2 (CASE) or 3 (Group)")
        }
        var subjects: AttributeValue = .null
        if let list = value(fields, ["subjects", "3"]), list != .null {
            guard case .array(let items) = list else {
                throw InteractionError(.invalidDataType, "\(what): subjects must be a list or null")
            }
            guard items.count <= subjectsPerEntry else {
                throw InteractionError(.resourceExhausted, "\(what): at most \(subjectsPerEntry) subjects")
            }
            var checked: [AttributeValue] = []
            for item in items {
                guard case .integer(let number) = item, let subject = UInt64(exactly: number) else {
                    throw InteractionError(.invalidDataType, "\(what): a subject must be a whole number")
                }
                guard authMode == 2 ? isCASESubject(subject) : (1...0xFFFF).contains(subject) else {
                    throw InteractionError(
                        .constraintError,
                        "\(what): \(subject) is not a valid \(authMode == 2 ? "node ID or CAT" : "group ID")")
                }
                checked.append(.unsigned(subject))
            }
            subjects = .list(checked)
        }
        var targets: AttributeValue = .null
        if let list = value(fields, ["targets", "4"]), list != .null {
            guard case .array(let items) = list else {
                throw InteractionError(.invalidDataType, "\(what): targets must be a list or null")
            }
            guard items.count <= targetsPerEntry else {
                throw InteractionError(.resourceExhausted, "\(what): at most \(targetsPerEntry) targets")
            }
            var checked: [AttributeValue] = []
            for item in items {
                guard case .object(let target) = item else {
                    throw InteractionError(.invalidDataType, "\(what): a target must be an object")
                }
                let cluster = try integer(target, ["cluster", "0"], what: what, required: false)
                let endpoint = try integer(target, ["endpoint", "1"], what: what, required: false)
                let deviceType = try integer(target, ["deviceType", "device_type", "2"], what: what, required: false)
                guard cluster != nil || endpoint != nil || deviceType != nil else {
                    throw InteractionError(
                        .constraintError, "\(what): a target names a cluster, endpoint or device type")
                }
                guard endpoint == nil || deviceType == nil else {
                    throw InteractionError(
                        .constraintError, "\(what): a target names an endpoint or a device type, not both")
                }
                if let endpoint, !(0...0xFFFE).contains(endpoint) {
                    throw InteractionError(.constraintError, "\(what): endpoint \(endpoint) is out of range")
                }
                checked.append(
                    .structure([
                        0: cluster.map { .unsigned(UInt64($0)) } ?? .null,
                        1: endpoint.map { .unsigned(UInt64($0)) } ?? .null,
                        2: deviceType.map { .unsigned(UInt64($0)) } ?? .null,
                    ]))
            }
            targets = .list(checked)
        }
        return .structure([
            1: .unsigned(UInt64(privilege)), 2: .unsigned(UInt64(authMode)), 3: subjects, 4: targets,
            0xFE: .unsigned(fabricIndex),
        ])
    }

    /// The Binding `json` (a list of targets) spells, or the status a device answers.
    static func bindings(_ json: JSONValue, fabricIndex: UInt64) throws(InteractionError) -> AttributeValue {
        guard case .array(let items) = json else {
            throw InteractionError(.invalidDataType, "bindings must be a list of targets")
        }
        var targets: [AttributeValue] = []
        for (index, item) in items.enumerated() {
            let what = "binding \(index)"
            guard case .object(let fields) = item else {
                throw InteractionError(.invalidDataType, "\(what) must be an object")
            }
            let node = try integer(fields, ["node", "1"], what: what, required: false)
            let group = try integer(fields, ["group", "2"], what: what, required: false)
            let endpoint = try integer(fields, ["endpoint", "3"], what: what, required: false)
            let cluster = try integer(fields, ["cluster", "4"], what: what, required: false)
            switch (node, group, endpoint) {
            case (_?, nil, _?), (nil, _?, nil): break
            case (_?, _?, _):
                throw InteractionError(.constraintError, "\(what): a target is a node or a group, not both")
            default:
                throw InteractionError(
                    .constraintError, "\(what): a target is a node with its endpoint, or a group without one")
            }
            if let group, !(1...0xFFFF).contains(group) {
                throw InteractionError(.constraintError, "\(what): group \(group) is not a group ID")
            }
            if let node, !isCASESubject(UInt64(node)) {
                throw InteractionError(.constraintError, "\(what): \(node) is not an operational node ID")
            }
            if let endpoint, !(0...0xFFFE).contains(endpoint) {
                throw InteractionError(.constraintError, "\(what): endpoint \(endpoint) is out of range")
            }
            var target: [UInt32: AttributeValue] = [0xFE: .unsigned(fabricIndex)]
            if let node { target[1] = .unsigned(UInt64(node)) }
            if let group { target[2] = .unsigned(UInt64(group)) }
            if let endpoint { target[3] = .unsigned(UInt64(endpoint)) }
            if let cluster { target[4] = .unsigned(UInt64(cluster)) }
            targets.append(.structure(target))
        }
        return .list(targets)
    }

    /// An operational node ID (0x1 … 0xFFFF_FFEF_FFFF_FFFF) or a CASE Authenticated Tag with a version
    /// (0xFFFF_FFFD_xxxx_xxxx, version ≠ 0) (Matter Core Specification 2.5.5, 6.6.2.1.2).
    static func isCASESubject(_ subject: UInt64) -> Bool {
        if (1...0xFFFF_FFEF_FFFF_FFFF).contains(subject) { return true }
        return subject >> 32 == 0xFFFF_FFFD && subject & 0xFFFF != 0
    }

    private static func value(_ fields: [String: JSONValue], _ names: [String]) -> JSONValue? {
        for name in names { if let value = fields[name] { return value } }
        return nil
    }

    private static func integer(_ fields: [String: JSONValue], _ names: [String], what: String, required: Bool)
        throws(InteractionError) -> Int64?
    {
        switch value(fields, names) {
        case nil, .null?:
            if required { throw InteractionError(.invalidDataType, "\(what): \(names[0]) is required") }
            return nil
        case .integer(let number)?:
            guard number >= 0 else { throw InteractionError(.constraintError, "\(what): \(names[0]) is negative") }
            return number
        case let other?:
            throw InteractionError(
                .invalidDataType, "\(what): \(names[0]) must be a whole number, not \(other.typeName)")
        }
    }
}

extension Hub {
    /// `set_acl_entry {node_id, entry}` (OHF): replaces the ACL of the hub's fabric on the node, as python-matter-server
    /// writes Access Control's ACL on endpoint 0; answers like `write_attribute`.
    mutating func setACLEntry(
        _ args: inout Arguments, request: HubRequest, client: ClientInfo, now: Timestamp, _ outcome: inout HubOutcome
    ) throws(HubError) -> JSONValue? {
        let node = try node(try args.requiredInteger("node_id", as: NodeID.self))
        guard let entry = args.raw("entry") else { throw HubError(.invalidArguments, "argument 'entry' is required") }
        try args.rejectUnknown(command: .setACLEntry)
        let path = AttributePath(endpoint: 0, cluster: ClusterDefinition.accessControl.id, attribute: 0x0000)
        return try writeList(path, of: node, request: request, client: client, now: now, &outcome) {
            () throws(InteractionError) in
            try AccessControlWrite.entries(entry, fabricIndex: CommissionedNodeState.fabricIndex)
        }
    }

    /// `set_node_binding {node_id, endpoint, bindings}` (OHF): replaces the Binding of the hub's fabric on the node's
    /// endpoint.
    mutating func setNodeBinding(
        _ args: inout Arguments, request: HubRequest, client: ClientInfo, now: Timestamp, _ outcome: inout HubOutcome
    ) throws(HubError) -> JSONValue? {
        let node = try node(try args.requiredInteger("node_id", as: NodeID.self))
        let endpoint = try args.requiredInteger("endpoint", as: EndpointID.self)
        guard let bindings = args.raw("bindings") else {
            throw HubError(.invalidArguments, "argument 'bindings' is required")
        }
        try args.rejectUnknown(command: .setNodeBinding)
        let path = AttributePath(endpoint: endpoint, cluster: ClusterDefinition.binding.id, attribute: 0x0000)
        return try writeList(path, of: node, request: request, client: client, now: now, &outcome) {
            () throws(InteractionError) in
            try AccessControlWrite.bindings(bindings, fabricIndex: CommissionedNodeState.fabricIndex)
        }
    }

    /// Writes a fabric-scoped list attribute the device checks with `value`, through the same path as
    /// `write_attribute` (faults, latency, the reply once applied).
    private mutating func writeList(
        _ path: AttributePath, of node: Node, request: HubRequest, client: ClientInfo, now: Timestamp,
        _ outcome: inout HubOutcome, value: () throws(InteractionError) -> AttributeValue
    ) throws(HubError) -> JSONValue? {
        try checkStructure(node.structureID, for: client)
        let checked: AttributeValue
        do throws(InteractionError) {
            guard let endpoint = node.data.endpoints[path.endpoint] else {
                throw InteractionError(.unsupportedEndpoint, "node \(node.id) has no endpoint \(path.endpoint)")
            }
            guard endpoint.clusters[path.cluster] != nil else {
                let name = ClusterCatalog.definition(path.cluster)?.name ?? "cluster \(path.cluster)"
                throw InteractionError(.unsupportedCluster, "endpoint \(path.endpoint) has no \(name) cluster")
            }
            checked = try value()
        } catch {
            throw error.hubError
        }
        var effect = DeviceEffect()
        effect.changes.append((path, checked))
        return try answer(
            node: node, request: request, client: client, now: now, effect: effect, result: Self.writeResult(path),
            &outcome)
    }
}
