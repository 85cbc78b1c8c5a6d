/// The global attributes every cluster instance carries (Matter Core Specification 7.13).
///
/// EventList (0xFFFA) is left out, as Matter 1.3 and later allow and the CHIP SDK does.
public enum GlobalAttributes {
    public static let generatedCommandList: AttributeID = 0xFFF8
    public static let acceptedCommandList: AttributeID = 0xFFF9
    /// Not emitted by mhub; kept so paths to it can be recognised.
    public static let eventList: AttributeID = 0xFFFA
    public static let attributeList: AttributeID = 0xFFFB
    public static let featureMap: AttributeID = 0xFFFC
    public static let clusterRevision: AttributeID = 0xFFFD

    /// The global attributes mhub emits, in ID order.
    public static let definitions: [AttributeDefinition] = [
        AttributeDefinition(id: generatedCommandList, name: "generatedCommandList", type: .list, default: .list([])),
        AttributeDefinition(id: acceptedCommandList, name: "acceptedCommandList", type: .list, default: .list([])),
        AttributeDefinition(id: attributeList, name: "attributeList", type: .list, default: .list([])),
        AttributeDefinition(id: featureMap, name: "featureMap", type: .bitmap32, default: .unsigned(0)),
        AttributeDefinition(
            id: clusterRevision, name: "clusterRevision", type: .uint16, range: 1...0xFFFF, default: .unsigned(1)),
    ]

    /// The global attributes' values for an instance of `cluster`.
    ///
    /// AttributeList is every attribute the definition has plus these globals, in ID order.
    public static func values(for cluster: ClusterDefinition) -> [AttributeID: AttributeValue] {
        [
            generatedCommandList: .list(cluster.generatedCommandIDs.map { .unsigned(UInt64($0)) }),
            acceptedCommandList: .list(cluster.acceptedCommandIDs.map { .unsigned(UInt64($0)) }),
            attributeList: .list(cluster.attributeIDs.map { .unsigned(UInt64($0)) }),
            featureMap: .unsigned(UInt64(cluster.featureMap)),
            clusterRevision: .unsigned(UInt64(cluster.revision)),
        ]
    }
}
