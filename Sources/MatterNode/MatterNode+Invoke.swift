import MatterDataModel
import MatterInteraction
import MatterMessage

/// The commands endpoint 0 accepts (the other endpoints' go to the hub, `bridgedCommand`), and the checks every
/// invoke passes before its command runs, in CHIP's order
/// (`InteractionModelEngine::ValidateCommandCanBeDispatched`: existence, access, then the command's flags; then
/// `CommandHandler` decodes the fields): UNSUPPORTED_ENDPOINT, UNSUPPORTED_CLUSTER, UNSUPPORTED_COMMAND,
/// UNSUPPORTED_ACCESS (below the command's privilege), NEEDS_TIMED_INTERACTION, UNSUPPORTED_ACCESS for a fabric-scoped
/// command without an accessing fabric, INVALID_COMMAND for fields that do not decode.
extension MatterNode {
    /// What a command asks of the invoke that carries it (the cluster XML's `mustUseTimedInvoke` and
    /// `isFabricScoped`) and of its accessor (the specification's `access`: Administer unless it says less).
    struct CommandRule {
        var timed = false
        var fabricScoped = false
        var privilege = AccessPrivilege.administer
    }

    static let commandRules: [ClusterID: [CommandID: CommandRule]] = [
        0x0030: [0x00: CommandRule(), 0x02: CommandRule(), 0x04: CommandRule()],
        0x003E: [
            0x00: CommandRule(), 0x02: CommandRule(), 0x04: CommandRule(), 0x06: CommandRule(),
            0x07: CommandRule(fabricScoped: true), 0x09: CommandRule(fabricScoped: true), 0x0A: CommandRule(),
            0x0B: CommandRule(),
        ],
        0x003C: [0x00: CommandRule(timed: true), 0x01: CommandRule(timed: true), 0x02: CommandRule(timed: true)],
        // General Diagnostics (Matter Core 11.12.7): TestEventTrigger "M", TimeSnapshot "O".
        0x0033: [0x00: CommandRule(privilege: .manage), 0x01: CommandRule(privilege: .operate)],
        // Group Key Management (Matter Core 11.2.8): every command "F A".
        0x003F: [
            0x00: CommandRule(fabricScoped: true), 0x01: CommandRule(fabricScoped: true),
            0x03: CommandRule(fabricScoped: true), 0x04: CommandRule(fabricScoped: true),
        ],
    ]

    /// Runs one command of an invoke on `key`'s session.
    mutating func handleCommand(
        _ command: CommandDataIB, on key: MatterExchange.Key, session: MatterSecureSession, timed: Bool,
        now: MonotonicInstant, using generator: inout some RandomNumberGenerator
    ) -> CommandOutcome {
        let path = command.path
        // The owner's own clusters on endpoint 0 (a device's OTA Requestor) are its, like its other endpoints'.
        guard path.endpoint == 0, endpoints.rootExtension?.clusters[path.cluster] == nil else {
            return bridgedCommand(command, on: key, session: session, timed: timed)
        }
        guard MatterRootEndpoint.clusterIDs.contains(path.cluster) else {
            return CommandOutcome(result: .status(path, .unsupportedCluster))
        }
        guard let rule = Self.commandRules[path.cluster]?[path.command] else {
            return CommandOutcome(result: .status(path, .unsupportedCommand))
        }
        guard let granted = rootEndpoint.privilege(of: session, endpoint: 0, cluster: path.cluster),
            granted >= rule.privilege
        else {
            return CommandOutcome(result: .status(path, .unsupportedAccess))
        }
        if rule.timed, !timed { return CommandOutcome(result: .status(path, .needsTimedInteraction)) }
        if rule.fabricScoped, session.fabricIndex == 0 {
            return CommandOutcome(result: .status(path, .unsupportedAccess))
        }
        let fields = CommandFields(members: command.fields ?? [])
        do {
            switch path.cluster {
            case 0x0030:
                return try generalCommissioning(path, fields, on: key, session: session, now: now)
            case 0x003E:
                return try operationalCredentials(path, fields, on: key, session: session, using: &generator)
            case MatterRootEndpoint.generalDiagnostics:
                return try rootEndpoint.generalDiagnostics(
                    path, fields, upTimeMilliseconds: now.milliseconds(since: startedAt))
            case MatterRootEndpoint.groupKeyManagement:
                return try rootEndpoint.groupKeyManagement(path, fields)
            default:
                return try rootEndpoint.administratorCommissioning(path, fields, session: session)
            }
        } catch {
            return CommandOutcome(result: .status(path, .invalidCommand))
        }
    }

    /// The commands of an invoke (one, `InteractionResponder.maximumPathsPerInvoke`) on `key`: answered through the
    /// exchange's responder, or, for a durable change, once the owner's save is done (`persisted`).
    mutating func invoke(
        _ commands: [CommandDataIB], timed: Bool, on key: MatterExchange.Key, from peer: MatterPeer,
        now: MonotonicInstant, using generator: inout some RandomNumberGenerator
    ) -> (answers: [InvokeResponseIB]?, actions: [MatterNodeAction], afterAnswer: [AfterAnswer]) {
        guard case .secure(let id) = key.session, let session = sessionLayer.sessions[id] else { return (nil, [], []) }
        var answers: [InvokeResponseIB] = []
        var actions: [MatterNodeAction] = []
        var afterAnswer: [AfterAnswer] = []
        for command in commands {
            let outcome = handleCommand(command, on: key, session: session, timed: timed, now: now, using: &generator)
            actions += outcome.actions
            afterAnswer += outcome.afterAnswer
            switch outcome.result {
            case .answer(let answer):
                answers.append(answer)
                actions.append(.log(.command(peer, path: command.path.description, outcome: Self.describe(answer))))
            case .afterSave(let save):
                guard rootEndpoint.pendingSave == nil else {
                    answers.append(.status(path: command.path, StatusIB(.busy), ref: command.ref))
                    continue
                }
                rootEndpoint.pendingSave = save
                actions.append(.persist(save.committed, ticket: save.ticket))
                return (nil, actions, afterAnswer)
            case .bridged(let endpoint, let operation):
                guard
                    let request = askHub(
                        operation, endpoint: endpoint, pending: .invoke(key, path: command.path, ref: command.ref))
                else {
                    answers.append(.status(path: command.path, StatusIB(.busy), ref: command.ref))
                    continue
                }
                actions.append(request)
                return (nil, actions, afterAnswer)
            }
        }
        return (answers, actions, afterAnswer)
    }

    /// Carries out what a command left for after its answer.
    mutating func run(_ afterAnswer: [AfterAnswer]) -> [MatterNodeAction] {
        var actions: [MatterNodeAction] = []
        for step in afterAnswer {
            switch step {
            case .expireFailSafe(let reason):
                actions += expireFailSafe(reason: reason)
            case .endPASESession(let reason):
                if let pase = paseSession { actions += endSession(pase.localSessionID, reason: reason) }
            }
        }
        return actions
    }

    /// An answer as a log line shows it.
    static func describe(_ answer: InvokeResponseIB) -> String {
        switch answer {
        case .command(let data): "response 0x\(String(data.path.command, radix: 16, uppercase: true))"
        case .status(_, let status, _): "\(status)"
        }
    }

    /// A durable change: `committed` to save, `working` to hold once saved, `success` to answer then (FAILURE if
    /// the save fails), and what else the change does.
    mutating func afterSave(
        _ committed: FabricTable, _ working: FabricTable, on key: MatterExchange.Key, path: CommandPathIB,
        success: InvokeResponseIB, effect: PendingSave.Effect
    ) -> CommandOutcome {
        CommandOutcome(
            result: .afterSave(
                PendingSave(
                    ticket: rootEndpoint.takeTicket(), committed: committed, working: working,
                    waiting: .invoke(key, success: success, failure: .status(path: path, StatusIB(.failure), ref: nil)),
                    effect: effect)))
    }
}
