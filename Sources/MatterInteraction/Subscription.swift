import MatterDataModel
import MatterMessage

/// One established subscription's reporting, as a value: what it covers, what changed since its last report, and
/// when the next report is due (Matter Core Specification 8.5 "Subscribe Interaction"; CHIP `ReadHandler`,
/// `reporting/ReportScheduler`).
///
/// * A change to an attribute under one of its paths makes it dirty; an event under an urgent event path too. A dirty
///   subscription reports at its last report plus MinIntervalFloor, not sooner (CHIP's min interval).
/// * A subscription nothing changed for reports at its last report plus MaxInterval all the same: an empty
///   ReportData with its SubscriptionId, which keeps it alive for the subscriber.
/// * A report holds what changed: each changed attribute under a path (a request's concrete path reports the path
///   itself, missing or not; a wildcard path only what exists and the subscriber may read), then the events recorded
///   since the last report that a path matches, urgent or not. DataVersionFilters apply to the priming only, as
///   CHIP releases them after the first report.
/// * While a report waits for the subscriber's StatusResponse nothing else is sent; what changes meanwhile goes into
///   the next report. The owner ends the subscription when a report is not acknowledged or answered.
public struct Subscription: Sendable {
    public let id: UInt32
    public let minIntervalMilliseconds: UInt64
    public let maxIntervalMilliseconds: UInt64
    public let paths: [AttributePathIB]
    public let eventPaths: [EventPathIB]
    public let fabricFiltered: Bool
    /// Attributes (or whole endpoints, or clusters) changed since the last report, as paths with wildcards.
    public private(set) var dirty: Set<AttributePathIB> = []
    /// An event under an urgent path was recorded since the last report.
    public private(set) var urgentEventPending = false
    /// The first event number the next report considers.
    public private(set) var nextEvent: UInt64
    /// When the last report (or the SubscribeResponse) went out.
    public private(set) var lastReportAt: MonotonicInstant
    /// The report being sent, waiting for the subscriber's answer to its last chunk.
    public private(set) var report: (scope: ReportScope, progress: ReportScope.Progress)?

    /// The subscription `request` started, established at `now` with the MaxInterval the SubscribeResponse named,
    /// after a priming that considered events up to `nextEvent`.
    public init(
        id: UInt32, request: SubscribeRequestMessage, maxIntervalSeconds: UInt16, establishedAt now: MonotonicInstant,
        nextEvent: UInt64
    ) {
        self.id = id
        minIntervalMilliseconds = UInt64(request.minIntervalFloorSeconds) * 1000
        maxIntervalMilliseconds = UInt64(max(maxIntervalSeconds, 1)) * 1000
        paths = request.attributeRequests ?? []
        eventPaths = request.eventRequests ?? []
        fabricFiltered = request.fabricFiltered
        self.nextEvent = nextEvent
        lastReportAt = now
    }

    /// The MaxInterval the publisher grants `request`: the subscriber's ceiling, but never below its floor nor below
    /// one second (Matter Core Specification 8.5.2: MaxInterval ≥ MinIntervalFloor; mhub's lowest is 1 s).
    public static func maxIntervalSeconds(granting request: SubscribeRequestMessage) -> UInt16 {
        max(request.maxIntervalCeilingSeconds, request.minIntervalFloorSeconds, 1)
    }

    /// When the next report is due; nil while a report waits for its answer.
    public var nextDeadline: MonotonicInstant? {
        guard report == nil else { return nil }
        let due = !dirty.isEmpty || urgentEventPending
        return lastReportAt.advanced(byMilliseconds: due ? minIntervalMilliseconds : maxIntervalMilliseconds)
    }

    /// Attributes changed (paths may leave the cluster or attribute out: everything there changed); returns
    /// whether any is under one of the subscription's paths.
    @discardableResult
    public mutating func attributesChanged(_ changed: [AttributePathIB]) -> Bool {
        var concerned = false
        for path in changed where paths.contains(where: { Self.intersection($0, path) != nil }) {
            dirty.insert(path)
            concerned = true
        }
        return concerned
    }

    /// An event was recorded; returns whether it makes a report due (an urgent path matches it).
    @discardableResult
    public mutating func eventRecorded(_ record: EventRecord) -> Bool {
        let urgent = eventPaths.contains {
            $0.isUrgent == true && $0.matches(endpoint: record.endpoint, cluster: record.cluster, event: record.event)
        }
        if urgent { urgentEventPending = true }
        return urgent
    }

    /// Starts the report that is due at `now` (a keep-alive if nothing changed); nil when none is due yet or one is
    /// in flight.
    public mutating func startReport(now: MonotonicInstant) -> ReportScope? {
        guard let deadline = nextDeadline, deadline <= now else { return nil }
        var reads: [AttributeReader.ReadPath] = []
        var seen: Set<AttributeReader.ReadPath> = []
        for changed in dirty.sorted(by: { $0.description < $1.description }) {
            for path in paths {
                guard let intersection = Self.intersection(path, changed) else { continue }
                let read = AttributeReader.ReadPath(intersection, reportsMissing: path.concrete != nil)
                if seen.insert(read).inserted { reads.append(read) }
            }
        }
        let scope = ReportScope(
            paths: reads, fabricFiltered: fabricFiltered, eventPaths: eventPaths, eventMin: nextEvent,
            hasAttributeRequests: false)
        dirty = []
        urgentEventPending = false
        lastReportAt = now
        report = (scope, ReportScope.Progress())
        return scope
    }

    /// The next chunk of the report in flight; nil if none is.
    public mutating func nextChunk(reader: AttributeReader, events: EventLog, maximumPayloadBytes: Int)
        -> (payload: [UInt8], isLast: Bool)?
    {
        guard var current = report else { return nil }
        let chunk = current.scope.nextChunk(
            &current.progress, reader: reader, events: events, subscriptionID: id,
            maximumPayloadBytes: maximumPayloadBytes)
        report = current
        return chunk
    }

    /// The subscriber acknowledged the report's last chunk: the next report may come.
    public mutating func reportAnswered() {
        if let considered = report?.progress.eventsConsidered { nextEvent = max(nextEvent, considered) }
        report = nil
    }

    /// The paths both `a` and `b` name: nil if they share none; a wildcard in one takes the other's value.
    public static func intersection(_ a: AttributePathIB, _ b: AttributePathIB) -> AttributePathIB? {
        func meet<T: Equatable>(_ x: T?, _ y: T?) -> T?? {
            switch (x, y) {
            case (nil, nil): return .some(nil)
            case (let x?, nil): return .some(x)
            case (nil, let y?): return .some(y)
            case (let x?, let y?): return x == y ? .some(x) : nil
            }
        }
        guard let endpoint = meet(a.endpoint, b.endpoint), let cluster = meet(a.cluster, b.cluster),
            let attribute = meet(a.attribute, b.attribute)
        else { return nil }
        return AttributePathIB(endpoint: endpoint, cluster: cluster, attribute: attribute)
    }
}
