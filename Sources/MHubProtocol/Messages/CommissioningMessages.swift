import MHubJSON

// Commissioning sessions (docs/protocol.md §7): the Google Home APIs' flow as requests, the session as
// `get_session`, `session_updated` and `commissioning_progress` carry it, and what completing and cancelling return.

/// The one commissioning session as the hub reports it.
public struct SessionInfo: ProtocolValue, Identifiable {
    /// Where the session is: prepared, running a step (on a simulated device, if one was found), or commissioned
    /// (a provisional node, added to the home at completion).
    public enum Progress: Hashable, Sendable {
        case prepared
        case running(step: String, simulatedDeviceID: Int64?)
        case commissioned(nodeID: UInt64, simulatedDeviceID: Int64?)
    }

    public var id: String
    public var state: String
    public var structureID: Int64
    /// Its owner's connection, as the hub names it.
    public var owner: String
    /// Opened by an OHF client's `commission_with_code` without a prepared session.
    public var implicit: Bool
    public var createdAt: String
    /// Milliseconds since the epoch at which the hub rolls the session back (`deadline_ms`).
    public var deadline: Int64
    /// `deadline` as ISO 8601 text (`deadline`).
    public var deadlineText: String
    public var deviceName: String?
    public var roomID: Int64?
    public var ownerDisconnectedAt: String?
    /// The app group that shares it, and how many of its connections are in it besides the owner.
    public var appGroup: String?
    public var appGroupMembers: Int64?
    public var progress: Progress

    public init(
        id: String, state: String, structureID: Int64, owner: String, implicit: Bool, createdAt: String,
        deadline: Int64, deadlineText: String, deviceName: String?, roomID: Int64?, ownerDisconnectedAt: String?,
        appGroup: String?, appGroupMembers: Int64?, progress: Progress
    ) {
        self.id = id
        self.state = state
        self.structureID = structureID
        self.owner = owner
        self.implicit = implicit
        self.createdAt = createdAt
        self.deadline = deadline
        self.deadlineText = deadlineText
        self.deviceName = deviceName
        self.roomID = roomID
        self.ownerDisconnectedAt = ownerDisconnectedAt
        self.appGroup = appGroup
        self.appGroupMembers = appGroupMembers
        self.progress = progress
    }

    /// The provisional node, once commissioned.
    public var nodeID: UInt64? {
        if case .commissioned(let nodeID, _) = progress { return nodeID }
        return nil
    }

    public static let what = "a session"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        id = try object.requiredString("session_id")
        state = try object.requiredString("state")
        structureID = try object.requiredInteger("structure_id")
        owner = try object.string("owner") ?? ""
        implicit = try object.bool("implicit") ?? false
        createdAt = try object.string("created_at") ?? ""
        deadline = try object.requiredInteger("deadline_ms")
        deadlineText = try object.string("deadline") ?? ""
        deviceName = try object.string("device_name")
        roomID = try object.integer("room_id")
        ownerDisconnectedAt = try object.string("owner_disconnected_at")
        appGroup = try object.string("app_group")
        appGroupMembers = try object.integer("app_group_members")
        let simulated: Int64? = try object.integer("simulated_device_id")
        if let nodeID: UInt64 = try object.integer("node_id") {
            progress = .commissioned(nodeID: nodeID, simulatedDeviceID: simulated)
        } else if let step = try object.string("step") {
            progress = .running(step: step, simulatedDeviceID: simulated)
        } else {
            progress = .prepared
        }
    }

    public func write(to json: inout JSONTextWriter) {
        write(to: &json, change: nil)
    }

    /// The session's members, with `session_updated`'s `change` in its place among them.
    public func write(to json: inout JSONTextWriter, change: String?) {
        json.beginObject()
        if let appGroup {
            json.member("app_group", appGroup)
            json.member("app_group_members", appGroupMembers ?? 0)
        }
        if let change { json.member("change", change) }
        json.member("created_at", createdAt)
        json.member("deadline", deadlineText)
        json.member("deadline_ms", deadline)
        json.member("device_name", deviceName)
        json.member("implicit", implicit)
        if case .commissioned(let nodeID, _) = progress { json.member("node_id", Int64(bitPattern: nodeID)) }
        json.member("owner", owner)
        json.member("owner_disconnected_at", ownerDisconnectedAt)
        json.member("room_id", roomID)
        json.member("session_id", id)
        switch progress {
        case .prepared: break
        case .running(_, let simulated), .commissioned(_, let simulated): json.member("simulated_device_id", simulated)
        }
        json.member("state", state)
        if case .running(let step, _) = progress { json.member("step", step) }
        json.member("structure_id", structureID)
        json.endObject()
    }
}

/// What happened to the commissioning session, as `session_updated`'s `change` names it.
public enum SessionChange: String, CaseIterable, Hashable, Sendable {
    case prepared
    case resumed
    case commissioned
    case configured
    case completed
    case failed
    case cancelled
    case expired
    case reset
    case shutdown
    /// The owner's connection closed (the session waits out the grace; when it ends that way, again).
    case ownerDisconnected = "owner_disconnected"
}

/// `session_updated`: the session after a change (`prepared`, `step`, `commissioned`, `configured`, `completed`,
/// `cancelled`, …), or `{"state": "ended"}` once there is none.
public struct SessionUpdated: JSONWritable, Sendable {
    public var session: SessionInfo?
    public var change: String

    public init(session: SessionInfo?, change: String) {
        self.session = session
        self.change = change
    }

    public func write(to json: inout JSONTextWriter) {
        if let session {
            session.write(to: &json, change: change)
        } else {
            json.beginObject()
            json.member("change", change)
            json.member("state", "ended")
            json.endObject()
        }
    }
}

/// `commissioning_progress`: one step started, done or failed.
public struct CommissioningProgress: ProtocolValue {
    public var sessionID: String?
    public var step: String
    public var stepIndex: Int64
    public var status: String
    /// A failed step's error.
    public var errorCode: Int64?
    public var details: String?

    public init(sessionID: String?, step: String, stepIndex: Int64, status: String, errorCode: Int64?, details: String?)
    {
        self.sessionID = sessionID
        self.step = step
        self.stepIndex = stepIndex
        self.status = status
        self.errorCode = errorCode
        self.details = details
    }

    public static let what = "a commissioning step"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        sessionID = try object.string("session_id")
        step = try object.requiredString("step")
        stepIndex = try object.integer("step_index") ?? 0
        status = try object.requiredString("status")
        errorCode = try object.integer("error_code")
        details = try object.string("details")
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        if let details { json.member("details", details) }
        if let errorCode { json.member("error_code", errorCode) }
        json.member("session_id", sessionID)
        json.member("status", status)
        json.member("step", step)
        json.member("step_index", stepIndex)
        json.endObject()
    }
}

/// What `complete_commissioning` added: the node, and one device ID per device (several for a bridge).
public struct CommissioningCompleted: ProtocolValue {
    public var sessionID: String
    public var nodeIDs: [UInt64]
    public var deviceIDs: [String]

    public init(sessionID: String, nodeIDs: [UInt64], deviceIDs: [String]) {
        self.sessionID = sessionID
        self.nodeIDs = nodeIDs
        self.deviceIDs = deviceIDs
    }

    public static let what = "a completed session"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        sessionID = try object.string("session_id") ?? ""
        guard object.members["node_ids"] != nil else { throw object.failure("node_ids", .missing) }
        nodeIDs = try object.integers("node_ids").map { UInt64(bitPattern: $0) }
        deviceIDs = try object.strings("device_ids")
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("device_ids", deviceIDs)
        json.member("node_ids", nodeIDs.map { Int64(bitPattern: $0) })
        json.member("session_id", sessionID)
        json.endObject()
    }
}

/// What `cancel_commissioning` did: whether there was a session, and which.
public struct CommissioningCancelled: ProtocolValue {
    public var cancelled: Bool
    public var sessionID: String?

    public init(cancelled: Bool, sessionID: String?) {
        self.cancelled = cancelled
        self.sessionID = sessionID
    }

    public static let what = "a cancellation"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        cancelled = try object.bool("cancelled") ?? false
        sessionID = try object.string("session_id")
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("cancelled", cancelled)
        if let sessionID { json.member("session_id", sessionID) }
        json.endObject()
    }
}

extension Optional: ProtocolReply where Wrapped: ProtocolValue {
    /// `null` for none.
    public init(json: JSONValue) throws(ProtocolViolation) {
        self = json == .null ? nil : try Wrapped(json: json)
    }
}

// MARK: requests

/// A structure named by ID or by its display name (`home`), and the app group a request names: the arguments the
/// session's requests share.
public struct SessionScope: Hashable, Sendable {
    public var structureID: Int64?
    public var home: String?
    public var appGroup: String?

    public init(structureID: Int64? = nil, home: String? = nil, appGroup: String? = nil) {
        self.structureID = structureID
        self.home = home
        self.appGroup = appGroup
    }

    var arguments: [String: JSONValue] {
        var args: [String: JSONValue] = [:]
        if let structureID { args["structure_id"] = .integer(structureID) }
        if let home { args["home"] = .string(home) }
        if let appGroup { args["app_group"] = .string(appGroup) }
        return args
    }
}

/// Opens the one session, for a structure, shared with an app group if one is named.
public struct PrepareCommissioning: ProtocolRequest {
    public typealias Reply = SessionInfo
    public static let command = HubCommand.prepareCommissioning
    public var scope: SessionScope

    public init(scope: SessionScope = SessionScope()) {
        self.scope = scope
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        let structureID: Int64? = try args.integer("structure_id")
        scope = SessionScope(
            structureID: structureID, home: try args.string("home"), appGroup: try args.string("app_group"))
    }

    public var arguments: [String: JSONValue] { scope.arguments }
}

/// Commissions the device of a QR payload or manual code, in the caller's session or an implicit one; replies
/// with the node once commissioned.
public struct CommissionWithCode: ProtocolRequest {
    public typealias Reply = MatterNodeData
    public static let command = HubCommand.commissionWithCode
    public var code: String
    /// The OHF server's, accepted.
    public var networkOnly: Bool?
    /// `instant` or `realistic` for this commissioning.
    public var timing: String?
    public var scope: SessionScope
    /// The Home APIs' commissioning ID, accepted and not used, as the Home APIs do not use it.
    public var commissioningID: String?

    public init(
        code: String, timing: String? = nil, scope: SessionScope = SessionScope(), commissioningID: String? = nil
    ) {
        self.code = code
        self.timing = timing
        self.scope = scope
        self.commissioningID = commissioningID
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        code = try args.requiredString("code")
        networkOnly = try args.bool("network_only")
        timing = try args.string("timing")
        let appGroup = try args.string("app_group")
        let structureID: Int64? = try args.integer("structure_id")
        scope = SessionScope(structureID: structureID, home: try args.string("home"), appGroup: appGroup)
        commissioningID = try args.string("commissioning_id")
    }

    public var arguments: [String: JSONValue] {
        var args = scope.arguments
        args["code"] = .string(code)
        if let networkOnly { args["network_only"] = .bool(networkOnly) }
        if let timing { args["timing"] = .string(timing) }
        if let commissioningID { args["commissioning_id"] = .string(commissioningID) }
        return args
    }
}

/// Names the commissioned device and puts it in a room (by ID or by name) before completion.
public struct ConfigureDevice: ProtocolRequest {
    public typealias Reply = SessionInfo
    public static let command = HubCommand.configureDevice
    public var name: String?
    public var room: String?
    public var roomID: Int64?
    public var appGroup: String?

    public init(name: String? = nil, room: String? = nil, roomID: Int64? = nil, appGroup: String? = nil) {
        self.name = name
        self.room = room
        self.roomID = roomID
        self.appGroup = appGroup
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        name = try args.string("name")
        room = try args.string("room")
        roomID = try args.integer("room_id")
        appGroup = try args.string("app_group")
    }

    public var arguments: [String: JSONValue] {
        var args: [String: JSONValue] = [:]
        if let name { args["name"] = .string(name) }
        if let room { args["room"] = .string(room) }
        if let roomID { args["room_id"] = .integer(roomID) }
        if let appGroup { args["app_group"] = .string(appGroup) }
        return args
    }
}

public struct CompleteCommissioning: ProtocolRequest {
    public typealias Reply = CommissioningCompleted
    public static let command = HubCommand.completeCommissioning
    public var appGroup: String?

    public init(appGroup: String? = nil) {
        self.appGroup = appGroup
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        appGroup = try args.string("app_group")
    }

    public var arguments: [String: JSONValue] { appGroup.map { ["app_group": .string($0)] } ?? [:] }
}

public struct CancelCommissioning: ProtocolRequest {
    public typealias Reply = CommissioningCancelled
    public static let command = HubCommand.cancelCommissioning
    public var appGroup: String?

    public init(appGroup: String? = nil) {
        self.appGroup = appGroup
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        appGroup = try args.string("app_group")
    }

    public var arguments: [String: JSONValue] { appGroup.map { ["app_group": .string($0)] } ?? [:] }
}

/// Takes over a session whose owner disconnected (or this connection's own).
public struct ResumeCommissioning: ProtocolRequest {
    public typealias Reply = SessionInfo?
    public static let command = HubCommand.resumeCommissioning
    public var sessionID: String
    public var appGroup: String?

    public init(sessionID: String, appGroup: String? = nil) {
        self.sessionID = sessionID
        self.appGroup = appGroup
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        sessionID = try args.requiredString("session_id")
        appGroup = try args.string("app_group")
    }

    public var arguments: [String: JSONValue] {
        var args: [String: JSONValue] = ["session_id": .string(sessionID)]
        if let appGroup { args["app_group"] = .string(appGroup) }
        return args
    }
}

public struct GetSession: ProtocolRequest {
    public typealias Reply = SessionInfo?
    public static let command = HubCommand.getSession

    public init() {}

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) {}

    public var arguments: [String: JSONValue] { [:] }
}

/// SessionBusy's `error_data`: who holds the session that made a request busy, and until when.
public struct SessionBusyData: ProtocolValue {
    public var sessionID: String
    /// The holder's connection as the hub names it, e.g. `unix uid 501 #3`.
    public var holder: String
    public var appGroup: String?
    /// The session's deadline, ISO 8601, and in milliseconds since the epoch.
    public var deadline: String
    public var deadlineMilliseconds: Int64

    public init(sessionID: String, holder: String, appGroup: String?, deadline: String, deadlineMilliseconds: Int64) {
        self.sessionID = sessionID
        self.holder = holder
        self.appGroup = appGroup
        self.deadline = deadline
        self.deadlineMilliseconds = deadlineMilliseconds
    }

    public static let what = "a busy session"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        sessionID = try object.string("session_id") ?? ""
        holder = try object.string("holder") ?? ""
        appGroup = try object.string("app_group")
        deadline = try object.string("deadline") ?? ""
        deadlineMilliseconds = try object.integer("deadline_ms") ?? 0
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("app_group", appGroup)
        json.member("deadline", deadline)
        json.member("deadline_ms", deadlineMilliseconds)
        json.member("holder", holder)
        json.member("session_id", sessionID)
        json.endObject()
    }
}
