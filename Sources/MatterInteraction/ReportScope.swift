import MatterDataModel
import MatterTLV

/// What one report covers — a read's, a subscription's priming or one of its reports of what changed — and how far
/// it has been sent; `nextChunk` makes its ReportData chunks one at a time (CHIP `src/app/reporting/Engine.cpp`
/// `BuildAndSendSingleReportData`).
///
/// A chunk holds the attribute reports first, then, once they are all sent, the event reports: the statuses of
/// concrete event paths that name no endpoint or cluster (or one the reader may not see), then every recorded event
/// from `eventMin` on that a path matches, in number order, each once. Every chunk but the last has
/// MoreChunkedMessages; a read's last chunk has SuppressResponse, a subscription's never does (the subscriber answers
/// each report).
public struct ReportScope: Sendable {
    public var paths: [AttributeReader.ReadPath]
    public var dataVersionFilters: [DataVersionFilterIB]
    public var fabricFiltered: Bool
    public var eventPaths: [EventPathIB]
    /// The first event number to report.
    public var eventMin: UInt64
    /// Whether the request asked for attributes: a report with none then still carries the (empty) array.
    public var hasAttributeRequests: Bool

    public init(
        paths: [AttributeReader.ReadPath], dataVersionFilters: [DataVersionFilterIB] = [], fabricFiltered: Bool = true,
        eventPaths: [EventPathIB] = [], eventMin: UInt64 = 0, hasAttributeRequests: Bool = true
    ) {
        self.paths = paths
        self.dataVersionFilters = dataVersionFilters
        self.fabricFiltered = fabricFiltered
        self.eventPaths = eventPaths
        self.eventMin = eventMin
        self.hasAttributeRequests = hasAttributeRequests
    }

    /// Where a report stands, and what it has sent so far (for the log).
    public struct Progress: Hashable, Sendable {
        var cursor = AttributeReader.Cursor()
        var attributesDone = false
        var eventStatusesSent = 0
        var eventStatusesDone = false
        /// The next event number to consider; set from `eventMin` at the first chunk.
        var nextEvent: UInt64?
        public internal(set) var data = 0
        public internal(set) var statuses = 0
        public internal(set) var events = 0
        public internal(set) var chunks = 0
        /// The highest event number sent.
        public internal(set) var lastEventSent: UInt64?

        /// The first event number a later report should consider: past every event this one looked at.
        public var eventsConsidered: UInt64? { nextEvent }

        public init() {}
    }

    /// The ReportData payload of the next chunk (at most `maximumPayloadBytes`, unless one report alone is larger),
    /// and whether it is the last.
    public func nextChunk(
        _ progress: inout Progress, reader: AttributeReader, events: EventLog, subscriptionID: UInt32? = nil,
        maximumPayloadBytes: Int
    ) -> (payload: [UInt8], isLast: Bool) {
        let hasEvents = !eventPaths.isEmpty
        // The envelope of a middle chunk: the arrays' headers and ends, MoreChunkedMessages, revision, structure.
        let envelope = TLVEncoder.encode(
            ReportDataMessage(subscriptionID: subscriptionID, attributeReports: [], moreChunkedMessages: true)
                .element(reportElements: [], eventElements: hasEvents ? [] : nil)
        ).count
        var attributes: [TLVElement] = []
        var eventElements: [TLVElement] = []
        var used = envelope
        var full = false
        func fits(_ element: TLVElement) -> Bool {
            let size = TLVEncoder.encode(element).count
            guard attributes.isEmpty && eventElements.isEmpty || used + size <= maximumPayloadBytes else {
                full = true
                return false
            }
            used += size
            return true
        }
        while !progress.attributesDone, !full {
            let empty = attributes.isEmpty && eventElements.isEmpty
            guard
                let (report, next) = reader.nextReport(
                    for: paths, filters: dataVersionFilters, fabricFiltered: fabricFiltered, at: progress.cursor,
                    splittingAbove: empty ? maximumPayloadBytes - envelope : nil)
            else {
                progress.attributesDone = true
                break
            }
            let element = report.element
            guard fits(element) else { break }
            attributes.append(element)
            progress.cursor = next
            if case .status = report { progress.statuses += 1 } else { progress.data += 1 }
        }
        if progress.attributesDone, !full, hasEvents {
            if !progress.eventStatusesDone {
                for status in eventStatuses(reader: reader).dropFirst(progress.eventStatusesSent) {
                    guard fits(status.element) else { break }
                    eventElements.append(status.element)
                    progress.statuses += 1
                    progress.eventStatusesSent += 1
                }
                if !full { progress.eventStatusesDone = true }
            }
            var index = events.firstIndex(atOrAbove: progress.nextEvent ?? eventMin)
            while !full, progress.eventStatusesDone, index < events.records.count {
                let record = events.records[index]
                if reportable(record, reader: reader) {
                    let element = EventReportIB.data(record).element
                    guard fits(element) else { break }
                    eventElements.append(element)
                    progress.events += 1
                    progress.lastEventSent = record.number
                }
                progress.nextEvent = record.number + 1
                index += 1
            }
        }
        let isLast = !full
        progress.chunks += 1
        let message = ReportDataMessage(
            subscriptionID: subscriptionID, attributeReports: [], moreChunkedMessages: isLast ? nil : true,
            suppressResponse: isLast && subscriptionID == nil ? true : nil)
        let attributeArray: [TLVElement]? = hasAttributeRequests || !attributes.isEmpty ? attributes : nil
        return (
            TLVEncoder.encode(
                message.element(
                    reportElements: attributeArray, eventElements: eventElements.isEmpty ? nil : eventElements)),
            isLast
        )
    }

    /// Whether a path asks for `record` and the reader may see its cluster (View).
    func reportable(_ record: EventRecord, reader: AttributeReader) -> Bool {
        eventPaths.contains { $0.matches(endpoint: record.endpoint, cluster: record.cluster, event: record.event) }
            && reader.privilege(endpoint: record.endpoint, cluster: record.cluster) >= AccessPrivilege.view.rawValue
    }

    /// The statuses of concrete event paths (endpoint and cluster given) that name what does not exist or what the
    /// reader may not see, as CHIP's `Engine::CheckAccessDeniedEventPaths` and path validity checks answer them.
    func eventStatuses(reader: AttributeReader) -> [EventReportIB] {
        eventPaths.compactMap { path in
            guard let endpoint = path.endpoint, let cluster = path.cluster else { return nil }
            guard let clusters = reader.source.clusterIDs(on: endpoint) else {
                return .status(path: path, StatusIB(.unsupportedEndpoint))
            }
            guard clusters.contains(cluster) else { return .status(path: path, StatusIB(.unsupportedCluster)) }
            guard reader.privilege(endpoint: endpoint, cluster: cluster) >= AccessPrivilege.view.rawValue else {
                return .status(path: path, StatusIB(.unsupportedAccess))
            }
            return nil
        }
    }
}
