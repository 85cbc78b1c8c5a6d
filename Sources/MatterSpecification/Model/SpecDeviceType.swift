/// A device type as the Matter specification defines it (Device Library Specification): its revision, class and
/// category, the conditions it may declare, and what it requires of the clusters on its endpoint.
public struct SpecDeviceType: Hashable, Sendable {
    /// The Device Library's classes (Device Library 1.1.5).
    public enum Classification: String, Hashable, Sendable {
        /// The base device type every other one extends.
        case base
        /// The root node's device type, on endpoint 0.
        case node
        /// A device an endpoint is (a light, a sensor).
        case simple
        /// A utility device type beside another one (Power Source, Bridged Node, OTA requestor).
        case utility
    }

    /// `nil` for the base device type.
    public var id: UInt32?
    /// The specification's name without spaces: `ExtendedColorLight`, `RootNode`.
    public var name: String
    /// The revision the device type's `DeviceTypeList` entry carries in this version of the specification.
    public var revision: UInt16?
    public var classification: Classification
    /// The Device Library's chapter: `Lighting`, `Sensor`, `Closure`, `HVAC`.
    public var category: String?
    /// The device type it extends, if any.
    public var base: String?
    public var section: String?
    /// The conditions it defines, which conformance expressions may name (Device Library 1.1.3 for the base).
    public var conditions: [String]
    /// Its cluster requirements; each may narrow the cluster's features, attributes, commands and events.
    public var requirements: [SpecRequirement]

    public init(
        id: UInt32? = nil, name: String, revision: UInt16? = nil, classification: Classification,
        category: String? = nil, base: String? = nil, section: String? = nil, conditions: [String] = [],
        requirements: [SpecRequirement] = []
    ) {
        self.id = id
        self.name = name
        self.revision = revision
        self.classification = classification
        self.category = category
        self.base = base
        self.section = section
        self.conditions = conditions
        self.requirements = requirements
    }
}
