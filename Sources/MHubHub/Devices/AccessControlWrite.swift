import MatterDataModel

/// The entries of `set_acl_entry` and the targets of `set_node_binding`, read from the JSON OHF clients send or the
/// TLV a controller writes over Matter (`ACLWriteInput`), and checked as a device checks a write of Access Control's
/// ACL (Matter Core Specification 9.10.5.6, AccessControlEntryStruct; 9.10.4.2, subjects by auth mode) or Binding's
/// Binding (9.6.5.1, TargetStruct).
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

    /// The ACL `input` (a list of entries) spells, or the status a device answers.
    static func entries<Input: ACLWriteInput>(of input: Input, fabricIndex: UInt64) throws(InteractionError)
        -> AttributeValue
    {
        guard let items = input.listItems else {
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

    private static func entry<Input: ACLWriteInput>(_ input: Input, index: Int, fabricIndex: UInt64)
        throws(InteractionError) -> AttributeValue
    {
        guard let fields = input.fields else {
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
        if let list = value(fields, ["subjects", "3"]), !list.isNull {
            guard let items = list.listItems else {
                throw InteractionError(.invalidDataType, "\(what): subjects must be a list or null")
            }
            guard items.count <= subjectsPerEntry else {
                throw InteractionError(.resourceExhausted, "\(what): at most \(subjectsPerEntry) subjects")
            }
            var checked: [AttributeValue] = []
            for item in items {
                guard let number = item.wholeNumber, let subject = UInt64(exactly: number) else {
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
        if let list = value(fields, ["targets", "4"]), !list.isNull {
            guard let items = list.listItems else {
                throw InteractionError(.invalidDataType, "\(what): targets must be a list or null")
            }
            guard items.count <= targetsPerEntry else {
                throw InteractionError(.resourceExhausted, "\(what): at most \(targetsPerEntry) targets")
            }
            var checked: [AttributeValue] = []
            for item in items {
                guard let target = item.fields else {
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

    /// The Binding `input` (a list of targets) spells, or the status a device answers.
    static func bindings<Input: ACLWriteInput>(of input: Input, fabricIndex: UInt64) throws(InteractionError)
        -> AttributeValue
    {
        guard let items = input.listItems else {
            throw InteractionError(.invalidDataType, "bindings must be a list of targets")
        }
        var targets: [AttributeValue] = []
        for (index, item) in items.enumerated() {
            let what = "binding \(index)"
            guard let fields = item.fields else {
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

    private static func value<Input>(_ fields: [String: Input], _ names: [String]) -> Input? {
        for name in names { if let value = fields[name] { return value } }
        return nil
    }

    private static func integer<Input: ACLWriteInput>(
        _ fields: [String: Input], _ names: [String], what: String, required: Bool
    ) throws(InteractionError) -> Int64? {
        guard let field = value(fields, names), !field.isNull else {
            if required { throw InteractionError(.invalidDataType, "\(what): \(names[0]) is required") }
            return nil
        }
        guard let number = field.wholeNumber else {
            throw InteractionError(
                .invalidDataType, "\(what): \(names[0]) must be a whole number, not \(field.typeName)")
        }
        guard number >= 0 else { throw InteractionError(.constraintError, "\(what): \(names[0]) is negative") }
        return number
    }
}

/// What `AccessControlWrite` reads entries and targets from: a JSON value from the control socket, or a TLV value
/// written over Matter, whose structures are keyed by tag (the tag's digits, which the field lists name too).
protocol ACLWriteInput {
    var isNull: Bool { get }
    var listItems: [Self]? { get }
    /// A structure's (or JSON object's) fields, by name or by the digits of their tag.
    var fields: [String: Self]? { get }
    var wholeNumber: Int64? { get }
    /// What it is, for an error ("a string"), in the words JSON's types have, whatever brought it.
    var typeName: String { get }
}

extension AttributeValue: ACLWriteInput {
    var isNull: Bool { self == .null }

    var listItems: [AttributeValue]? {
        if case .list(let items) = self { items } else { nil }
    }

    var fields: [String: AttributeValue]? {
        guard case .structure(let fields) = self else { return nil }
        return Dictionary(uniqueKeysWithValues: fields.map { (String($0.key), $0.value) })
    }

    var wholeNumber: Int64? {
        switch self {
        case .signed(let number): number
        case .unsigned(let number) where number <= UInt64(Int64.max): Int64(number)
        default: nil
        }
    }

    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .signed, .unsigned, .float: "a number"
        case .string: "a string"
        case .bytes: "bytes"
        case .list: "an array"
        case .structure: "an object"
        }
    }
}
