import MHubJSON
import MHubProtocol
import MatterDataModel
import MatterNode

/// What the hub's devices are doing right now: attribute transitions in progress, interactions waiting
/// for a slow device, simulated behaviours, and energy meters running. Not persisted: a restart settles every transition at
/// its last stored value, as a power cut would.
public struct DeviceRuntime: Hashable, Sendable {
    /// One transition per attribute; a new command on the same attribute replaces it.
    public var transitions: [TransitionKey: AttributeTransition] = [:]
    public var pending: [PendingInteraction] = []
    public var behaviors: [BehaviorKey: Behavior] = [:]
    /// Changes a person makes at a device later (a held button let go), one per attribute (`ScheduledChange`).
    public var scheduledChanges: [TransitionKey: ScheduledChange] = [:]
    /// Firmware updates being installed (`update_node`), one per node.
    public var updates: [NodeID: FirmwareUpdateRun] = [:]
    /// The energy meters of the devices that have one (a heat pump's), one per node.
    public var meters: [NodeID: EnergyMeter] = [:]
    /// The appliances' programs under way (`Hub+Programs`), one per operational state cluster.
    public var programs: [ProgramKey: ProgramRun] = [:]
    /// The latest node events, oldest first, for `diagnostics` (python-matter-server keeps 25:
    /// `device_controller.py` `event_history`).
    public private(set) var recentEvents: [NodeEventInfo] = []
    public static let recentEventsKept = 25

    public init() {}

    public struct TransitionKey: Hashable, Sendable {
        public var node: NodeID
        public var path: AttributePath
    }

    /// How often a moving attribute reports along the way.
    public static let transitionStep: Int64 = 100

    mutating func recordRecent(_ event: NodeEventInfo) {
        recentEvents.append(event)
        if recentEvents.count > Self.recentEventsKept {
            recentEvents.removeFirst(recentEvents.count - Self.recentEventsKept)
        }
    }

    /// Starts `node`'s energy meter, if it has one: its first reading is at the next time the hub is given (a tick),
    /// and from then on it counts.
    mutating func startMeter(of node: Node) {
        if let meter = EnergyMeter(node.data) { meters[node.id] = meter }
    }

    public var nextDeadline: Timestamp? {
        let transitionTimes = transitions.values.map(\.nextReport)
        let pendingTimes = pending.map(\.dueAt)
        let behaviorTimes = behaviors.values.map(\.nextAt)
        let updateTimes = updates.values.map(\.nextAt)
        let meterTimes = meters.values.map(\.nextAt)
        let scheduledTimes = scheduledChanges.values.map(\.dueAt)
        let programTimes = programs.values.compactMap(\.nextAt)
        return
            (transitionTimes + pendingTimes + behaviorTimes + updateTimes + meterTimes + scheduledTimes + programTimes)
            .min()
    }
}

/// An attribute moving from one value to another over time (a level, a colour temperature, a lift
/// position, a countdown), reported every `DeviceRuntime.transitionStep` on the way.
public struct AttributeTransition: Hashable, Sendable {
    public var node: NodeID
    public var path: AttributePath
    public var from: Int64
    public var to: Int64
    public var startAt: Timestamp
    public var endAt: Timestamp
    /// Written when the transition ends (e.g. On/Off off after MoveToLevelWithOnOff to the minimum).
    public var whenDone: [AttributePath: AttributeValue] = [:]
    /// A remaining-time attribute in tenths of a second to count down alongside, if any.
    public var remainingTime: AttributePath?
    /// Events the device emits when the transition ends (a smoke alarm's SelfTestComplete).
    public var eventsWhenDone: [NodeEventRecord] = []
    public var nextReport: Timestamp

    public init(
        node: NodeID, path: AttributePath, from: Int64, to: Int64, startAt: Timestamp, endAt: Timestamp,
        whenDone: [AttributePath: AttributeValue] = [:], remainingTime: AttributePath? = nil
    ) {
        self.node = node
        self.path = path
        self.from = from
        self.to = to
        self.startAt = startAt
        self.endAt = endAt
        self.whenDone = whenDone
        self.remainingTime = remainingTime
        nextReport = min(endAt, startAt + DeviceRuntime.transitionStep)
        if holds { nextReport = endAt }
    }

    /// Whether the value stays as it is until the end (a timer: a smoke alarm's test, a power adjustment, a boost):
    /// nothing to report on the way, so the transition is due only at its end.
    var holds: Bool { from == to && remainingTime == nil }

    /// The value at `now`, linear between the ends.
    public func value(at now: Timestamp) -> Int64 {
        guard now < endAt, endAt > startAt else { return to }
        let elapsed = max(0, now - startAt)
        return from + (to - from) * elapsed / (endAt - startAt)
    }
}

/// A reply held back by a slow or silent device, and what happens when its time comes.
public struct PendingInteraction: Hashable, Sendable {
    public var connectionID: UInt64
    public var messageID: JSONValue
    public var dueAt: Timestamp
    public var outcome: Outcome
    /// The Matter node's request this answers (a device's command or write), instead of a client's; its answer goes
    /// out to that node (`MatterNodeKey.answer`).
    public var bridged: (node: MatterNodeKey, requestID: UInt64, answer: BridgedAnswer)?

    public static func == (lhs: PendingInteraction, rhs: PendingInteraction) -> Bool {
        lhs.connectionID == rhs.connectionID && lhs.messageID == rhs.messageID && lhs.dueAt == rhs.dueAt
            && lhs.outcome == rhs.outcome && lhs.bridged?.node == rhs.bridged?.node
            && lhs.bridged?.requestID == rhs.bridged?.requestID
            && lhs.bridged?.answer == rhs.bridged?.answer
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(connectionID)
        hasher.combine(dueAt)
        hasher.combine(bridged?.requestID)
    }

    public enum Outcome: Hashable, Sendable {
        /// Apply the effect, then reply with the result.
        case apply(node: NodeID, effect: DeviceEffect, result: JSONValue)
        /// The device never answered.
        case timeout(String)
        /// The device refused it (the `write_failure` fault): nothing was applied.
        case refuse(InteractionError)
    }
}

/// What a write, a command or a behaviour does to a node.
public struct DeviceEffect: Hashable, Sendable {
    public var changes: [(path: AttributePath, value: AttributeValue)] = []
    public var transitions: [AttributeTransition] = []
    /// Transitions to stop (a Stop command, or a new value written directly).
    public var stopping: [AttributePath] = []
    public var events: [NodeEventRecord] = []
    /// What happens to the appliances' programs (Operational State's commands, a cycle started at the machine).
    public var programs: [ProgramChange] = []
    /// Changes the device makes later by itself, on the hub's clock (`ScheduledChange`): a player's next sample of its
    /// position.
    public var scheduled: [(path: AttributePath, change: ScheduledChange)] = []
    /// The device leaves the hub's fabric (Operational Credentials' RemoveFabric of it): the node is decommissioned.
    public var leavesFabric = false
    /// The home's networks as the device changed them (a Network Infrastructure Manager's Thread Network Directory),
    /// stored and announced as `set_thread_dataset` does.
    public var preferences: HubPreferences?

    public init() {}

    public static func == (lhs: DeviceEffect, rhs: DeviceEffect) -> Bool {
        lhs.changes.map(\.path) == rhs.changes.map(\.path) && lhs.changes.map(\.value) == rhs.changes.map(\.value)
            && lhs.transitions == rhs.transitions && lhs.stopping == rhs.stopping && lhs.events == rhs.events
            && lhs.leavesFabric == rhs.leavesFabric && lhs.preferences == rhs.preferences
            && lhs.programs == rhs.programs && lhs.scheduled.map(\.path) == rhs.scheduled.map(\.path)
            && lhs.scheduled.map(\.change) == rhs.scheduled.map(\.change)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(changes.map(\.path))
        hasher.combine(transitions)
    }
}

/// A Matter event a device emits (OHF `node_event`).
public struct NodeEventRecord: Hashable, Sendable {
    public var endpoint: EndpointID
    public var cluster: ClusterID
    public var event: UInt32
    /// 0 debug, 1 info, 2 critical (Matter Core Specification 7.14.2.2).
    public var priority: UInt8
    public var data: [UInt32: AttributeValue]
    /// The fields' names as chip.clusters.Objects spells them (`totalNumberOfPressesCounted`), which the OHF
    /// `node_event` keys its data by, as python-matter-server does; a field without one is keyed by its tag.
    public var fieldNames: [UInt32: String] = [:]

    /// The event with its fields named.
    func named(_ names: [UInt32: String]) -> NodeEventRecord {
        var named = self
        named.fieldNames = names
        return named
    }
}

public struct BehaviorKey: Hashable, Sendable {
    public var node: NodeID
    public var name: String
}

/// A simulated device acting by itself on a schedule.
public struct Behavior: Hashable, Sendable {
    public var kind: Kind
    public var node: NodeID
    public var interval: Int64
    public var nextAt: Timestamp

    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A temperature sensor's reading wanders by ±0.1…0.5 °C each interval, within its limits.
        case temperatureDrift = "temperature_drift"
        /// A contact sensor opens and closes each interval.
        case contactToggle = "contact_toggle"
        /// An occupancy sensor sees someone, then no one, each interval.
        case occupancyToggle = "occupancy_toggle"
    }
}
