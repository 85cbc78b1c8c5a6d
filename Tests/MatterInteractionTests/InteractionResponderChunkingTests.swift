import MatterDataModel
import MatterMessage
import MatterTLV
import Testing

@testable import MatterInteraction

/// Chunks made one at a time from the read's cursor are the bytes the whole read split at once gives, at every
/// chunk size a report fits in on its own (smaller ones split lists: `ListChunkingTests`); and the path cap.
@Suite struct InteractionResponderChunkingTests {
    /// A node with several endpoints and clusters, so wildcard expansion crosses endpoint and cluster boundaries.
    static let reader = AttributeReader(node: node, dataVersion: 7)
    static let node = NodeData(endpoints: [
        EndpointData(
            id: 0, deviceTypes: [],
            clusters: [ClusterTemplate(.basicInformation).makeData()]),
        EndpointData(
            id: 1, deviceTypes: [],
            clusters: [ClusterTemplate(.onOff).makeData(), ClusterTemplate(.identify).makeData()]),
        EndpointData(id: 3, deviceTypes: [], clusters: [ClusterTemplate(.booleanState).makeData()]),
    ])

    static let reads: [(paths: [AttributePathIB], filters: [DataVersionFilterIB])] = [
        ([AttributePathIB()], []),
        ([AttributePathIB(endpoint: 1), AttributePathIB(cluster: 0x28)], []),
        (
            [
                AttributePathIB(endpoint: 0, cluster: 0x28, attribute: 1),
                AttributePathIB(endpoint: 9, cluster: 6, attribute: 0),
                AttributePathIB(attribute: 0xFFFD), AttributePathIB(endpoint: 1, cluster: 6, attribute: 0x4FFF),
                AttributePathIB(),
            ], [DataVersionFilterIB(endpoint: 1, cluster: 3, dataVersion: 7)]
        ),
        ([AttributePathIB(cluster: 0x1234)], []),
    ]

    /// The chunks as the responder made them before it kept a cursor: every report first, then split greedily.
    static func eagerChunks(_ reports: [AttributeReportIB], hasAttributeRequests: Bool, maximumPayloadBytes: Int)
        -> [[UInt8]]
    {
        let envelope = TLVEncoder.encode(
            ReportDataMessage(attributeReports: [], moreChunkedMessages: true).element(reportElements: [])
        ).count
        var groups: [[TLVElement]] = []
        var current: [TLVElement] = []
        var used = envelope
        for element in reports.map(\.element) {
            let size = TLVEncoder.encode(element).count
            if !current.isEmpty && used + size > maximumPayloadBytes {
                groups.append(current)
                current = []
                used = envelope
            }
            current.append(element)
            used += size
        }
        groups.append(current)
        return groups.enumerated().map { index, group in
            let last = index == groups.count - 1
            let message = ReportDataMessage(
                attributeReports: [], moreChunkedMessages: last ? nil : true, suppressResponse: last ? true : nil)
            return TLVEncoder.encode(
                message.element(reportElements: hasAttributeRequests || !group.isEmpty ? group : nil))
        }
    }

    /// Every ReportData payload the responder sends for `request`, acknowledging each chunk with SUCCESS.
    static func lazyChunks(_ request: ReadRequestMessage, maximumPayloadBytes: Int) -> [[UInt8]] {
        var responder = InteractionResponder(maximumPayloadBytes: maximumPayloadBytes)
        var actions = responder.messageReceived(
            opcode: 0x02, payload: request.encoded(), now: .origin, reader: Self.reader)
        var chunks: [[UInt8]] = []
        while true {
            guard
                case .send(.reportData, let payload, let more)? = actions.first(where: {
                    if case .send = $0 { true } else { false }
                })
            else { return chunks }
            chunks.append(payload)
            guard more else { return chunks }
            actions = responder.messageReceived(
                opcode: 0x01, payload: StatusResponseMessage(status: .success).encoded(), now: .origin,
                reader: Self.reader)
        }
    }

    @Test(arguments: 0..<reads.count)
    func lazyChunksAreTheSameBytesAtEveryChunkSize(read: Int) {
        let (paths, filters) = Self.reads[read]
        let request = ReadRequestMessage(attributeRequests: paths, dataVersionFilters: filters)
        let reports = Self.reader.reports(for: paths, filters: filters)
        // Every size from where the largest report fits a chunk alone, where each report gets a chunk of its own, to
        // well beyond, then a sample up to the whole read in one chunk, and that size and one byte less.
        let whole = Self.eagerChunks(reports, hasAttributeRequests: true, maximumPayloadBytes: .max)[0].count
        let envelope = TLVEncoder.encode(
            ReportDataMessage(attributeReports: [], moreChunkedMessages: true).element(reportElements: [])
        ).count
        let largest = envelope + (reports.map { TLVEncoder.encode($0.element).count }.max() ?? 0)
        let sizes =
            Array(largest...(largest + 200)) + Array(stride(from: largest + 200, to: whole, by: 23)) + [
                whole - 1, whole,
            ]
        var chunkCounts: Set<Int> = []
        for maximum in sizes {
            let eager = Self.eagerChunks(reports, hasAttributeRequests: true, maximumPayloadBytes: maximum)
            let lazy = Self.lazyChunks(request, maximumPayloadBytes: maximum)
            guard lazy == eager else {
                Issue.record("read \(read), \(maximum) bytes: \(lazy.count) chunks, expected \(eager.count)")
                return
            }
            chunkCounts.insert(lazy.count)
        }
        #expect(chunkCounts.contains(1))
        if reports.count > 2 { #expect(chunkCounts.count > 2) }
    }

    @Test func aWildcardWalksEndpointsClustersAndAttributesInOrder() {
        let reports = Self.reader.reports(for: [AttributePathIB()])
        let paths = reports.compactMap { report -> [UInt32]? in
            if case .data(_, let path, _) = report {
                [UInt32(path.endpoint), path.cluster, path.attribute]
            } else {
                nil
            }
        }
        var expected: [[UInt32]] = []
        for (endpointID, endpoint) in Self.node.endpoints {
            for (clusterID, cluster) in endpoint.clusters {
                for attributeID in cluster.attributes.keys {
                    expected.append([UInt32(endpointID), clusterID, attributeID])
                }
            }
        }
        #expect(paths == expected.sorted { $0.lexicographicallyPrecedes($1) })
    }

    @Test func moreThanTheCapOfPathsGetsPathsExhausted() throws {
        let capped = Array(repeating: AttributePathIB(endpoint: 0, cluster: 0x28, attribute: 1), count: 33)
        var responder = InteractionResponder()
        let actions = responder.messageReceived(
            opcode: 0x02, payload: ReadRequestMessage(attributeRequests: capped).encoded(), now: .origin,
            reader: Self.reader)
        guard case .send(.statusResponse, let payload, false)? = actions.last else {
            Issue.record("no StatusResponse: \(actions)")
            return
        }
        #expect(try StatusResponseMessage(payload: payload).status == .pathsExhausted)
        #expect(responder.isFinished)
        // At the cap the read is answered.
        var atCap = InteractionResponder()
        let answered = atCap.messageReceived(
            opcode: 0x02, payload: ReadRequestMessage(attributeRequests: Array(capped.dropLast())).encoded(),
            now: .origin, reader: Self.reader)
        #expect(answered.contains(.log(.readAnswered(paths: 32, data: 32, statuses: 0, chunks: 1))))
    }

    @Test func moreThanTheCapOfEventPathsGetsPathsExhaustedToo() throws {
        // AttributeRequests with one path, EventRequests with 33 empty EventPathIBs (lists).
        let events = TLVElement(tag: .context(1), .array(Array(repeating: TLVElement(.list([])), count: 33)))
        let attributes = TLVElement(
            tag: .context(0),
            .array([AttributePathIB(endpoint: 0, cluster: 0x28, attribute: 1).element(tag: .anonymous)]))
        let payload = TLVEncoder.encode(TLVElement(.structure([attributes, events])))
        var responder = InteractionResponder()
        let actions = responder.messageReceived(opcode: 0x02, payload: payload, now: .origin, reader: Self.reader)
        guard case .send(.statusResponse, let response, false)? = actions.last else {
            Issue.record("no StatusResponse: \(actions)")
            return
        }
        #expect(try StatusResponseMessage(payload: response).status == .pathsExhausted)
    }
}
