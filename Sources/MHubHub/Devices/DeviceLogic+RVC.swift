import MatterDataModel

extension OperationalStateVariant {
    /// RVC Operational State (Application Cluster Specification 7.4): Pause is accepted while the robot cleans or
    /// seeks its charger, Resume while it is paused (and answers NoError while it runs or seeks); a run that ends
    /// leaves the robot seeking its charger (SeekingCharger 0x40), after which it charges (0x41) and is Docked (0x42);
    /// GoHome is its own command (7.4.5). An error cleared leaves it Stopped where it is.
    static let rvc = OperationalStateVariant(
        pauseCompatible: [1, 2, RVCLogic.seekingCharger], resumeCompatible: [1, 2, RVCLogic.seekingCharger],
        stateAfterEnd: RVCLogic.seekingCharger, ownCommand: DeviceLogic.rvcOperationalState,
        whenEnded: RVCLogic.ended, phaseFollowers: RVCLogic.inRoom, movements: RVCLogic.movements)
}

/// The robotic vacuum cleaner's commands: RVC Run Mode's ChangeToMode, which starts and stops a run (7.2), and RVC
/// Operational State's GoHome, Pause and Resume where they differ from the base's (7.4.5).
extension DeviceLogic {
    /// RVC Run Mode's ChangeToMode (7.2): Mode Base's checks (UnsupportedMode), then the run mode's own rules. A
    /// change from one non-Idle mode to another is InvalidInMode (the robot goes through Idle); Cleaning from Idle
    /// starts a run of the selected areas, unless the robot is in an error (the run mode's ModeChangeStatus of that
    /// error: 0x41 Stuck, 0x42 DustBinMissing … 0x47 MopCleaningPadMissing) or its battery is low (0x48 BatteryLow,
    /// under 10 %); Idle while a run is under way ends it where the robot is (Stopped, OperationCompletion).
    static func rvcRunMode(_ call: Invocation) throws(InteractionError) -> (DeviceEffect, Response?) {
        guard call.command.name == "ChangeToMode", let mode = call.field("newMode"),
            let target = RVCLogic.tags(of: mode, in: call.value(0x0000))
        else { return try modeBase(call) }
        let current = call.integer(0x0001) ?? 0
        if mode == current { return (DeviceEffect(), ["status": .unsigned(ModeStatus.success.rawValue)]) }
        let currentIdle = RVCLogic.tags(of: current, in: call.value(0x0000))?.contains(RVCLogic.idleTag) ?? true
        let targetIdle = target.contains(RVCLogic.idleTag)
        if !currentIdle && !targetIdle {
            return (DeviceEffect(), modeResponse(.invalidInMode, "the robot goes through Idle between two operations"))
        }
        let logic = RVCLogic(node: call.node, endpoint: call.endpoint)
        var effect = DeviceEffect()
        if targetIdle {
            effect.changes.append((call.path(0x0001), .unsigned(UInt64(mode))))
            if logic.hasRun {
                let state = logic.state == 3 ? Int64(3) : 0
                let error = state == 3 ? (errorID(logic.value(RVCLogic.operationalState, 0x0005)) ?? 0) : 0
                effect.programs.append(
                    ProgramChange(
                        endpoint: call.endpoint, cluster: RVCLogic.operationalState,
                        control: .end(completionError: error, state: state)))
            }
            return (effect, ["status": .unsigned(ModeStatus.success.rawValue)])
        }
        if logic.state == 3 {
            let error = errorID(logic.value(RVCLogic.operationalState, 0x0005)) ?? 0
            let status = (0x41...0x47).contains(error) ? error : ModeStatus.genericFailure.rawValue
            return (DeviceEffect(), ["status": .unsigned(status), "statusText": .string("the robot is in an error")])
        }
        if let battery = logic.integer(RVCLogic.powerSource, 0x000C), battery < RVCLogic.lowBattery {
            return (DeviceEffect(), ["status": .unsigned(0x48), "statusText": .string("the battery is low")])
        }
        guard let start = logic.start(now: call.now) else {
            return (DeviceEffect(), modeResponse(.genericFailure, "no area to clean"))
        }
        effect = start
        effect.changes.insert((call.path(0x0001), .unsigned(UInt64(mode))), at: 0)
        return (effect, ["status": .unsigned(ModeStatus.success.rawValue)])
    }

    /// RVC Operational State's own handling (7.4.5), before the base's: GoHome; Pause while seeking the charger
    /// (the way home stops: Paused); Resume of a robot paused on its way home (SeekingCharger again) or already
    /// seeking (NoError). Nil for what the base does.
    static func rvcOperationalState(_ call: Invocation) throws(InteractionError) -> (DeviceEffect, Response?)? {
        let logic = RVCLogic(node: call.node, endpoint: call.endpoint)
        var effect = DeviceEffect()
        func answer(_ id: OperationalErrorID) -> (DeviceEffect, Response?) {
            (effect, ["commandResponseState": .structure([0: .unsigned(id.rawValue)])])
        }
        switch call.command.name {
        case "GoHome":
            // 7.4.5 (GoHome): NoError and nothing more when already seeking the charger, charging or docked;
            // CommandInvalidInState in an error (the robot cannot move); else it ends what it does and goes home.
            switch logic.state {
            case RVCLogic.seekingCharger, RVCLogic.charging, RVCLogic.docked: return answer(.noError)
            case 3: return answer(.commandInvalidInState)
            default: break
            }
            if logic.hasRun {
                effect.programs.append(
                    ProgramChange(
                        endpoint: call.endpoint, cluster: RVCLogic.operationalState,
                        control: .end(completionError: 0, state: RVCLogic.seekingCharger)))
            } else {
                effect = logic.goingHome(now: call.now)
            }
            return answer(.noError)
        case "Pause" where logic.state == RVCLogic.seekingCharger:
            effect.changes.append((call.path(0x0004), .unsigned(2)))
            effect.stopping = RVCLogic.movements(call.endpoint)
            return answer(.noError)
        case "Resume" where logic.state == RVCLogic.seekingCharger:
            return answer(.noError)
        case "Resume" where logic.state == 2 && !logic.hasRun:
            effect = logic.goingHome(now: call.now)
            return answer(.noError)
        default:
            return nil
        }
    }

    /// Why RVC Clean Mode cannot change now (7.3): while the robot cleans (its run mode not Idle, or a run under
    /// way), CleaningInProgress (0x40).
    static func rvcCleanModeRefusal(_ call: Invocation) -> (UInt64, String)? {
        let logic = RVCLogic(node: call.node, endpoint: call.endpoint)
        let runMode = logic.integer(0x0054, 0x0001) ?? 0
        let idle = RVCLogic.tags(of: runMode, in: logic.value(0x0054, 0x0000))?.contains(RVCLogic.idleTag) ?? true
        guard !idle || logic.hasRun else { return nil }
        return (0x40, "the clean mode cannot change while the robot cleans")
    }
}
