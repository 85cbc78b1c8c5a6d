/// A server cluster as a device template places it: a definition and the values that differ from its defaults.
public struct ClusterTemplate: Hashable, Sendable {
    public var definition: ClusterDefinition
    /// Values replacing defaults; entries for attributes the definition lacks are ignored.
    public var overrides: [AttributeID: AttributeValue]

    public init(_ definition: ClusterDefinition, overrides: [AttributeID: AttributeValue] = [:]) {
        self.definition = definition
        self.overrides = overrides
    }

    /// The cluster's data: every attribute at its default or override, plus the global attributes.
    public func makeData() -> ClusterData {
        var values: [AttributeID: AttributeValue] = [:]
        for attribute in definition.attributes {
            values[attribute.id] = overrides[attribute.id] ?? attribute.default
        }
        values.merge(GlobalAttributes.values(for: definition)) { _, global in global }
        return ClusterData(id: definition.id, attributes: values)
    }
}
