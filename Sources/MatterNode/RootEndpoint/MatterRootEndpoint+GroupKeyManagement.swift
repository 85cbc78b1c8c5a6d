import MatterDataModel
import MatterInteraction
import MatterTLV

/// Group Key Management's commands (Matter Core Specification 11.2.8; CHIP
/// `src/app/clusters/group-key-mgmt-server/group-key-mgmt-server.cpp`, whose checks and their order these follow).
/// Each is fabric-scoped and needs Administer (`MatterNode.commandRules`). The node keeps one key set per fabric, the
/// IPK (GroupKeySetID 0) that AddNOC gave it, and never another (MaxGroupKeysPerFabric 1).
extension MatterRootEndpoint {
    /// The IPK's key set ID.
    static let identityProtectionKeySetID: UInt16 = 0

    func groupKeyManagement(_ path: CommandPathIB, _ fields: CommandFields) throws(CommandFields.Invalid)
        -> CommandOutcome
    {
        switch path.command {
        case 0x00:
            return keySetWrite(path, try GroupKeySet(fields.element(0)))
        case 0x01:
            return keySetRead(path, id: try fields.unsigned(0, "GroupKeySetID", as: UInt16.self))
        case 0x03:
            return keySetRemove(path, id: try fields.unsigned(0, "GroupKeySetID", as: UInt16.self))
        default:
            return CommandOutcome(
                result: .response(
                    path, command: 0x05,
                    [
                        TLVElement(
                            tag: .context(0), .array([TLVElement(.unsigned(UInt64(Self.identityProtectionKeySetID)))]))
                    ]
                ))
        }
    }

    /// KeySetWrite: the key set checked as CHIP's `ValidateKeySetWriteArguments` does (INVALID_COMMAND or
    /// CONSTRAINT_ERROR), then its policy (an unknown one CONSTRAINT_ERROR, CacheAndSync without that feature
    /// INVALID_COMMAND); then a new key set would be a second one for the fabric, beyond MaxGroupKeysPerFabric:
    /// RESOURCE_EXHAUSTED (CHIP's `SetKeySet` fails with CHIP_ERROR_INVALID_LIST_LENGTH). Keyset 0 is the IPK, which
    /// only AddNOC sets here: INVALID_COMMAND. (CHIP would replace its IPK with the written keys; the node does not
    /// change a fabric's IPK after AddNOC.)
    func keySetWrite(_ path: CommandPathIB, _ set: GroupKeySet) -> CommandOutcome {
        if let refusal = set.refusal { return CommandOutcome(result: .status(path, refusal)) }
        guard set.policy <= 1 else { return CommandOutcome(result: .status(path, .constraintError)) }
        guard set.policy == 0 else { return CommandOutcome(result: .status(path, .invalidCommand)) }
        guard set.id == Self.identityProtectionKeySetID else {
            return CommandOutcome(result: .status(path, .resourceExhausted))
        }
        return CommandOutcome(result: .status(path, .invalidCommand))
    }

    /// KeySetRead → KeySetReadResponse {0 GroupKeySet}: the IPK's set as AddNOC stored it (TrustFirst, one epoch
    /// key starting at 0), its keys null as every key read back is (Matter Core 11.2.8.2); NOT_FOUND for any other.
    func keySetRead(_ path: CommandPathIB, id: UInt16) -> CommandOutcome {
        guard id == Self.identityProtectionKeySetID else { return CommandOutcome(result: .status(path, .notFound)) }
        let set: [TLVElement] = [
            TLVElement(tag: .context(0), .unsigned(UInt64(id))), TLVElement(tag: .context(1), .unsigned(0)),
            TLVElement(tag: .context(2), .null), TLVElement(tag: .context(3), .unsigned(0)),
            TLVElement(tag: .context(4), .null), TLVElement(tag: .context(5), .null),
            TLVElement(tag: .context(6), .null), TLVElement(tag: .context(7), .null),
        ]
        return CommandOutcome(result: .response(path, command: 0x02, [TLVElement(tag: .context(0), .structure(set))]))
    }

    /// A write of GroupKeyMap (Matter Core 11.2.6.1; CHIP `WriteGroupKeyMap`): the accessing fabric's entries
    /// replaced (no list index) or one appended (ListIndex null). With no groups (MaxGroupsPerFabric 0) the map stays
    /// empty: an empty list is SUCCESS and changes nothing; the first entry refuses the write, CONSTRAINT_ERROR if it
    /// maps a group to the IPK (GroupKeySetID 0), else RESOURCE_EXHAUSTED (CHIP `GroupDataProviderImpl::SetGroupKeyAt`
    /// refuses an entry beyond MaxGroupsPerFabric with CHIP_ERROR_INVALID_LIST_LENGTH). Without an accessing fabric
    /// UNSUPPORTED_ACCESS, as for the ACL.
    static func writeGroupKeyMap(
        _ value: AttributeValue, listIndex: AttributePathIB.ListIndex?, session: MatterSecureSession
    ) -> InteractionModelStatus? {
        guard session.fabricIndex != 0 else { return .unsupportedAccess }
        let entries: [AttributeValue]
        switch listIndex {
        case .none:
            guard case .list(let items) = value else { return .invalidDataType }
            entries = items
        case .null:
            entries = [value]
        case .index:
            return .invalidAction
        }
        guard let first = entries.first else { return nil }
        guard case .structure(let fields) = first, case .unsigned = fields[1], case .unsigned(let set) = fields[2]
        else {
            return .constraintError
        }
        return set == UInt64(identityProtectionKeySetID) ? .constraintError : .resourceExhausted
    }

    /// KeySetRemove: INVALID_COMMAND for the IPK (Matter Core 11.2.8.4, as CHIP quotes it), NOT_FOUND for any other.
    func keySetRemove(_ path: CommandPathIB, id: UInt16) -> CommandOutcome {
        CommandOutcome(result: .status(path, id == Self.identityProtectionKeySetID ? .invalidCommand : .notFound))
    }
}

/// KeySetWrite's GroupKeySetStruct (Matter Core 11.2.5.4): {0 GroupKeySetID, 1 GroupKeySecurityPolicy, 2 EpochKey0,
/// 3 EpochStartTime0, 4 EpochKey1, 5 EpochStartTime1, 6 EpochKey2, 7 EpochStartTime2}, keys and times nullable.
/// A member missing or of the wrong type fails the decode (INVALID_COMMAND).
struct GroupKeySet {
    var id: UInt16
    var policy: UInt8
    var keys: [[UInt8]?]
    var startTimes: [UInt64?]

    init(_ element: TLVElement?) throws(CommandFields.Invalid) {
        guard case .structure(let members)? = element?.value else { throw CommandFields.Invalid(field: "GroupKeySet") }
        let fields = CommandFields(members: members)
        id = try fields.unsigned(0, "GroupKeySetID", as: UInt16.self)
        policy = try fields.unsigned(1, "GroupKeySecurityPolicy", as: UInt8.self)
        keys = []
        startTimes = []
        for epoch in UInt8(0)..<3 {
            guard let key = fields.element(2 + 2 * epoch), let time = fields.element(3 + 2 * epoch) else {
                throw CommandFields.Invalid(field: "EpochKey\(epoch)")
            }
            switch key.value {
            case .null: keys.append(nil)
            case .bytes(let bytes): keys.append(bytes)
            default: throw CommandFields.Invalid(field: "EpochKey\(epoch)")
            }
            switch time.value {
            case .null: startTimes.append(nil)
            case .unsigned(let value): startTimes.append(value)
            default: throw CommandFields.Invalid(field: "EpochStartTime\(epoch)")
            }
        }
    }

    /// What CHIP's `ValidateKeySetWriteArguments` answers, in its order: EpochKey0 and EpochStartTime0 present and
    /// the time not 0, else INVALID_COMMAND; each key 16 bytes, else CONSTRAINT_ERROR; a later epoch's key and time
    /// both null or both present, present only after the earlier ones, and starting later, else INVALID_COMMAND.
    var refusal: InteractionModelStatus? {
        guard let first = startTimes[0], keys[0] != nil, first != 0 else { return .invalidCommand }
        guard keys[0]?.count == 16 else { return .constraintError }
        var previous = first
        for epoch in 1..<3 {
            guard (keys[epoch] == nil) == (startTimes[epoch] == nil) else { return .invalidCommand }
            guard let key = keys[epoch], let time = startTimes[epoch] else { continue }
            guard keys[0..<epoch].allSatisfy({ $0 != nil }) else { return .invalidCommand }
            guard key.count == 16 else { return .constraintError }
            guard time > previous else { return .invalidCommand }
            previous = time
        }
        return nil
    }
}
