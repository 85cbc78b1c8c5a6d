import MatterDataModel
import MatterTLV
import Testing

@testable import MatterInteraction

/// A list attribute too large for one chunk goes as its leading items (replace-all) then one append per further
/// item, across as many chunks as it takes; put back together it is the list.
@Suite struct ListChunkingTests {
    static let parts = (2...400).map { AttributeValue.unsigned(UInt64($0)) }
    static let node = NodeData(endpoints: [
        EndpointData(
            id: 0, deviceTypes: [.rootNode],
            clusters: [
                ClusterTemplate(.descriptor, overrides: [3: .list(parts)]).makeData(),
                ClusterTemplate(.basicInformation).makeData(),
            ])
    ])
    static let reader = AttributeReader(node: node, dataVersion: 5)

    /// Every chunk of a read of `paths`, acknowledged with SUCCESS.
    static func chunks(_ paths: [AttributePathIB], maximum: Int) throws -> [ReportDataMessage] {
        var responder = InteractionResponder(maximumPayloadBytes: maximum)
        var actions = responder.messageReceived(
            opcode: 0x02, payload: ReadRequestMessage(attributeRequests: paths).encoded(), now: .origin,
            reader: reader)
        var reports: [ReportDataMessage] = []
        while case .send(.reportData, let payload, let more)? = actions.last {
            reports.append(try ReportDataMessage(payload: payload))
            guard more else { break }
            actions = responder.messageReceived(
                opcode: 0x01, payload: StatusResponseMessage(status: .success).encoded(), now: .origin, reader: reader)
        }
        return reports
    }

    /// The attribute values a reader puts together from the reports' chunks.
    static func assembled(_ reports: [ReportDataMessage]) -> [AttributePath: AttributeValue] {
        AttributeReportIB.assemble(reports.flatMap { $0.attributeReports ?? [] })
    }

    @Test(arguments: [120, 200, 333, 600, 1200])
    func aLongListIsSplitAndPutBackTogether(maximum: Int) throws {
        let partsList = AttributePath(endpoint: 0, cluster: 0x1D, attribute: 3)
        let reports = try Self.chunks([AttributePathIB(endpoint: 0)], maximum: maximum)
        #expect(reports.count > 1)
        for report in reports {
            let size = report.encoded().count
            #expect(size <= maximum, "a \(size)-byte chunk at \(maximum)")
        }
        let values = Self.assembled(reports)
        #expect(values[partsList] == .list(Self.parts))
        #expect(values.count == Self.reader.reports(for: [AttributePathIB(endpoint: 0)]).count)
        // Only PartsList was split: its first report is a replace-all with some items, the rest appends.
        let appends = reports.flatMap { $0.attributeReports ?? [] }.filter {
            if case .appended = $0 { true } else { false }
        }
        let first = reports.flatMap { $0.attributeReports ?? [] }.first { $0.path == AttributePathIB(partsList) }
        guard case .data(5, _, .list(let leading))? = first else {
            Issue.record("no leading part: \(String(describing: first))")
            return
        }
        #expect(leading.count + appends.count == Self.parts.count)
        #expect(appends.allSatisfy { $0.path.listIndex == .null && $0.path.attribute == 3 })
    }

    @Test func aListThatFitsIsNotSplit() throws {
        let reports = try Self.chunks([AttributePathIB(endpoint: 0, cluster: 0x1D, attribute: 3)], maximum: 4000)
        #expect(reports.count == 1)
        #expect(
            reports[0].attributeReports == [
                .data(
                    dataVersion: 5, path: AttributePath(endpoint: 0, cluster: 0x1D, attribute: 3),
                    value: .list(Self.parts))
            ])
    }

    /// An append goes on the wire as AttributeDataIB whose path has ListIndex null (TLV null, control byte 0x34 with
    /// context tag 5), and reads back as one.
    @Test func anAppendCarriesAListIndexOfNull() throws {
        let report = AttributeReportIB.appended(
            dataVersion: 9, path: AttributePath(endpoint: 0, cluster: 0x1D, attribute: 3), value: .unsigned(7))
        let bytes = TLVEncoder.encode(report.element)
        #expect(
            hexString(bytes) == "15" + "3501" + "2400" + "09" + "3701" + "2402" + "00" + "2403" + "1d" + "2404" + "03"
                + "3405" + "18" + "2402" + "07" + "18" + "18")
        #expect(try AttributeReportIB(TLVDecoder().decodeElement(bytes)) == report)
    }
}
