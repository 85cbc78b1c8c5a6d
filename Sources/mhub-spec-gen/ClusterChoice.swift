import MatterDataModel

/// One server cluster as mhub implements it, in the terms the specification leaves open: which features, which
/// optional elements, and the values a real product of that kind reports. Everything else (IDs, types, access,
/// nullability, constraints, the mandatory elements under those features, revisions) comes from the specification's
/// tables; `ClusterDefinitionBuilder` makes the definition.
struct ClusterChoice {
    /// The definition's Swift name: `ClusterDefinition.onOff`.
    var name: String
    /// The specification's name of the cluster: `OnOff`.
    var cluster: String
    /// The feature codes the cluster declares: `LT`.
    var features: [String] = []
    /// The optional attributes and commands it has besides the mandatory ones, by specification name.
    var optional: [String] = []
    /// Attributes the specification lets a product make writable (`R[W]`) that this one does.
    var writable: [String] = []
    /// Values the cluster starts with, by attribute name, where the specification gives none or a product differs.
    var defaults: [String: AttributeValue] = [:]
    /// Constraints the specification writes in words or by other attributes, as numbers (`MinLevel to MaxLevel` is
    /// 1 to 254 on a light), by attribute or `Command.Field` name.
    var ranges: [String: ClosedRange<Int64>] = [:]
    /// String and octet-string lengths the specification gives in words, by `Command.Field` name.
    var lengths: [String: Int] = [:]
    /// Conditions the conformance reads besides the cluster's own names.
    var conditions: Set<String> = []
    /// The definition's documentation: what the choices are and why.
    var notes: [String] = []
}
