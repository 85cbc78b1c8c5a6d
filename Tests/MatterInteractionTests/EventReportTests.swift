import MatterDataModel
import MatterTLV
import Testing

@testable import MatterInteraction

/// Events in reads: the paths that match, EventMin, the statuses of concrete paths, the log's bound, the TLV.
@Suite struct EventReportTests {
    static let node = NodeData(endpoints: [
        EndpointData(id: 0, deviceTypes: [.rootNode], clusters: [ClusterTemplate(.basicInformation).makeData()]),
        EndpointData(
            id: 2, deviceTypes: [.doorLock],
            clusters: [ClusterTemplate(.doorLock).makeData(), ClusterTemplate(.booleanState).makeData()]),
    ])

    static func record(_ number: UInt64, cluster: ClusterID = 0x0101, event: UInt32 = 2) -> EventRecord {
        EventRecord(
            endpoint: 2, cluster: cluster, event: event, number: number, priority: 2,
            epochTimestampMilliseconds: 1_800_000_000_000 + number, fields: [0: .unsigned(number % 2), 1: .unsigned(7)])
    }

    static let log: EventLog = {
        var log = EventLog(capacity: 8)
        for number in 1...10 {
            log.append(
                record(UInt64(number), cluster: number % 3 == 0 ? 0x0045 : 0x0101, event: number % 3 == 0 ? 0 : 2))
        }
        return log
    }()

    static func read(
        _ request: ReadRequestMessage, reader: AttributeReader = AttributeReader(node: node, dataVersion: 1)
    )
        throws -> [EventReportIB]
    {
        var responder = InteractionResponder(maximumPayloadBytes: 300)
        var actions = responder.messageReceived(
            opcode: 0x02, payload: request.encoded(), now: .origin, reader: reader, events: log)
        var events: [EventReportIB] = []
        while case .send(.reportData, let payload, let more)? = actions.last {
            events += try ReportDataMessage(payload: payload).eventReports ?? []
            guard more else { break }
            actions = responder.messageReceived(
                opcode: 0x01, payload: StatusResponseMessage(status: .success).encoded(), now: .origin, reader: reader,
                events: log)
        }
        return events
    }

    static func numbers(_ reports: [EventReportIB]) -> [UInt64] {
        reports.compactMap { if case .data(let record) = $0 { record.number } else { nil } }
    }

    @Test func theLogKeepsTheLatestInOrder() {
        #expect(Self.log.records.map(\.number) == Array(3...10))
        #expect(Self.log.firstIndex(atOrAbove: 0) == 0)
        #expect(Self.log.firstIndex(atOrAbove: 7) == 4)
        #expect(Self.log.firstIndex(atOrAbove: 11) == 8)
        var log = Self.log
        log.append(Self.record(4))
        #expect(log.lastNumber == 10)
    }

    @Test func pathsAndEventMinChooseTheEvents() throws {
        // Every event (the log keeps 3…10), over several chunks.
        let all = try Self.read(ReadRequestMessage(attributeRequests: nil, eventRequests: [EventPathIB()]))
        #expect(Self.numbers(all) == Array(3...10))
        // One cluster's; one event of it; from EventMin on.
        let lock = try Self.read(
            ReadRequestMessage(attributeRequests: nil, eventRequests: [EventPathIB(endpoint: 2, cluster: 0x0101)]))
        #expect(Self.numbers(lock) == [4, 5, 7, 8, 10])
        let state = try Self.read(
            ReadRequestMessage(
                attributeRequests: nil, eventRequests: [EventPathIB(cluster: 0x0045, event: 0)],
                eventFilters: [EventFilterIB(eventMin: 7)]))
        #expect(Self.numbers(state) == [9])
        // Two overlapping paths report each event once.
        let both = try Self.read(
            ReadRequestMessage(
                attributeRequests: nil, eventRequests: [EventPathIB(endpoint: 2), EventPathIB(cluster: 0x0101)],
                eventFilters: [EventFilterIB(eventMin: 8)]))
        #expect(Self.numbers(both) == [8, 9, 10])
    }

    @Test func concretePathsToWhatDoesNotExistGetStatuses() throws {
        let reports = try Self.read(
            ReadRequestMessage(
                attributeRequests: nil,
                eventRequests: [
                    EventPathIB(endpoint: 9, cluster: 0x0101, event: 2), EventPathIB(endpoint: 2, cluster: 6, event: 0),
                    EventPathIB(endpoint: 2, cluster: 0x0101, event: 2),
                ], eventFilters: [EventFilterIB(eventMin: 10)]))
        #expect(
            reports == [
                .status(path: EventPathIB(endpoint: 9, cluster: 0x0101, event: 2), StatusIB(.unsupportedEndpoint)),
                .status(path: EventPathIB(endpoint: 2, cluster: 6, event: 0), StatusIB(.unsupportedCluster)),
                .data(Self.record(10)),
            ])
        // Without View on the cluster: the concrete path's status, and nothing from the wildcard.
        var denied = AttributeReader(node: Self.node, dataVersion: 1)
        denied.grants = { _, cluster in cluster == 0x0101 ? 0 : 5 }
        let hidden = try Self.read(
            ReadRequestMessage(
                attributeRequests: nil,
                eventRequests: [EventPathIB(endpoint: 2, cluster: 0x0101, event: 2), EventPathIB()],
                eventFilters: [EventFilterIB(eventMin: 8)]),
            reader: denied)
        #expect(
            hidden == [
                .status(path: EventPathIB(endpoint: 2, cluster: 0x0101, event: 2), StatusIB(.unsupportedAccess)),
                .data(Self.log.records.first { $0.number == 9 }!),
            ])
    }

    /// EventDataIB as CHIP's `EventDataIB.h` tags it: 0 Path (list 1 Endpoint, 2 Cluster, 3 Event), 1 EventNumber,
    /// 2 Priority, 3 EpochTimestamp, 7 Data.
    @Test func anEventReportIsTaggedAsCHIPReadsIt() throws {
        let record = EventRecord(
            endpoint: 2, cluster: 0x45, event: 0, number: 0x1234, priority: 1, epochTimestampMilliseconds: 0x0102,
            fields: [0: .bool(true)])
        let bytes = TLVEncoder.encode(EventReportIB.data(record).element)
        #expect(
            hexString(bytes) == "15" + "3501" + "3700" + "240102" + "240245" + "240300" + "18" + "25013412" + "240201"
                + "25030201" + "3507" + "2900" + "18" + "18" + "18")
        #expect(try EventReportIB(TLVDecoder().decodeElement(bytes)) == .data(record))
    }
}
