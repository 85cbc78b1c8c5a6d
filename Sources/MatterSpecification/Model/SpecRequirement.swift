/// What a device type requires: a server or client cluster with its conformance, and inside it the features,
/// attributes, commands and events the device type makes mandatory (or constrains) beyond the cluster's own rules.
public struct SpecRequirement: Hashable, Sendable {
    public enum Element: String, Hashable, Sendable {
        case serverCluster
        case clientCluster
        case feature
        case attribute
        case command
        case event
    }

    /// The cluster's ID, for a cluster requirement.
    public var id: UInt32?
    /// The cluster's name, or the element's: a feature by its name in capitals (`LIGHTING`, `HUESATURATION`).
    public var name: String
    public var element: Element
    /// `nil` when the requirement only constrains (a cluster listed only for its `DeviceTypeList`, an attribute's
    /// range) and does not change the conformance.
    public var conformance: String?
    public var constraint: String?
    public var `default`: SpecValue?
    public var children: [SpecRequirement]

    public init(
        id: UInt32? = nil, name: String, element: Element, conformance: String? = nil, constraint: String? = nil,
        default: SpecValue? = nil, children: [SpecRequirement] = []
    ) {
        self.id = id
        self.name = name
        self.element = element
        self.conformance = conformance
        self.constraint = constraint
        self.default = `default`
        self.children = children
    }
}
