import MatterDataModel

/// What a command or a change at the device does to the program on one endpoint's Operational State cluster (or a
/// derived one): the hub applies it to the program's timing in `DeviceRuntime` and reports what follows (`Hub+Programs`).
public struct ProgramChange: Hashable, Sendable {
    public var endpoint: EndpointID
    public var cluster: ClusterID
    public var control: Control

    public enum Control: Hashable, Sendable {
        /// A program starts now (Start, or Start pressed at the machine).
        case start(OperationalProgram)
        /// Program time stops (a pause, an error).
        case hold
        /// Program time runs on (a resume).
        case release
        /// The operation ends before its program does (Stop, the power switched off): OperationCompletion with this
        /// CompletionErrorCode, leaving `state` (the variant's state after an end when nil).
        case end(completionError: UInt64, state: Int64? = nil)
        /// The program's last phase runs `by` milliseconds longer (a microwave's AddMoreTime).
        case extend(by: Int64)
        /// A phase of the program is skipped (a robot told to skip a room): the phase under way ends now, a later
        /// one is left out.
        case skip(phase: Int)
    }
}

/// How a cluster derived from Operational State differs from it (Application Cluster Specification 1.14.4: a derived
/// cluster adds states, errors and commands of its own and says which of its states a Pause or Resume is accepted in).
/// The generic cluster (0x0060) and Oven Cavity Operational State (0x0048, 8.10) use the base's rules; RVC Operational
/// State (0x0061, 7.4) adds its docking states and GoHome here.
struct OperationalStateVariant: Sendable {
    /// States a Pause is accepted in (1.14.6.1, Table 3 "Pause Compatibility": Running and Paused).
    var pauseCompatible: Set<Int64> = [1, 2]
    /// States a Resume is accepted in (1.14.6.4, Table 4 "Resume Compatibility": Running and Paused).
    var resumeCompatible: Set<Int64> = [1, 2]
    /// The state a program leaves when it ends or is stopped: Stopped (1.14.6.2).
    var stateAfterEnd: Int64 = 0
    /// The state a machine rests in when its program is gone without an end of its own (an error cleared with no
    /// program waiting, a restart): Stopped, where it is.
    var stateWhenCleared: Int64 = 0
    /// The derived cluster's own commands (RVC's GoHome); nil for a command of the base.
    var ownCommand:
        (@Sendable (DeviceLogic.Invocation) throws(InteractionError) -> (DeviceEffect, DeviceLogic.Response?)?)?
    /// What else follows the end of `run` on `endpoint` of `node`, leaving `state` (a robot's rooms done or skipped,
    /// its way back to its dock); nil when nothing does.
    var whenEnded:
        (
            @Sendable (_ node: Node, _ endpoint: EndpointID, _ state: Int64, _ run: ProgramRun?, _ now: Timestamp) ->
                DeviceEffect
        )?
    /// What follows the phase under way each time the engine reports it (a robot's room and its progress): none for
    /// the base.
    var phaseFollowers:
        @Sendable (_ node: NodeData, _ endpoint: EndpointID, _ phase: Int) -> [(AttributePath, AttributeValue)] = {
            _, _, _ in []
        }
    /// Attributes moving by themselves outside a program (a robot's way home and its charging), stopped when the
    /// machine reports an error.
    var movements: @Sendable (EndpointID) -> [AttributePath] = { _ in [] }

    /// The variants by cluster ID: the clusters `DeviceLogic.operationalState` drives.
    static let byCluster: [ClusterID: OperationalStateVariant] = [
        0x0060: OperationalStateVariant(),
        0x0048: OperationalStateVariant(),
        0x0061: .rvc,
    ]
}

/// Operational State's commands (Application Cluster Specification 1.14.6), each answered with
/// OperationalCommandResponse {0 CommandResponseState: ErrorStateStruct}: NoError (0) when done or when the state is
/// already what was asked, UnableToStartOrResume (1) or CommandInvalidInState (3) when refused, as each command's
/// section says. Attribute IDs: 0x0000 PhaseList, 0x0001 CurrentPhase, 0x0002 CountdownTime, 0x0004 OperationalState,
/// 0x0005 OperationalError.
///
/// States (OperationalStateEnum): 0 Stopped, 1 Running, 2 Paused, 3 Error.
extension DeviceLogic {
    /// ErrorStateEnum (1.14.5.5).
    enum OperationalErrorID: UInt64 {
        case noError = 0x00
        case unableToStartOrResume = 0x01
        case unableToCompleteOperation = 0x02
        case commandInvalidInState = 0x03
    }

    static func operationalState(_ call: Invocation) throws(InteractionError) -> (DeviceEffect, Response?) {
        guard let variant = OperationalStateVariant.byCluster[call.cluster.id] else { throw unsupported(call) }
        if let own = try variant.ownCommand?(call) { return own }
        let state = call.integer(0x0004) ?? 0
        var effect = DeviceEffect()
        func answer(_ id: OperationalErrorID) -> (DeviceEffect, Response?) {
            (effect, ["commandResponseState": .structure([0: .unsigned(id.rawValue)])])
        }
        func control(_ control: ProgramChange.Control) {
            effect.programs.append(ProgramChange(endpoint: call.endpoint, cluster: call.cluster.id, control: control))
        }
        switch call.command.name {
        case "Start":
            // 1.14.6.3: NoError and nothing more when already running; a device that cannot start answers
            // UnableToStartOrResume: in error, paused (a paused program continues with Resume), switched off (dead
            // front), or without a program.
            if state == 1 { return answer(.noError) }
            guard state == 0, call.value(0x0000, cluster: 0x0006) != .bool(false),
                let program = OperationalProgram.chosen(in: call.node.data, endpoint: call.endpoint)
            else { return answer(.unableToStartOrResume) }
            effect.changes.append((call.path(0x0004), .unsigned(1)))
            effect.changes.append((call.path(0x0005), noError))
            control(.start(program))
        case "Stop":
            // 1.14.6.2: NoError and nothing more when already stopped; else Stopped, the operation ended.
            if state == 0 { return answer(.noError) }
            let error = state == 3 ? (errorID(call.value(0x0005)) ?? 0) : 0
            effect.changes.append((call.path(0x0004), .unsigned(UInt64(variant.stateAfterEnd))))
            effect.changes.append((call.path(0x0005), noError))
            control(.end(completionError: error))
        case "Pause":
            // 1.14.6.1: NoError when already paused; CommandInvalidInState in a state that is not Pause-compatible.
            if state == 2 { return answer(.noError) }
            guard variant.pauseCompatible.contains(state) else { return answer(.commandInvalidInState) }
            effect.changes.append((call.path(0x0004), .unsigned(2)))
            control(.hold)
        case "Resume":
            // 1.14.6.4: NoError when already running; CommandInvalidInState in a state that is not Resume-compatible;
            // else back to the state before the pause (Running).
            if state == 1 { return answer(.noError) }
            guard variant.resumeCompatible.contains(state) else { return answer(.commandInvalidInState) }
            effect.changes.append((call.path(0x0004), .unsigned(1)))
            control(.release)
        default:
            throw unsupported(call)
        }
        return answer(.noError)
    }

    /// Whether a program is under way (running, paused or held by an error): its CountdownTime is not null, as the
    /// hub keeps it while a program runs (`Hub+Programs`).
    static func hasProgram(_ node: Node, _ countdown: AttributePath) -> Bool {
        node.data[countdown].map { $0 != .null } ?? false
    }

    /// An ErrorStateStruct with ErrorStateID NoError.
    static let noError = AttributeValue.structure([0: .unsigned(0)])

    /// The ErrorStateID of an ErrorStateStruct.
    static func errorID(_ value: AttributeValue?) -> UInt64? {
        guard case .structure(let fields)? = value, let id = fields[0]?.integerValue else { return nil }
        return UInt64(max(0, id))
    }

    /// Operational State's OperationalError event (0x00, critical; 1.14.7.1), with its ErrorStateStruct.
    static func operationalErrorEvent(_ error: AttributeValue, endpoint: EndpointID, cluster: ClusterID)
        -> NodeEventRecord
    {
        NodeEventRecord(endpoint: endpoint, cluster: cluster, event: 0x00, priority: 2, data: [0: error])
            .named([0: "errorState"])
    }

    /// What someone at the appliance does, set as its OperationalState or OperationalError (`--as-physical`):
    /// - OperationalState Running (1) is the machine's Start button: a stopped machine starts its program as Start
    ///   does, a paused one continues it (as Resume), one in error continues it with the error cleared;
    /// - Paused (2) its Pause button: a running program holds;
    /// - Stopped (0) its Stop button: the operation ends (OperationCompletion);
    /// - Error (3), or an OperationalError whose ErrorStateID is not NoError: a fault (UnableToCompleteOperation when
    ///   only the state is set): the program holds, and the OperationalError event reports it (1.14.7.1: a device
    ///   that raises it sets OperationalState to Error). An OperationalError set back to NoError leaves the error:
    ///   a program still there waits Paused, for Resume; without one the machine is Stopped.
    static func operationalStateSetAtDevice(
        _ value: AttributeValue, at path: AttributePath, in node: Node, _ effect: inout DeviceEffect
    ) {
        guard let variant = OperationalStateVariant.byCluster[path.cluster] else { return }
        func at(_ attribute: AttributeID) -> AttributePath {
            AttributePath(endpoint: path.endpoint, cluster: path.cluster, attribute: attribute)
        }
        func control(_ control: ProgramChange.Control) {
            effect.programs.append(ProgramChange(endpoint: path.endpoint, cluster: path.cluster, control: control))
        }
        let state = node.data[at(0x0004)]?.integerValue ?? 0
        let currentError = errorID(node.data[at(0x0005)]) ?? 0
        func fault(_ error: AttributeValue) {
            effect.changes.append((at(0x0004), .unsigned(3)))
            effect.changes.append((at(0x0005), error))
            effect.stopping.append(contentsOf: variant.movements(path.endpoint))
            if state == 1 { control(.hold) }
            effect.events.append(operationalErrorEvent(error, endpoint: path.endpoint, cluster: path.cluster))
        }
        switch path.attribute {
        case 0x0004:
            let wanted = value.integerValue ?? 0
            guard wanted != state else { return }
            switch wanted {
            case 1 where state == 0:
                if let program = OperationalProgram.chosen(in: node.data, endpoint: path.endpoint) {
                    control(.start(program))
                }
            case 1:
                effect.changes.append((at(0x0005), noError))
                if hasProgram(node, at(0x0002)) {
                    control(.release)
                } else if let program = OperationalProgram.chosen(in: node.data, endpoint: path.endpoint) {
                    control(.start(program))
                }
            case 2 where state == 1:
                control(.hold)
            case variant.stateAfterEnd:
                effect.changes.append((at(0x0005), noError))
                control(.end(completionError: state == 3 ? currentError : 0))
            case 3:
                fault(.structure([0: .unsigned(OperationalErrorID.unableToCompleteOperation.rawValue)]))
            default:
                break
            }
        case 0x0005:
            let id = errorID(value) ?? 0
            if id != 0 && id != currentError {
                fault(value)
            } else if id == 0 && state == 3 {
                let paused = hasProgram(node, at(0x0002))
                effect.changes.append((at(0x0004), .unsigned(paused ? 2 : UInt64(variant.stateWhenCleared))))
            }
        default:
            break
        }
    }
}
