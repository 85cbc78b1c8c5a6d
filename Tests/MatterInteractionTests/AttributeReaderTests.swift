import MatterDataModel
import Testing

@testable import MatterInteraction

/// Path expansion: concrete paths get data or the status naming what is missing; wildcards get what exists.
@Suite struct AttributeReaderTests {
    static let node = NodeData(endpoints: [
        EndpointData(
            id: 0, deviceTypes: [],
            clusters: [ClusterTemplate(.basicInformation, overrides: [0x0001: .string("mhub")]).makeData()])
    ])
    static let reader = AttributeReader(node: node, dataVersion: 42)

    static func path(_ endpoint: EndpointID, _ cluster: ClusterID, _ attribute: AttributeID) -> AttributePath {
        AttributePath(endpoint: endpoint, cluster: cluster, attribute: attribute)
    }

    @Test func concretePathsGetDataOrTheMissingPart() {
        let reports = Self.reader.reports(for: [
            AttributePathIB(endpoint: 0, cluster: 0x28, attribute: 1),
            AttributePathIB(endpoint: 1, cluster: 0x28, attribute: 1),
            AttributePathIB(endpoint: 0, cluster: 0x06, attribute: 0),
            AttributePathIB(endpoint: 0, cluster: 0x28, attribute: 0x4000),
        ])
        #expect(
            reports == [
                .data(dataVersion: 42, path: Self.path(0, 0x28, 1), value: .string("mhub")),
                .status(
                    path: AttributePathIB(endpoint: 1, cluster: 0x28, attribute: 1), StatusIB(.unsupportedEndpoint)),
                .status(path: AttributePathIB(endpoint: 0, cluster: 0x06, attribute: 0), StatusIB(.unsupportedCluster)),
                .status(
                    path: AttributePathIB(endpoint: 0, cluster: 0x28, attribute: 0x4000),
                    StatusIB(.unsupportedAttribute)),
            ])
    }

    @Test func wildcardsExpandInIDOrderAndSkipWhatIsMissing() {
        let cluster = Self.reader.reports(for: [AttributePathIB(endpoint: 0, cluster: 0x28)])
        let attributes = Self.node.endpoints[0]!.clusters[0x28]!.attributes.keys.sorted()
        #expect(cluster.count == attributes.count)
        #expect(
            cluster.compactMap { if case .data(_, let path, _) = $0 { path.attribute } else { nil } } == attributes)
        // Global attributes come last, by their IDs.
        #expect(attributes.last == 0xFFFD)
        // Every endpoint's ClusterRevision; a wildcard endpoint over a missing cluster gives nothing.
        #expect(
            Self.reader.reports(for: [AttributePathIB(attribute: 0xFFFD)]) == [
                .data(dataVersion: 42, path: Self.path(0, 0x28, 0xFFFD), value: .unsigned(4))
            ])
        #expect(Self.reader.reports(for: [AttributePathIB(cluster: 0x06)]).isEmpty)
        #expect(Self.reader.reports(for: [AttributePathIB()]).count == attributes.count)
    }

    @Test func aMatchingDataVersionFilterLeavesTheClusterOut() {
        let paths = [
            AttributePathIB(endpoint: 0, cluster: 0x28), AttributePathIB(endpoint: 0, cluster: 0x28, attribute: 1),
        ]
        let stale = [DataVersionFilterIB(endpoint: 0, cluster: 0x28, dataVersion: 41)]
        let current = [DataVersionFilterIB(endpoint: 0, cluster: 0x28, dataVersion: 42)]
        #expect(Self.reader.reports(for: paths, filters: stale).count > 1)
        #expect(Self.reader.reports(for: paths, filters: current).isEmpty)
    }
}
