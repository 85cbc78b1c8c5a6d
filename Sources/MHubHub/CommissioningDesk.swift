import MHubProtocol

/// The hub's commissioning desk: the one commissioning session and how many this run has opened, what finished
/// sessions returned to their owners, the app groups connections named, the hub's own commissioning window and how
/// the last one closed, and the User Directed Commissioning requests that arrived.
///
/// None of it is stored: a restart starts with no session, no window and no requests.
public struct CommissioningDesk: Hashable, Sendable {
    /// How many User Directed Commissioning requests the desk keeps (the newest).
    public static let udcRequestsKept = 16
    /// Copies of one request within this many milliseconds count once (reference E: 5 copies, 100 ms apart).
    public static let udcRepeatWindow: Timestamp = 2000

    public internal(set) var session: CommissioningSession?
    /// How many sessions this run has opened; a session's ID starts with its number.
    var sessionCounter = 0
    /// What `complete_commissioning` returned, per connection, so a repeated call returns it again.
    var completed: [UInt64: CommissioningCompleted] = [:]
    /// The app group each connection named (and may use), while it is connected.
    public internal(set) var appGroupMembers: [UInt64: String] = [:]
    /// The hub's own commissioning window, while open.
    public internal(set) var window: CommissioningWindow?
    /// How the last window closed, while none is open.
    public internal(set) var windowClosure: CommissioningWindowClosure?
    /// The latest User Directed Commissioning requests, oldest first.
    public internal(set) var udcRequests: [UDCRequest] = []

    // MARK: connections

    /// A connection closed: what it completed and its app group go; if it owned the session, the owner is gone
    /// from `now`, and a session no one of it is connected to any more is unattended from `now`. Returns whether the
    /// session's owner left just now.
    mutating func connectionClosed(_ connectionID: UInt64, now: Timestamp) -> Bool {
        completed[connectionID] = nil
        appGroupMembers[connectionID] = nil
        guard var current = session else { return false }
        let ownerLeft = current.owner.connectionID == connectionID && current.ownerGoneAt == nil
        if ownerLeft {
            current.ownerGoneAt = now
        }
        if current.unattendedSince == nil, !isAttended(current) {
            current.unattendedSince = now
        }
        session = current
        return ownerLeft
    }

    /// A new session opens for `connectionID`: returns its number; what the connection completed before goes.
    mutating func numberNewSession(for connectionID: UInt64) -> Int {
        sessionCounter += 1
        completed[connectionID] = nil
        return sessionCounter
    }

    // MARK: app groups

    /// How a connection takes part in the open session.
    enum SessionRole {
        /// It prepared the session, or adopted it.
        case owner
        /// It named the session's app group.
        case member
    }

    /// The connection named the app group `name`: it is a member, and the session of that group is attended again.
    mutating func join(appGroup name: String, _ connectionID: UInt64) {
        appGroupMembers[connectionID] = name
        if session?.appGroup == name {
            session?.unattendedSince = nil
        }
    }

    /// The client's part in `session`: its owner, a member of its app group (having named it, now or before, or
    /// naming `appGroup` now), or neither.
    func role(of client: ClientInfo, in session: CommissioningSession, appGroup: String? = nil) -> SessionRole? {
        if session.owner.connectionID == client.connectionID { return .owner }
        guard let group = session.appGroup, (appGroup ?? appGroupMembers[client.connectionID]) == group else {
            return nil
        }
        return .member
    }

    /// The connections of the session's app group other than its owner, in order.
    func members(of session: CommissioningSession) -> [UInt64] {
        guard let group = session.appGroup else { return [] }
        return appGroupMembers.filter { $0.value == group && $0.key != session.owner.connectionID }.keys.sorted()
    }

    /// Whether the owner or a member of the session's app group is connected.
    func isAttended(_ session: CommissioningSession) -> Bool {
        session.ownerGoneAt == nil || !members(of: session).isEmpty
    }

    // MARK: the hub's window

    /// `window` opens, in place of any other; how the last one closed is forgotten.
    mutating func windowOpened(_ window: CommissioningWindow) {
        self.window = window
        windowClosure = nil
    }

    /// The open window closed for `reason` at `now`.
    mutating func windowClosed(_ reason: CommissioningWindowClosure.Reason, now: Timestamp) {
        window = nil
        windowClosure = CommissioningWindowClosure(reason: reason, at: now)
    }

    // MARK: UDC requests

    /// Keeps `request` (only the newest `udcRequestsKept`), or, when it repeats one kept, counts it there; returns
    /// whether it is new.
    mutating func udcRequestReceived(_ request: UDCRequest) -> Bool {
        if let index = udcRequests.lastIndex(where: { $0.isRepeated(by: request, within: Self.udcRepeatWindow) }) {
            udcRequests[index].count += 1
            udcRequests[index].lastReceivedAt = request.receivedAt
            return false
        }
        udcRequests.append(request)
        if udcRequests.count > Self.udcRequestsKept {
            udcRequests.removeFirst(udcRequests.count - Self.udcRequestsKept)
        }
        return true
    }

    // MARK: reset

    /// The hub's `reset`: the window closes leaving no record, and completed sessions and UDC requests are forgotten.
    /// The session (there is none during a reset), the session count and the app groups stay.
    mutating func reset() {
        window = nil
        windowClosure = nil
        completed = [:]
        udcRequests = []
    }
}
