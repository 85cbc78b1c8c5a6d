import MatterDataModel

/// What the simulated devices do when commanded: the behaviour of each cluster's commands as the
/// Matter Application Cluster Specification describes it, reduced to what a hub's client can observe.
///
/// Pure: it reads the node and returns a `DeviceEffect` and the command's response.
enum DeviceLogic {
    /// A command's response: its fields by name, as the command's response definition names them.
    typealias Response = [String: AttributeValue]

    struct Invocation {
        var node: Node
        var endpoint: EndpointID
        var cluster: ClusterDefinition
        var command: CommandDefinition
        var fields: [String: AttributeValue]
        var now: Timestamp
        /// The home's networks, which a Network Infrastructure Manager serves (`DeviceLogic+NetworkInfrastructure`).
        var preferences = HubPreferences()
        /// Whether the command came over a CASE session (a controller through the hub's Matter bridge), which some
        /// commands that hand out credentials require; the control socket's are not.
        var overCASE = false
        /// The device transitions under way (a power adjustment's end), for commands that end one early.
        var transitions: [DeviceRuntime.TransitionKey: AttributeTransition] = [:]
        /// Tenths of a second, the unit of Matter transition times.
        static let tenth: Int64 = 100

        func path(_ attribute: AttributeID, cluster: ClusterID? = nil) -> AttributePath {
            AttributePath(endpoint: endpoint, cluster: cluster ?? self.cluster.id, attribute: attribute)
        }

        func value(_ attribute: AttributeID, cluster: ClusterID? = nil) -> AttributeValue? {
            node.data[path(attribute, cluster: cluster)]
        }

        func integer(_ attribute: AttributeID, cluster: ClusterID? = nil) -> Int64? {
            value(attribute, cluster: cluster)?.integerValue
        }

        func field(_ name: String) -> Int64? {
            fields[name]?.integerValue
        }

        /// Whether a Level Control or Color Control command runs now: always while the endpoint's On/Off is on (or it
        /// has none); while it is off, only when ExecuteIfOff (Options bit 0, attribute 0x000F of both clusters) is
        /// set, the command's OptionsMask and OptionsOverride overriding it for that command (Application Cluster
        /// Specification 1.6.6.9 / 1.6.4.1.1 for Level Control; Color Control's Options attribute and its commands'
        /// OptionsMask and OptionsOverride fields, 3.2).
        var runsWhileOff: Bool {
            guard hasCluster(0x0006), value(0x0000, cluster: 0x0006) == .bool(false) else { return true }
            let options = integer(0x000F) ?? 0
            let mask = field("optionsMask") ?? 0
            let override = field("optionsOverride") ?? 0
            return (mask & 1 != 0) ? (override & 1 != 0) : (options & 1 != 0)
        }

        func hasCluster(_ id: ClusterID) -> Bool {
            node.data.endpoints[endpoint]?.clusters[id] != nil
        }

        func hasAttribute(_ attribute: AttributeID, cluster: ClusterID? = nil) -> Bool {
            value(attribute, cluster: cluster) != nil
        }
    }

    /// Runs a command; the response is `nil` for commands answered by a plain status.
    static func invoke(_ invocation: Invocation) throws(InteractionError) -> (DeviceEffect, Response?) {
        switch invocation.cluster.id {
        case 0x0003: return try identify(invocation)
        case 0x0004: return try groups(invocation)
        case 0x0006 where isHob(invocation): return try hobOnOff(invocation)
        case 0x0006: return try onOff(invocation)
        case 0x0008: return try levelControl(invocation)
        case 0x0300: return try colorControl(invocation)
        case 0x0101: return try doorLock(invocation)
        case 0x0201: return try thermostat(invocation)
        case 0x0102: return try windowCovering(invocation)
        case 0x003E: return try operationalCredentials(invocation)
        case 0x0071, 0x0072: return try resourceMonitoring(invocation)
        case 0x005C: return try smokeCoAlarm(invocation)
        case 0x0081: return try valve(invocation)
        case 0x0050: return try modeSelect(invocation)
        case 0x0060, 0x0048: return try operationalState(invocation)
        case 0x005D: return try dishwasherAlarm(invocation)
        case 0x005F: return try microwaveOvenControl(invocation)
        case 0x0056: return try temperatureControl(invocation)
        case 0x0099: return try energyEvse(invocation)
        case 0x0098: return try deviceEnergyManagement(invocation)
        case 0x0094: return try waterHeaterManagement(invocation)
        case 0x0061: return try operationalState(invocation)
        case 0x0054: return try rvcRunMode(invocation)
        case 0x0150: return try serviceArea(invocation)
        case let id where modeBaseClusters.contains(id): return try modeBase(invocation)
        case 0x0451: return try wiFiNetworkManagement(invocation)
        case 0x0452: return try threadBorderRouterManagement(invocation)
        case 0x0453: return try threadNetworkDirectory(invocation)
        case let id where mediaClusters.contains(id): return try media(invocation)
        case 0x050C: return try applicationLauncher(invocation)
        default:
            throw InteractionError(
                .unsupportedCommand,
                "mhub does not simulate \(invocation.cluster.name).\(invocation.command.name) (docs/devices.md)")
        }
    }

    // MARK: Identify (0x0003)

    private static func identify(_ call: Invocation) throws(InteractionError) -> (DeviceEffect, Response?) {
        var effect = DeviceEffect()
        switch call.command.name {
        case "Identify":
            let seconds = call.field("identifyTime") ?? 0
            effect.stopping.append(call.path(0x0000))
            effect.changes.append((call.path(0x0000), .unsigned(UInt64(seconds))))
            if seconds > 0 {
                effect.transitions.append(
                    AttributeTransition(
                        node: call.node.id, path: call.path(0x0000), from: seconds, to: 0, startAt: call.now,
                        endAt: call.now + seconds * 1000))
            }
        case "TriggerEffect":
            break
        default:
            throw unsupported(call)
        }
        return (effect, nil)
    }

    // MARK: Groups (0x0004)

    /// Groups answers as a device with no group table entries would; mhub keeps no group table.
    private static func groups(_ call: Invocation) throws(InteractionError) -> (DeviceEffect, Response?) {
        let group = AttributeValue.unsigned(UInt64(max(0, call.field("groupID") ?? 0)))
        switch call.command.name {
        case "AddGroup", "AddGroupIfIdentifying":
            return (DeviceEffect(), ["status": .unsigned(0), "groupID": group])
        case "ViewGroup":
            return (
                DeviceEffect(),
                [
                    "status": .unsigned(UInt64(InteractionStatus.notFound.rawValue)), "groupID": group,
                    "groupName": .string(""),
                ]
            )
        case "RemoveGroup":
            return (
                DeviceEffect(), ["status": .unsigned(UInt64(InteractionStatus.notFound.rawValue)), "groupID": group]
            )
        case "GetGroupMembership":
            return (DeviceEffect(), ["capacity": .null, "groupList": .list([])])
        case "RemoveAllGroups":
            return (DeviceEffect(), nil)
        default:
            throw unsupported(call)
        }
    }

    // MARK: On/Off (0x0006)

    private static func onOff(_ call: Invocation) throws(InteractionError) -> (DeviceEffect, Response?) {
        var effect = DeviceEffect()
        let isOn = call.value(0x0000) == .bool(true)
        let newValue: Bool
        switch call.command.name {
        case "Off", "OffWithEffect": newValue = false
        case "On", "OnWithRecallGlobalScene": newValue = true
        case "Toggle": newValue = !isOn
        case "OnWithTimedOff":
            newValue = true
            let onTime = call.field("onTime") ?? 0
            if onTime > 0 {
                effect.transitions.append(
                    AttributeTransition(
                        node: call.node.id, path: call.path(0x4001), from: onTime, to: 0, startAt: call.now,
                        endAt: call.now + onTime * Invocation.tenth, whenDone: [call.path(0x0000): .bool(false)]))
            }
        default:
            throw unsupported(call)
        }
        effect.changes.append((call.path(0x0000), .bool(newValue)))
        return (effect, nil)
    }

    // MARK: Level Control (0x0008)

    private static func levelControl(_ call: Invocation) throws(InteractionError) -> (DeviceEffect, Response?) {
        var effect = DeviceEffect()
        let name = call.command.name
        let withOnOff = name.hasSuffix("WithOnOff")
        let level = call.path(0x0000)
        let current = call.integer(0x0000) ?? 254
        let minimum = call.integer(0x0002) ?? 1
        let maximum = call.integer(0x0003) ?? 254
        // The WithOnOff commands run whatever the On/Off; the plain ones only as Options allow.
        if !withOnOff && !call.runsWhileOff { return (effect, nil) }
        let onOffPath = call.path(0x0000, cluster: 0x0006)
        func moveTo(_ target: Int64, over duration: Int64) {
            let target = min(max(target, minimum), maximum)
            effect.stopping.append(level)
            if withOnOff && call.hasCluster(0x0006) && target > minimum {
                effect.changes.append((onOffPath, .bool(true)))
            }
            let done: [AttributePath: AttributeValue] =
                withOnOff && call.hasCluster(0x0006) && target == minimum ? [onOffPath: .bool(false)] : [:]
            if duration <= 0 || target == current {
                effect.changes.append((level, .unsigned(UInt64(target))))
                effect.changes.append((call.path(0x0001), .unsigned(0)))
                for (path, value) in done { effect.changes.append((path, value)) }
            } else {
                effect.changes.append((call.path(0x0001), .unsigned(UInt64(duration / Invocation.tenth))))
                effect.transitions.append(
                    AttributeTransition(
                        node: call.node.id, path: level, from: current, to: target, startAt: call.now,
                        endAt: call.now + duration, whenDone: done, remainingTime: call.path(0x0001)))
            }
        }
        switch name {
        case "MoveToLevel", "MoveToLevelWithOnOff":
            let target = call.field("level") ?? current
            let tenths = call.field("transitionTime") ?? call.integer(0x0010) ?? 0
            moveTo(target, over: tenths * Invocation.tenth)
        case "Move", "MoveWithOnOff":
            let up = (call.field("moveMode") ?? 0) == 0
            let rate = call.field("rate") ?? call.integer(0x0014) ?? 50
            guard rate > 0 else { throw InteractionError(.invalidCommand, "rate must be above 0") }
            let target = up ? maximum : minimum
            moveTo(target, over: abs(target - current) * 1000 / rate)
        case "Step", "StepWithOnOff":
            let up = (call.field("stepMode") ?? 0) == 0
            let size = call.field("stepSize") ?? 0
            let tenths = call.field("transitionTime") ?? 0
            moveTo(up ? current + size : current - size, over: tenths * Invocation.tenth)
        case "Stop", "StopWithOnOff":
            effect.stopping.append(level)
            effect.changes.append((call.path(0x0001), .unsigned(0)))
        default:
            throw unsupported(call)
        }
        return (effect, nil)
    }

    // MARK: Door Lock (0x0101)

    private static func doorLock(_ call: Invocation) throws(InteractionError) -> (DeviceEffect, Response?) {
        var effect = DeviceEffect()
        let state = call.path(0x0000)
        func operation(_ type: Int64) -> NodeEventRecord {
            // LockOperation event (0x02): LockOperationType, OperationSource 7 = Remote.
            NodeEventRecord(
                endpoint: call.endpoint, cluster: 0x0101, event: 0x02, priority: 2,
                data: [0: .unsigned(UInt64(type)), 1: .unsigned(7), 2: .null, 3: .null, 4: .null]
            ).named([0: "lockOperationType", 1: "operationSource", 2: "userIndex", 3: "fabricIndex", 4: "sourceNode"])
        }
        switch call.command.name {
        case "LockDoor":
            effect.stopping.append(state)
            effect.changes.append((state, .unsigned(1)))
            effect.events.append(operation(0))
        case "UnlockDoor":
            effect.stopping.append(state)
            effect.changes.append((state, .unsigned(2)))
            effect.events.append(operation(1))
        case "UnlockWithTimeout":
            let seconds = call.field("timeout") ?? 0
            effect.stopping.append(state)
            effect.changes.append((state, .unsigned(2)))
            effect.events.append(operation(1))
            if seconds > 0 {
                effect.transitions.append(
                    AttributeTransition(
                        node: call.node.id, path: state, from: 2, to: 2, startAt: call.now,
                        endAt: call.now + seconds * 1000, whenDone: [state: .unsigned(1)]))
            }
        default:
            throw unsupported(call)
        }
        return (effect, nil)
    }

    // MARK: Thermostat (0x0201)

    private static func thermostat(_ call: Invocation) throws(InteractionError) -> (DeviceEffect, Response?) {
        guard call.command.name == "SetpointRaiseLower" else { throw unsupported(call) }
        var effect = DeviceEffect()
        let mode = call.field("mode") ?? 2
        let amount = (call.field("amount") ?? 0) * 10  // tenths of a degree → hundredths
        guard (0...2).contains(mode) else { throw InteractionError(.invalidCommand, "mode must be 0, 1 or 2") }
        if mode == 0 || mode == 2, let heat = call.integer(0x0012) {
            let low = call.integer(0x0015) ?? 700
            let high = call.integer(0x0016) ?? 3000
            effect.changes.append((call.path(0x0012), .signed(min(max(heat + amount, low), high))))
        }
        if mode == 1 || mode == 2, let cool = call.integer(0x0011) {
            let low = call.integer(0x0017) ?? 1600
            let high = call.integer(0x0018) ?? 3200
            effect.changes.append((call.path(0x0011), .signed(min(max(cool + amount, low), high))))
        }
        return (effect, nil)
    }

    // MARK: Window Covering (0x0102), lift

    /// Full travel takes this long; a move of part of it takes its share.
    static let fullTravel: Int64 = 10_000

    private static func windowCovering(_ call: Invocation) throws(InteractionError) -> (DeviceEffect, Response?) {
        var effect = DeviceEffect()
        let currentPath = call.path(0x000E)
        let current = call.integer(0x000E) ?? 0
        func goTo(_ target: Int64) {
            effect.stopping.append(currentPath)
            effect.changes.append((call.path(0x000B), .unsigned(UInt64(target))))
            guard target != current else {
                effect.changes.append((call.path(0x000A), .unsigned(0)))
                return
            }
            // OperationalStatus: global bits 0–1 and lift bits 2–3; 1 = opening (up), 2 = closing.
            let direction: UInt64 = target < current ? 1 : 2
            effect.changes.append((call.path(0x000A), .unsigned(direction | direction << 2)))
            effect.transitions.append(
                AttributeTransition(
                    node: call.node.id, path: currentPath, from: current, to: target, startAt: call.now,
                    endAt: call.now + abs(target - current) * fullTravel / 10_000,
                    whenDone: [call.path(0x000A): .unsigned(0)]))
        }
        switch call.command.name {
        case "UpOrOpen": goTo(0)
        case "DownOrClose": goTo(10_000)
        case "StopMotion":
            effect.stopping.append(currentPath)
            effect.changes.append((call.path(0x000B), .unsigned(UInt64(current))))
            effect.changes.append((call.path(0x000A), .unsigned(0)))
        case "GoToLiftPercentage":
            let target = call.field("liftPercent100thsValue") ?? 0
            guard (0...10_000).contains(target) else {
                throw InteractionError(.constraintError, "liftPercent100thsValue must be 0 to 10000, not \(target)")
            }
            goTo(target)
        default:
            throw unsupported(call)
        }
        return (effect, nil)
    }

    // MARK: Node Operational Credentials (0x003E)

    /// What a controller sends a device it administers (Matter Core Specification 11.18.6): UpdateFabricLabel and
    /// RemoveFabric, on the one fabric a simulated device has, the hub's (index 1), each answered with NOCResponse.
    /// RemoveFabric of it makes the device leave: it is decommissioned as `remove_node` does. Another index is
    /// InvalidFabricIndex (11). Commissioning's own commands (CSR, AddNOC, …) are the hub's, not a client's.
    private static func operationalCredentials(_ call: Invocation) throws(InteractionError)
        -> (DeviceEffect, Response?)
    {
        let hubFabric = Int64(CommissionedNodeState.fabricIndex)
        let hubFabricIndex = AttributeValue.unsigned(UInt64(CommissionedNodeState.fabricIndex))
        switch call.command.name {
        case "UpdateFabricLabel":
            guard case .string(let label)? = call.fields["label"] else {
                throw InteractionError(.invalidCommand, "UpdateFabricLabel needs its label")
            }
            let path = call.path(0x0001)
            guard case .list(var fabrics)? = call.node.data[path],
                let index = fabrics.firstIndex(where: {
                    if case .structure(let fields) = $0 { fields[0xFE]?.integerValue == hubFabric } else { false }
                }), case .structure(var descriptor) = fabrics[index]
            else { return (DeviceEffect(), ["statusCode": .unsigned(11)]) }
            descriptor[5] = .string(label)
            fabrics[index] = .structure(descriptor)
            var effect = DeviceEffect()
            effect.changes.append((path, .list(fabrics)))
            return (effect, ["statusCode": .unsigned(0), "fabricIndex": hubFabricIndex])
        case "RemoveFabric":
            let index = call.field("fabricIndex") ?? 0
            guard index == hubFabric else {
                // NodeOperationalCertStatusEnum InvalidFabricIndex.
                return (DeviceEffect(), ["statusCode": .unsigned(11), "fabricIndex": .unsigned(UInt64(max(0, index)))])
            }
            var effect = DeviceEffect()
            effect.leavesFabric = true
            return (effect, ["statusCode": .unsigned(0), "fabricIndex": hubFabricIndex])
        default:
            throw unsupported(call)
        }
    }

    static func unsupported(_ call: Invocation) -> InteractionError {
        InteractionError(
            .unsupportedCommand, "mhub does not simulate \(call.cluster.name).\(call.command.name) (docs/devices.md)")
    }
}

extension AttributeValue {
    var integerValue: Int64? {
        switch self {
        case .signed(let value): value
        case .unsigned(let value): value <= UInt64(Int64.max) ? Int64(value) : nil
        default: nil
        }
    }
}
