import MatterDataModel
import MatterTLV

/// One event a node recorded: where it happened, its number, priority, time and fields.
///
/// Event numbers rise by one per event for the node's life (Matter Core Specification 7.14.2.1); the priority is
/// 0 Debug, 1 Info, 2 Critical (7.14.2.2); the timestamp is the epoch time in milliseconds.
public struct EventRecord: Hashable, Sendable {
    public var endpoint: EndpointID
    public var cluster: ClusterID
    public var event: UInt32
    public var number: UInt64
    public var priority: UInt8
    public var epochTimestampMilliseconds: UInt64
    /// The event's fields by context tag.
    public var fields: [UInt32: AttributeValue]

    public init(
        endpoint: EndpointID, cluster: ClusterID, event: UInt32, number: UInt64, priority: UInt8,
        epochTimestampMilliseconds: UInt64, fields: [UInt32: AttributeValue]
    ) {
        self.endpoint = endpoint
        self.cluster = cluster
        self.event = event
        self.number = number
        self.priority = priority
        self.epochTimestampMilliseconds = epochTimestampMilliseconds
        self.fields = fields
    }
}

/// EventReportIB: one event's data, or the status that takes the place of a path's events.
///
/// A structure (CHIP `src/app/MessageDef/EventReportIB.h`): 0 EventStatus (EventStatusIB: 0 Path, 1 Status) or
/// 1 EventData (EventDataIB, `EventDataIB.h`: 0 Path, 1 EventNumber, 2 Priority, 3 EpochTimestamp, 4 SystemTimestamp,
/// 5 DeltaEpochTimestamp, 6 DeltaSystemTimestamp, 7 Data). Each event here carries its number and epoch timestamp
/// in full.
public enum EventReportIB: Hashable, Sendable {
    case data(EventRecord)
    case status(path: EventPathIB, StatusIB)

    public var element: TLVElement {
        switch self {
        case .data(let record):
            let path = EventPathIB(endpoint: record.endpoint, cluster: record.cluster, event: record.event)
            let data = TLVElement(
                tag: .context(1),
                .structure([
                    path.element(tag: .context(0)),
                    TLVElement(tag: .context(1), .unsigned(record.number)),
                    TLVElement(tag: .context(2), .unsigned(UInt64(record.priority))),
                    TLVElement(tag: .context(3), .unsigned(record.epochTimestampMilliseconds)),
                    TLVElement(tag: .context(7), AttributeValue.structure(record.fields).tlvValue),
                ]))
            return TLVElement(.structure([data]))
        case .status(let path, let status):
            let eventStatus = TLVElement(
                tag: .context(0), .structure([path.element(tag: .context(0)), status.element(tag: .context(1))]))
            return TLVElement(.structure([eventStatus]))
        }
    }

    /// Reads a report (for tests and peers written in Swift).
    public init(_ element: TLVElement) throws(InteractionModelError) {
        let fields = try TLVFields(element, "EventReportIB")
        if let status = fields.element(0) {
            let statusFields = try TLVFields(status, "EventStatusIB")
            guard let path = statusFields.element(0) else { throw .missingField("EventStatusIB.Path") }
            guard let statusIB = statusFields.element(1) else { throw .missingField("EventStatusIB.Status") }
            self = .status(path: try EventPathIB(path), try StatusIB(statusIB))
            return
        }
        guard let data = fields.element(1) else { throw .missingField("EventData or EventStatus") }
        let dataFields = try TLVFields(data, "EventDataIB")
        guard let pathElement = dataFields.element(0) else { throw .missingField("EventDataIB.Path") }
        let path = try EventPathIB(pathElement)
        guard let endpoint = path.endpoint, let cluster = path.cluster, let event = path.event else {
            throw .invalidPath("EventDataIB.Path is not concrete")
        }
        var values: [UInt32: AttributeValue] = [:]
        if let payload = dataFields.element(7), case .structure(let decoded) = try AttributeValue(tlv: payload.value) {
            values = decoded
        }
        self = .data(
            EventRecord(
                endpoint: endpoint, cluster: cluster, event: event,
                number: try dataFields.requiredUnsigned(1, "EventNumber", as: UInt64.self),
                priority: try dataFields.requiredUnsigned(2, "Priority", as: UInt8.self),
                epochTimestampMilliseconds: try dataFields.unsigned(3, "EpochTimestamp", as: UInt64.self) ?? 0,
                fields: values))
    }
}
