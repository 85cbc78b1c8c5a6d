import MatterDataModel
import Testing

@testable import MatterInteraction

/// What a reader sees beyond plain paths: per-cluster data versions, fabric-scoped lists filtered or with other
/// fabrics' sensitive fields left out, and attributes its privilege does not reach.
@Suite struct AttributeReaderScopingTests {
    static let nocs = AttributePath(endpoint: 0, cluster: 0x3E, attribute: 0)
    static let count = AttributePath(endpoint: 0, cluster: 0x3E, attribute: 3)

    /// NOCs of fabrics 1 and 2 ({1 NOC, 2 ICAC, 0xFE index}), and a plain attribute beside them.
    static var reader: AttributeReader {
        let entries: [AttributeValue] = [1, 2].map { index in
            .structure([1: .bytes([index]), 2: .null, 0xFE: .unsigned(UInt64(index))])
        }
        let cluster = ClusterData(id: 0x3E, attributes: [0: .list(entries), 3: .unsigned(2)])
        var reader = AttributeReader(
            node: NodeData(endpoints: [EndpointData(id: 0, deviceTypes: [], clusters: [cluster])]), dataVersion: 1)
        reader.dataVersions = [AttributeReader.ClusterInstance(endpoint: 0, cluster: 0x3E): 77]
        reader.fabricScoped = [nocs: [1, 2]]
        reader.accessingFabricIndex = 2
        return reader
    }

    static func value(_ reports: [AttributeReportIB]) -> AttributeValue? {
        guard case .data(_, _, let value) = reports.first else { return nil }
        return value
    }

    @Test func aFilteredReadSeesOnlyItsFabricsEntries() {
        let reports = Self.reader.reports(for: [AttributePathIB(Self.nocs)])
        #expect(
            reports == [
                .data(
                    dataVersion: 77, path: Self.nocs,
                    value: .list([.structure([1: .bytes([2]), 2: .null, 0xFE: .unsigned(2)])]))
            ])
        var noFabric = Self.reader
        noFabric.accessingFabricIndex = 0
        #expect(Self.value(noFabric.reports(for: [AttributePathIB(Self.nocs)])) == .list([]))
    }

    @Test func anUnfilteredReadSeesEveryEntryWithoutOtherFabricsSensitiveFields() {
        let reports = Self.reader.reports(for: [AttributePathIB(endpoint: 0, cluster: 0x3E)], fabricFiltered: false)
        #expect(
            Self.value(reports)
                == .list([
                    .structure([0xFE: .unsigned(1)]), .structure([1: .bytes([2]), 2: .null, 0xFE: .unsigned(2)]),
                ]))
        // A plain attribute is as it is either way.
        #expect(reports.last == .data(dataVersion: 77, path: Self.count, value: .unsigned(2)))
    }

    @Test func attributesBeyondThePrivilegeAreDeniedOrSkipped() {
        var reader = Self.reader
        reader.requiredPrivileges = [Self.nocs: 5]
        reader.grantedPrivilege = 1
        #expect(
            reader.reports(for: [AttributePathIB(Self.nocs)]) == [
                .status(path: AttributePathIB(Self.nocs), StatusIB(.unsupportedAccess))
            ])
        #expect(
            reader.reports(for: [AttributePathIB(endpoint: 0, cluster: 0x3E)]) == [
                .data(dataVersion: 77, path: Self.count, value: .unsigned(2))
            ])
        // Without any privilege nothing is readable.
        reader.grantedPrivilege = 0
        #expect(reader.reports(for: [AttributePathIB(endpoint: 0)]).isEmpty)
        #expect(
            reader.reports(for: [AttributePathIB(Self.count)]) == [
                .status(path: AttributePathIB(Self.count), StatusIB(.unsupportedAccess))
            ])
    }

    @Test func aDataVersionFilterComparesWithTheClustersOwnVersion() {
        let stale = DataVersionFilterIB(endpoint: 0, cluster: 0x3E, dataVersion: 1)
        let current = DataVersionFilterIB(endpoint: 0, cluster: 0x3E, dataVersion: 77)
        #expect(Self.reader.reports(for: [AttributePathIB(Self.count)], filters: [stale]).count == 1)
        #expect(Self.reader.reports(for: [AttributePathIB(Self.count)], filters: [current]).isEmpty)
    }
}
